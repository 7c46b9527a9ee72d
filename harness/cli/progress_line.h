// A progress line on stderr for long sweeps: redrawn in place on a terminal, one line every few
// seconds in a log.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace maskcheck::cli {

class ProgressLine {
 public:
  explicit ProgressLine(std::string label);
  void update(std::uint64_t done, std::uint64_t total);
  void finish();

 private:
  std::string label_;
  bool terminal_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace maskcheck::cli
