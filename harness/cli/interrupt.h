// Ctrl-C (or SIGTERM) ends a long run after the current case; what ran is still reported.
// A second one ends the process at once.
#pragma once

#include <atomic>

namespace maskcheck::cli {

// Installs the handlers and returns the flag they set.
const std::atomic<bool>& stop_on_interrupt();

}  // namespace maskcheck::cli
