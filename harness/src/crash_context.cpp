#include "maskcheck/crash_context.h"

#include <cstdio>
#include <mutex>

#include "maskcheck/sanitizers.h"

#if defined(MASKCHECK_HAS_ASAN)
#include <sanitizer/common_interface_defs.h>
#endif

namespace maskcheck {

namespace {

std::string_view current_kernel;
const TestCase* current_case = nullptr;

[[maybe_unused]] void report_current_case() {
  if (current_case == nullptr) return;
  const std::string id = case_id(current_kernel, *current_case);
  std::fprintf(stderr,
               "maskcheck: the process died in case %s\nmaskcheck: repro: maskcheck repro %s\n",
               id.c_str(), id.c_str());
}

}  // namespace

CrashContext::CrashContext(std::string_view kernel, const TestCase& test_case) {
#if defined(MASKCHECK_HAS_ASAN)
  static std::once_flag once;
  std::call_once(once, [] { __sanitizer_set_death_callback(report_current_case); });
#endif
  current_kernel = kernel;
  current_case = &test_case;
}

CrashContext::~CrashContext() {
  current_case = nullptr;
}

}  // namespace maskcheck
