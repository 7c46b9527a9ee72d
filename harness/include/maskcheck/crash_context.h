// Names the case being run when a sanitizer ends the process, so its report carries the
// case id and a repro line instead of a bare stack; the hang watchdog reads it too.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "maskcheck/test_case.h"

namespace maskcheck {

class CrashContext {
 public:
  // Registers the sanitizer death callback once; the arguments must outlive the scope.
  CrashContext(std::string_view kernel, const TestCase& test_case);
  explicit CrashContext(const std::string& case_id);
  ~CrashContext();
  CrashContext(const CrashContext&) = delete;
  CrashContext& operator=(const CrashContext&) = delete;

 private:
  std::string_view kernel_;
};

// How many cases have started so far: a count that stops moving means a case never returned.
std::uint64_t cases_started();

// The id of the case in flight, or "" between cases. From another thread, only while the case's
// thread is stuck in it (the id's storage lives as long as the case).
std::string current_case_id();

}  // namespace maskcheck
