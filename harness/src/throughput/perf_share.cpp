#include "throughput/perf_share.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>

namespace maskcheck::wire {

namespace {

constexpr std::size_t kTop = 5;
constexpr std::uint64_t kLoopGap = 128;  // bytes between two hot addresses of one loop

std::string run_output(const std::string& command) {
  std::string out;
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) return out;
  char chunk[4096];
  while (std::size_t n = std::fread(chunk, 1, sizeof chunk, pipe.get())) out.append(chunk, n);
  return out;
}

}  // namespace

std::variant<PerfShare, std::string> sample_process(pid_t pid, const std::regex& pattern,
                                                    const std::function<void()>& during) {
  const std::filesystem::path data = std::filesystem::temp_directory_path() /
                                     ("maskcheck-perf-" + std::to_string(getpid()) + ".data");
  const std::string target = std::to_string(pid);
  const std::string output = data.string();
  const pid_t recorder = fork();
  if (recorder < 0) return std::string("fork failed");
  if (recorder == 0) {
    execlp("perf", "perf", "record", "-q", "-e", "cpu-clock", "-F", "4999", "-p", target.c_str(),
           "-o", output.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  usleep(300'000);  // perf attaches
  during();
  kill(recorder, SIGINT);
  int status = 0;
  waitpid(recorder, &status, 0);
  if (!std::filesystem::exists(data))
    return std::string("perf record wrote nothing (is perf installed?)");
  const std::string report = run_output("perf report -i '" + output +
                                        "' --stdio -q --sort sym --percent-limit 0.1 2>/dev/null");
  std::filesystem::remove(data);
  PerfShare share;
  std::vector<std::pair<std::string, double>> symbols;
  std::vector<std::pair<std::uint64_t, double>> addresses;  // a stripped binary's samples
  // "    42.15%  [.] maskcheck::block::unmask_words", or "     4.0%  [.] 0x00000000033b5dae"
  static const std::regex kLine(R"(^\s*([0-9.]+)%\s+\[[^\]]*\]\s+(.*\S)\s*$)");
  static const std::regex kAddress(R"(^0x([0-9a-f]+)$)");
  std::size_t at = 0;
  while (at < report.size()) {
    const std::size_t end = report.find('\n', at);
    const std::string line =
        report.substr(at, end == std::string::npos ? std::string::npos : end - at);
    at = end == std::string::npos ? report.size() : end + 1;
    std::smatch match;
    if (!std::regex_match(line, match, kLine)) continue;
    const double percent = std::stod(match[1].str());
    const std::string symbol = match[2].str();
    std::smatch address;
    if (std::regex_match(symbol, address, kAddress)) {
      addresses.emplace_back(std::stoull(address[1].str(), nullptr, 16), percent);
      continue;
    }
    if (std::regex_search(symbol, pattern)) share.matching_percent += percent;
    symbols.emplace_back(symbol, percent);
  }
  // Neighbouring hot addresses are one loop: each run of them (no gap over kLoopGap) one entry.
  std::sort(addresses.begin(), addresses.end());
  for (std::size_t i = 0; i < addresses.size();) {
    std::size_t j = i;
    double percent = 0;
    while (j < addresses.size() &&
           (j == i || addresses[j].first - addresses[j - 1].first <= kLoopGap))
      percent += addresses[j++].second;
    char name[80];
    std::snprintf(name, sizeof name, "code at %#llx..%#llx (stripped)",
                  static_cast<unsigned long long>(addresses[i].first),
                  static_cast<unsigned long long>(addresses[j - 1].first));
    symbols.emplace_back(name, percent);
    i = j;
  }
  std::sort(symbols.begin(), symbols.end(),
            [](const auto& a, const auto& b) { return a.second > b.second; });
  symbols.resize(std::min(symbols.size(), kTop));
  share.top = std::move(symbols);
  if (share.top.empty()) return std::string("perf report found no samples of the server");
  return share;
}

}  // namespace maskcheck::wire
