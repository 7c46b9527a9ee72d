#include "maskcheck/hang_watchdog.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "maskcheck/crash_context.h"
#include "maskcheck/kernel_registry.h"

namespace maskcheck {

void watch_for_hangs(unsigned seconds, int exit_code) {
  if (seconds == 0) return;
  std::thread([seconds, exit_code] {
    using Clock = std::chrono::steady_clock;
    const auto limit = std::chrono::seconds(seconds);
    std::uint64_t last_count = cases_started();
    auto last_change = Clock::now();
    for (;;) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      const std::uint64_t count = cases_started();
      if (count != last_count) {
        last_count = count;
        last_change = Clock::now();
        continue;
      }
      if (Clock::now() - last_change < limit) continue;
      const std::string id = current_case_id();
      if (id.empty()) continue;  // slow between cases (a reference decoding, a report), not stuck
      std::fprintf(stderr,
                   "\nFAIL %s\n  the case has not returned after %u s: the code under test hangs\n"
                   "  repro: %s\n",
                   id.c_str(), seconds, repro_command(id).c_str());
      std::fflush(stderr);
      std::_Exit(exit_code);  // the stuck thread cannot be unwound
    }
  }).detach();
}

}  // namespace maskcheck
