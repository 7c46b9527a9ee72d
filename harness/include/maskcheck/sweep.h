// Drives the differ over the case space for one kernel and entry point.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "maskcheck/case_space.h"
#include "maskcheck/failure.h"
#include "maskcheck/kernel.h"

namespace maskcheck {

struct SweepResult {
  EntryPoint entry = EntryPoint::exact;
  std::uint64_t cases = 0;
  std::uint64_t candidate_calls = 0;
  std::uint64_t failed_cases = 0;
  double seconds = 0;
  bool stopped_early = false;     // hit max_failures before the end of the space
  std::vector<Failure> failures;  // the first max_failures of them
};

struct SweepOptions {
  std::size_t max_failures = 10;
  // Called every few thousand cases with (cases done, cases in total).
  std::function<void(std::uint64_t, std::uint64_t)> on_progress;
  // Set (from a signal handler, say) to end the sweep after the current case.
  const std::atomic<bool>* stop_requested = nullptr;
};

// Called after each case: reports progress every few thousand cases, and says whether to go on
// (not asked to stop, and fewer than max_failures failures).
bool continue_sweep(const SweepOptions& options, std::uint64_t done, std::uint64_t total,
                    std::uint64_t failed);

SweepResult run_sweep(const Kernel& kernel, EntryPoint entry, const CaseSpace& space,
                      const SweepOptions& options);

}  // namespace maskcheck
