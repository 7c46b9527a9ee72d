// Names the case being run when a sanitizer ends the process, so its report carries the
// case id and a repro line instead of a bare stack.
#pragma once

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
};

}  // namespace maskcheck
