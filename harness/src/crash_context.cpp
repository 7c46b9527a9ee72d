#include "maskcheck/crash_context.h"

#include <atomic>
#include <cstdio>
#include <mutex>

#include "maskcheck/kernel_registry.h"
#include "maskcheck/sanitizers.h"

#if defined(MASKCHECK_HAS_ASAN)
#include <sanitizer/common_interface_defs.h>
#endif

// Defined only when libFuzzer is linked in.
extern "C" [[gnu::weak]] int LLVMFuzzerRunDriver(int* argc, char*** argv,
                                                 int (*test_one)(const std::uint8_t*, std::size_t));

namespace maskcheck {

namespace {

// Atomic because the hang watchdog reads them from its own thread.
std::atomic<const std::string_view*> current_kernel{nullptr};
std::atomic<const TestCase*> current_case{nullptr};
std::atomic<const std::string*> current_id{nullptr};
// One writer (the thread running cases), so a plain load and store: no locked add per case.
std::atomic<std::uint64_t> started{0};

void count_case_started() {
  started.store(started.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}

[[maybe_unused]] void report_current_case() {
  const std::string id = current_case_id();
  if (id.empty()) return;
  std::fprintf(stderr, "maskcheck: the process died in case %s\nmaskcheck: repro: %s\n", id.c_str(),
               repro_command(id).c_str());
}

void register_death_callback() {
#if defined(MASKCHECK_HAS_ASAN)
  // The sanitizers keep one death callback; libFuzzer's saves the crashing input, which matters
  // more than the case id (replaying that input without libFuzzer prints the id).
  if (&LLVMFuzzerRunDriver != nullptr) return;
  static std::once_flag once;
  std::call_once(once, [] { __sanitizer_set_death_callback(report_current_case); });
#endif
}

}  // namespace

CrashContext::CrashContext(std::string_view kernel, const TestCase& test_case) : kernel_(kernel) {
  register_death_callback();
  current_kernel.store(&kernel_, std::memory_order_relaxed);
  current_case.store(&test_case, std::memory_order_release);
  count_case_started();
}

CrashContext::CrashContext(const std::string& case_id) {
  register_death_callback();
  current_id.store(&case_id, std::memory_order_release);
  count_case_started();
}

CrashContext::~CrashContext() {
  current_case.store(nullptr, std::memory_order_relaxed);
  current_id.store(nullptr, std::memory_order_relaxed);
}

std::uint64_t cases_started() {
  return started.load(std::memory_order_relaxed);
}

std::string current_case_id() {
  if (const std::string* id = current_id.load(std::memory_order_acquire)) return *id;
  if (const TestCase* test_case = current_case.load(std::memory_order_acquire)) {
    return case_id(*current_kernel.load(std::memory_order_relaxed), *test_case);
  }
  return "";
}

}  // namespace maskcheck
