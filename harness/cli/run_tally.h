// What a sweep command ran: its closing lines, JSON summary fields and exit code, shared by
// sweep, split and stream.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/kernel.h"

namespace maskcheck::cli {

struct RunTally {
  std::uint64_t cases = 0;
  std::uint64_t failed = 0;
  std::vector<std::string> skipped;  // kernels this CPU cannot run
  bool interrupted = false;
  std::vector<std::string> missing;  // required kernels among the skipped: a failure
  std::vector<std::string> unfit;    // split and stream: kernels the parser cannot run on

  // Turns the skip of any required kernel into a failure.
  void require(const std::vector<std::string>& required);

  // result, interrupted, cases, failed_cases, skipped_kernels; the caller adds its sweeps.
  nlohmann::json json_summary() const;
  // Skipped kernels, an interruption, then "PASS: N cases, 0 failed" (or FAIL, INTERRUPTED).
  void print_closing_lines() const;
  int exit_code() const;
};

// The kernels named on the command line (none named: every kernel, plug-ins too), checking that
// each --require names one of them.
std::string resolve_kernels(const std::vector<std::string>& names,
                            const std::vector<std::string>& required,
                            std::vector<const Kernel*>& kernels);

// A sweep's rate for the tables and the JSON; 0 for a sweep too short to time.
inline double cases_per_second(std::uint64_t cases, double seconds) {
  return seconds > 0 ? static_cast<double>(cases) / seconds : 0.0;
}

// Wide enough for every kernel name, plug-ins included, and at least 10: the tables' first column.
int kernel_column_width();

}  // namespace maskcheck::cli
