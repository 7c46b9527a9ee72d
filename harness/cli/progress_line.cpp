#include "cli/progress_line.h"

#include <unistd.h>

#include <cstdio>

namespace maskcheck::cli {

namespace {

std::chrono::milliseconds interval(bool terminal) {
  return terminal ? std::chrono::milliseconds(250) : std::chrono::milliseconds(10000);
}

}  // namespace

std::string time_left(double seconds_so_far, const Progress& progress) {
  if (progress.cost_done == 0 || progress.cost_done >= progress.cost) return {};
  const double left = seconds_so_far * static_cast<double>(progress.cost - progress.cost_done) /
                      static_cast<double>(progress.cost_done);
  char text[32];
  if (left < 120) {
    std::snprintf(text, sizeof text, "about %.0f s left", left);
  } else {
    std::snprintf(text, sizeof text, "about %.0f min left", left / 60);
  }
  return text;
}

ProgressLine::ProgressLine(std::string label)
    : label_(std::move(label)),
      terminal_(isatty(STDERR_FILENO) != 0),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

void ProgressLine::update(const Progress& progress) {
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ < interval(terminal_)) return;
  last_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double percent = progress.cases == 0 ? 100.0
                                             : 100.0 * static_cast<double>(progress.cases_done) /
                                                   static_cast<double>(progress.cases);
  const std::string left = time_left(seconds, progress);
  const std::string stage = stage_.empty() ? "" : " (" + stage_ + ")";
  // A run of unknown length (fuzzing) counts its cases without a total.
  char count[64];
  if (progress.cases == 0) {
    std::snprintf(count, sizeof count, "%llu cases",
                  static_cast<unsigned long long>(progress.cases_done));
  } else {
    std::snprintf(count, sizeof count, "%llu/%llu cases (%.0f%%)",
                  static_cast<unsigned long long>(progress.cases_done),
                  static_cast<unsigned long long>(progress.cases), percent);
  }
  std::fprintf(stderr, "%s%s%s: %s, %.0f cases/s%s%s%s", terminal_ ? "\r" : "", label_.c_str(),
               stage.c_str(), count, static_cast<double>(progress.cases_done) / seconds,
               left.empty() ? "" : ", ", left.c_str(), terminal_ ? "\x1b[K" : "\n");
  std::fflush(stderr);
  drawn_ = true;
}

void ProgressLine::finish() {
  if (drawn_ && terminal_) std::fprintf(stderr, "\r\x1b[K");
}

}  // namespace maskcheck::cli
