// Where a server's CPU time goes while something runs: `perf record -e cpu-clock` on its PID
// (sampling works on these machines, hardware counters do not), then `perf report` by symbol. For a
// stripped binary the "symbols" are its hot addresses, which still show how much one loop takes.
#pragma once

#include <sys/types.h>

#include <functional>
#include <regex>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace maskcheck::wire {

struct PerfShare {
  double matching_percent = 0;  // of all samples, in symbols the pattern matches
  std::vector<std::pair<std::string, double>> top;  // the hottest symbols and their percent
};

std::variant<PerfShare, std::string> sample_process(pid_t pid, const std::regex& pattern,
                                                    const std::function<void()>& during);

}  // namespace maskcheck::wire
