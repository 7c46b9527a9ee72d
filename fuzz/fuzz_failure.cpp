#include "fuzz_failure.h"

#include <cstdio>
#include <cstdlib>

namespace maskcheck::fuzz {

void report_and_abort(std::string_view cause, std::string_view report) {
  std::fprintf(stderr, "maskcheck-fuzz: %.*s\n%.*s", static_cast<int>(cause.size()), cause.data(),
               static_cast<int>(report.size()), report.data());
  std::fflush(stderr);
  std::abort();
}

}  // namespace maskcheck::fuzz
