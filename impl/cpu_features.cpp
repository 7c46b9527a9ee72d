#include "maskcheck/cpu_features.h"

#if defined(__aarch64__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#endif

namespace maskcheck {

#if defined(__x86_64__)
bool cpu_has_avx2() {
  // Needed when this runs before the runtime's own constructor has filled the CPU model in.
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2");
}

bool cpu_has_avx512f() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f");
}
#endif

#if defined(__aarch64__)
bool cpu_has_neon() {
  // The base AArch64 ABI has it, but asking costs nothing and names the feature checked.
  return (getauxval(AT_HWCAP) & HWCAP_ASIMD) != 0;
}
#endif

}  // namespace maskcheck
