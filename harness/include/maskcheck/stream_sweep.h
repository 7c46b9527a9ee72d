// Runs the stream differ over the split space and over the named stream catalogue.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "maskcheck/kernel.h"
#include "maskcheck/parser_session.h"
#include "maskcheck/split_space.h"
#include "maskcheck/stream_differ.h"
#include "maskcheck/sweep.h"

namespace maskcheck {

struct StreamSweepResult {
  std::string name;
  std::uint64_t cases = 0;  // parser runs, one per split or named stream
  std::uint64_t failed_cases = 0;
  double seconds = 0;
  bool stopped_early = false;
  std::vector<StreamFailure> failures;
};

StreamSweepResult run_split_sweep(const Kernel& kernel, const ParserMaker& parser,
                                  const SplitPlan& plan, const SweepOptions& options);

std::optional<StreamFailure> check_split(const Kernel& kernel, const ParserMaker& parser,
                                         const SplitCase& split);

}  // namespace maskcheck
