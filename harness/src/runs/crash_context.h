// Names the case each thread is running, so a sanitizer's report carries the case id and a repro
// line instead of a bare stack, and the hang watchdog can name a case that never returns.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "core/case_name.h"

namespace maskcheck {

// The line that replays a case from its id, written by the room whose cases these are: the
// runners name the case; how to run it again is not theirs to know.
using ReproLine = std::string (*)(std::string_view case_id);

// Marks one case in flight on the calling thread for the scope's lifetime.
class CrashContext {
 public:
  // Registers the sanitizer death callback once; `name` must outlive the scope.
  CrashContext(const CaseName& name, ReproLine repro_line);
  ~CrashContext();
  CrashContext(const CrashContext&) = delete;
  CrashContext& operator=(const CrashContext&) = delete;
};

// A case in flight: its id and the line that replays it.
struct CaseInFlight {
  std::string id;
  std::string repro_line;
};

// The case in flight on the calling thread.
CaseInFlight current_case();

// What the hang watchdog sees of one thread that runs cases.
struct CaseThreadView {
  std::size_t slot = 0;       // stable while the thread lives
  std::uint64_t started = 0;  // cases it has started: a count that stops moving is stuck
  bool in_flight = false;     // inside a case right now
};

// Visits every thread that runs cases. `case_in_slot` then names a slot's case; call it only for
// a thread that has been stuck in one case (the id's storage lives as long as the case). Both give
// an empty id between cases.
void for_each_case_thread(const std::function<void(const CaseThreadView&)>& visit);
CaseInFlight case_in_slot(std::size_t slot);

// The most threads that can run cases at once.
inline constexpr std::size_t kMaxCaseThreads = 256;

}  // namespace maskcheck
