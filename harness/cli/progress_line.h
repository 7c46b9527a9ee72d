// A progress line on stderr for long sweeps: redrawn in place on a terminal, one line every few
// seconds in a log. It names the stage (a tier, a header size), and the time left, from the cost
// done so far: cost, not cases, tracks time (one 64 MiB case outweighs a million short ones).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "runs/case_runner.h"

namespace maskcheck::cli {

class ProgressLine {
 public:
  explicit ProgressLine(std::string label);
  void set_stage(std::string stage) { stage_ = std::move(stage); }
  void update(const Progress& progress);
  void finish();

 private:
  std::string label_;
  std::string stage_;
  bool terminal_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_;
};

// "about 12 s left", "about 3 min left", or "" when nothing is done yet.
std::string time_left(double seconds_so_far, const Progress& progress);

}  // namespace maskcheck::cli
