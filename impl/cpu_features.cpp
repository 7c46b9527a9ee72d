#include "maskcheck/cpu_features.h"

namespace maskcheck {

bool cpu_has_avx2() {
  // Needed when this runs before the runtime's own constructor has filled the CPU model in.
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2");
}

}  // namespace maskcheck
