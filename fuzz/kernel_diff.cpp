// Fuzz target: one case with a fuzzer-chosen payload, every kernel under fuzz against the
// reference, in the differ's guarded buffers.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "fuzz_failure.h"
#include "fuzz_kernels.h"
#include "kernel_input.h"
#include "kernels/differ.h"

namespace {

using namespace maskcheck;

// One differ per runnable kernel, made once: the arenas are the expensive part.
std::vector<std::unique_ptr<Differ>>& differs() {
  static std::vector<std::unique_ptr<Differ>> all = [] {
    std::vector<std::unique_ptr<Differ>> made;
    for (const Kernel* kernel : fuzz::kernels_under_fuzz()) {
      made.push_back(
          std::make_unique<Differ>(*kernel, fuzz::kMaxFuzzLength, fuzz::widest_shift(*kernel)));
    }
    return made;
  }();
  return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fuzz::KernelInput input = fuzz::read_kernel_input({data, size});
  for (const auto& differ : differs()) {
    const TestCase c = fuzz::case_for(differ->kernel(), input);
    if (auto failure = differ->check_in(input.placement, c, input.payload)) {
      const std::string cause = "kernel_diff: " + std::string(differ->kernel_name()) + " " +
                                c.entry->name + " " + std::string(failure_kind_name(failure->kind));
      // The repro line replays the case with maskcheck's own payload; this input replays it
      // exactly.
      fuzz::report_and_abort(cause, format_failure(*failure));
    }
  }
  return 0;
}
