#include "interrupt.h"

#include <csignal>

namespace maskcheck::cli {

namespace {

std::atomic<bool> interrupted{false};

void on_interrupt(int) {
  interrupted.store(true, std::memory_order_relaxed);
}

}  // namespace

const std::atomic<bool>& stop_on_interrupt() {
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  return interrupted;
}

}  // namespace maskcheck::cli
