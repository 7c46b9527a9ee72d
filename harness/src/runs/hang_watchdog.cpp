#include "runs/hang_watchdog.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "runs/crash_context.h"

namespace maskcheck {

namespace {

using Clock = std::chrono::steady_clock;

// What the watchdog last saw of one case thread.
struct Sighting {
  std::uint64_t started = 0;
  Clock::time_point since;  // when `started` last moved
};

}  // namespace

void watch_for_hangs(unsigned seconds, int exit_code) {
  if (seconds == 0) return;
  std::thread([seconds, exit_code] {
    const auto limit = std::chrono::seconds(seconds);
    // A few looks per limit: a case is reported between `limit` and 1.25 `limit` after it
    // started, and a run shorter than a look costs no wake-up at all.
    const auto look_every = std::max<Clock::duration>(limit / 4, std::chrono::milliseconds(100));
    std::array<Sighting, kMaxCaseThreads> seen{};
    for (Sighting& sighting : seen) sighting.since = Clock::now();
    for (;;) {
      std::this_thread::sleep_for(look_every);
      const auto now = Clock::now();
      std::size_t stuck = kMaxCaseThreads;
      for_each_case_thread([&](const CaseThreadView& thread) {
        Sighting& sighting = seen[thread.slot];
        if (thread.started != sighting.started || !thread.in_flight) {
          sighting = {thread.started, now};
        } else if (now - sighting.since >= limit) {
          stuck = thread.slot;
        }
      });
      if (stuck == kMaxCaseThreads) continue;
      const CaseInFlight stuck_case = case_in_slot(stuck);
      if (stuck_case.id.empty()) continue;  // it returned just now
      std::fprintf(stderr,
                   "\nFAIL %s\n  the case has not returned after %u s: the code under test hangs\n"
                   "  repro: %s\n",
                   stuck_case.id.c_str(), seconds, stuck_case.repro_line.c_str());
      std::fflush(stderr);
      std::_Exit(exit_code);  // the stuck thread cannot be unwound
    }
  }).detach();
}

}  // namespace maskcheck
