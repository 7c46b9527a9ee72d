// Drives the differ over the case space for one kernel and entry point.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/kernel.h"
#include "kernels/case_space.h"
#include "kernels/failure.h"
#include "runs/case_runner.h"

namespace maskcheck {

struct SweepResult : RunOutcome<Failure> {
  std::string_view entry;  // the entry point's name
  std::uint64_t candidate_calls() const { return work; }
};

SweepResult run_sweep(const Kernel& kernel, const Entry& entry, const CaseSpace& space,
                      const SweepOptions& options);

}  // namespace maskcheck
