#include "maskcheck/sweep.h"

#include <algorithm>
#include <chrono>

#include "maskcheck/differ.h"

namespace maskcheck {

namespace {

constexpr std::uint64_t kProgressEvery = 4096;

std::size_t longest(const CaseSpace& space) {
  std::size_t longest = 0;
  for (std::size_t n : space.lengths) longest = std::max(longest, n);
  for (std::size_t n : space.large_lengths) longest = std::max(longest, n);
  return longest;
}

unsigned widest_shift(const CaseSpace& space) {
  unsigned widest = 0;
  for (unsigned shift : space.shifts) widest = std::max(widest, shift);
  return widest;
}

}  // namespace

bool continue_sweep(const SweepOptions& options, std::uint64_t done, std::uint64_t total,
                    std::uint64_t failed) {
  if (options.on_progress && done % kProgressEvery == 0) options.on_progress(done, total);
  const bool stop =
      options.stop_requested && options.stop_requested->load(std::memory_order_relaxed);
  return !stop && failed < options.max_failures;
}

SweepResult run_sweep(const Kernel& kernel, EntryPoint entry, const CaseSpace& space,
                      const SweepOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t total = options.on_progress ? count_cases(entry, space) : 0;
  Differ differ(kernel, longest(space), widest_shift(space));
  SweepResult result;
  result.entry = entry;
  const bool finished = for_each_case(entry, space, [&](const TestCase& c) {
    if (auto failure = differ.check(c)) {
      ++result.failed_cases;
      result.failures.push_back(std::move(*failure));
    }
    return continue_sweep(options, ++result.cases, total, result.failed_cases);
  });
  result.stopped_early = !finished;
  result.candidate_calls = differ.candidate_calls();
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace maskcheck
