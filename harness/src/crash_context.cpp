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
const std::string* current_id = nullptr;

[[maybe_unused]] void report_current_case() {
  if (current_case == nullptr && current_id == nullptr) return;
  const std::string id = current_id ? *current_id : case_id(current_kernel, *current_case);
  std::fprintf(stderr,
               "maskcheck: the process died in case %s\nmaskcheck: repro: maskcheck repro %s\n",
               id.c_str(), id.c_str());
}

void register_death_callback() {
#if defined(MASKCHECK_HAS_ASAN)
  static std::once_flag once;
  std::call_once(once, [] { __sanitizer_set_death_callback(report_current_case); });
#endif
}

}  // namespace

CrashContext::CrashContext(std::string_view kernel, const TestCase& test_case) {
  register_death_callback();
  current_kernel = kernel;
  current_case = &test_case;
}

CrashContext::CrashContext(const std::string& case_id) {
  register_death_callback();
  current_id = &case_id;
}

CrashContext::~CrashContext() {
  current_case = nullptr;
  current_id = nullptr;
}

}  // namespace maskcheck
