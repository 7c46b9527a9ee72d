#include "kernels/sweep.h"

#include "kernels/differ.h"

namespace maskcheck {

namespace {

// About a millisecond of cases per chunk: a case costs its length plus a fixed overhead, once per
// placement it runs in (so that cost tracks time, and the progress line's time left with it).
constexpr std::uint64_t kChunkCost = std::uint64_t{3} << 20;
constexpr std::uint64_t kCaseOverhead = 512;

std::uint64_t cost_of(const TestCase& c) {
  return placements_checked(c) * (c.length + kCaseOverhead);
}

// One per thread: the differ owns the arena and the reference's scratch bytes.
struct DifferChecker {
  Differ differ;
  std::optional<Failure> operator()(const TestCase& c) { return differ.check(c); }
  std::uint64_t work() const { return differ.candidate_calls(); }
};

}  // namespace

SweepResult run_sweep(const Kernel& kernel, const Entry& entry, const CaseSpace& space,
                      const SweepOptions& options) {
  const std::size_t max_length = longest_length(space);
  const auto max_shift = static_cast<unsigned>(widest_shift(space));
  return {run_cases<Failure>([&](const auto& visit) { return for_each_case(entry, space, visit); },
                             cost_of, kChunkCost,
                             [&] { return DifferChecker{Differ(kernel, max_length, max_shift)}; },
                             options),
          entry.name};
}

}  // namespace maskcheck
