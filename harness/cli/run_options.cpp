#include "cli/run_options.h"

#include <sched.h>

#include <charconv>

#include "cli/junit_report.h"

namespace maskcheck::cli {

namespace {

bool parse_unsigned(std::string_view text, unsigned& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && error == std::errc{} && end == text.data() + text.size();
}

}  // namespace

unsigned usable_cores() {
  cpu_set_t cores;
  if (sched_getaffinity(0, sizeof cores, &cores) != 0) return 1;
  return std::max(1, CPU_COUNT(&cores));
}

std::string apply_run_arguments(const RunArguments& arguments, SweepOptions& options) {
  options.max_failures = arguments.max_failures;
  options.jobs = arguments.jobs == 0 ? std::min(usable_cores(), kMaxJobs) : arguments.jobs;
  if (std::string error = check_junit_path(arguments.junit); !error.empty()) return error;
  if (arguments.shard.empty()) return {};
  const std::string usage = "--shard must be K/N with 1 <= K <= N, not '" + arguments.shard + "'";
  const std::size_t slash = arguments.shard.find('/');
  unsigned k = 0;
  unsigned n = 0;
  if (slash == std::string::npos ||
      !parse_unsigned(std::string_view(arguments.shard).substr(0, slash), k) ||
      !parse_unsigned(std::string_view(arguments.shard).substr(slash + 1), n) || k == 0 || k > n) {
    return usage;
  }
  options.shard = {k - 1, n};
  return {};
}

}  // namespace maskcheck::cli
