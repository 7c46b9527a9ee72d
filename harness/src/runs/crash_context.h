// Names the case each thread is running, so a sanitizer's report carries the case id and a repro
// line instead of a bare stack, and the hang watchdog can name a case that never returns.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "core/case_name.h"

namespace maskcheck {

// Marks one case in flight on the calling thread for the scope's lifetime.
class CrashContext {
 public:
  // Registers the sanitizer death callback once; `name` must outlive the scope.
  explicit CrashContext(const CaseName& name);
  ~CrashContext();
  CrashContext(const CrashContext&) = delete;
  CrashContext& operator=(const CrashContext&) = delete;
};

// The id of the case in flight on the calling thread, or "" between cases.
std::string current_case_id();

// What the hang watchdog sees of one thread that runs cases.
struct CaseThreadView {
  std::size_t slot = 0;       // stable while the thread lives
  std::uint64_t started = 0;  // cases it has started: a count that stops moving is stuck
  bool in_flight = false;     // inside a case right now
};

// Visits every thread that runs cases. `case_id_in_slot` then names a slot's case; call it only
// for a thread that has been stuck in one case (the id's storage lives as long as the case).
void for_each_case_thread(const std::function<void(const CaseThreadView&)>& visit);
std::string case_id_in_slot(std::size_t slot);

// The most threads that can run cases at once.
inline constexpr std::size_t kMaxCaseThreads = 256;

}  // namespace maskcheck
