// JSON forms of the harness's results, for --json.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "cli/commands.h"
#include "kernels/failure.h"
#include "kernels/sweep.h"
#include "streams/stream_sweep.h"

namespace maskcheck::cli {

nlohmann::json failure_json(const Failure& failure);
nlohmann::json sweep_json(std::string_view kernel, const SweepResult& result);
nlohmann::json stream_failure_json(const StreamFailure& failure);
nlohmann::json stream_sweep_json(const StreamSweepResult& result);

// A command's summary, printed with --json and written as JUnit XML with --junit.
void emit_summary(const RunArguments& run, const std::string& command,
                  const nlohmann::json& summary);

}  // namespace maskcheck::cli
