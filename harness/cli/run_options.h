// The options sweep, split and stream share, from their arguments to the runner's SweepOptions.
#pragma once

#include <string>

#include "cli/commands.h"
#include "runs/case_runner.h"
#include "runs/crash_context.h"

namespace maskcheck::cli {

// The most worker threads: every one needs a case slot, and the watchdog none.
inline constexpr unsigned kMaxJobs = kMaxCaseThreads - 1;

// Fills jobs, shard and max_failures from the arguments, or says in one line what is wrong.
std::string apply_run_arguments(const RunArguments& arguments, SweepOptions& options);

// The cores this process may run on (its CPU affinity), at least 1.
unsigned usable_cores();

}  // namespace maskcheck::cli
