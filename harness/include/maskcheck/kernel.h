// A kernel is a named set of the four entry points, so that the reference, impl/ kernels and
// broken kernels in tests/ all plug into the harness the same way.
#pragma once

#include <string_view>

#include "maskcheck/unmask_functions.h"

namespace maskcheck {

struct Kernel {
  std::string_view name;
  std::string_view summary;
  UnmaskFunctions entries;
  // Whether this CPU can run the kernel; portable kernels always can.
  bool (*cpu_supports)() = [] { return true; };
};

}  // namespace maskcheck
