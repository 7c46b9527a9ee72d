// Drives the differ over the case space for one kernel and entry point.
#pragma once

#include <cstdint>
#include <vector>

#include "maskcheck/case_runner.h"
#include "maskcheck/case_space.h"
#include "maskcheck/failure.h"
#include "maskcheck/kernel.h"

namespace maskcheck {

struct SweepResult : RunOutcome<Failure> {
  EntryPoint entry = EntryPoint::exact;
  std::uint64_t candidate_calls() const { return work; }
};

SweepResult run_sweep(const Kernel& kernel, EntryPoint entry, const CaseSpace& space,
                      const SweepOptions& options);

}  // namespace maskcheck
