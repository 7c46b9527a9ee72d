// Runs the stream differ over the split space and over the named stream catalogue.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/parser.h"
#include "kernels/sweep.h"
#include "streams/split_space.h"
#include "streams/stream_differ.h"

namespace maskcheck {

// Its cases are parser runs, one per split or named stream.
struct StreamSweepResult : RunOutcome<StreamFailure> {
  std::string name;
};

// A run's outcome with its name: "block:split:h6:over-key", "hybi13@:stream:default".
StreamSweepResult named_result(std::string name, RunOutcome<StreamFailure> outcome);

StreamSweepResult run_split_sweep(const ParserOnKernel& subject, const SplitPlan& plan,
                                  const SweepOptions& options);

std::optional<StreamFailure> check_split(const ParserOnKernel& subject, const SplitCase& split);

}  // namespace maskcheck
