#include "cli/interrupt.h"

#include <csignal>

namespace maskcheck::cli {

namespace {

std::atomic<bool> interrupted{false};

// A second signal ends the process at once: a run stuck outside a kernel call still stops.
void on_interrupt(int signal_number) {
  if (!interrupted.exchange(true, std::memory_order_relaxed)) return;
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
}

}  // namespace

const std::atomic<bool>& stop_on_interrupt() {
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  return interrupted;
}

}  // namespace maskcheck::cli
