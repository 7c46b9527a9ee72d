#include "progress_line.h"

#include <unistd.h>

#include <cstdio>

namespace maskcheck::cli {

namespace {

std::chrono::milliseconds interval(bool terminal) {
  return terminal ? std::chrono::milliseconds(250) : std::chrono::milliseconds(10000);
}

}  // namespace

ProgressLine::ProgressLine(std::string label)
    : label_(std::move(label)),
      terminal_(isatty(STDERR_FILENO) != 0),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

void ProgressLine::update(std::uint64_t done, std::uint64_t total) {
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ < interval(terminal_)) return;
  last_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double percent =
      total == 0 ? 100.0 : 100.0 * static_cast<double>(done) / static_cast<double>(total);
  std::fprintf(stderr, "%s%s: %llu/%llu cases (%.0f%%), %.0f cases/s%s", terminal_ ? "\r" : "",
               label_.c_str(), static_cast<unsigned long long>(done),
               static_cast<unsigned long long>(total), percent, static_cast<double>(done) / seconds,
               terminal_ ? "\x1b[K" : "\n");
  std::fflush(stderr);
  drawn_ = true;
}

void ProgressLine::finish() {
  if (drawn_ && terminal_) std::fprintf(stderr, "\r\x1b[K");
}

}  // namespace maskcheck::cli
