// Runtime CPU detection, so SIMD kernels are compiled in always and run only where the CPU can.
// Each check exists only on the architecture its kernel is built for.
#pragma once

namespace maskcheck {

#if defined(__x86_64__)
// True when the CPU has AVX2 and the OS saves the 256-bit registers.
bool cpu_has_avx2();

// True when the CPU has AVX512F and the OS saves the 512-bit and mask registers.
bool cpu_has_avx512f();
#endif

#if defined(__aarch64__)
// True when the CPU has Advanced SIMD (NEON), as the kernel reports it.
bool cpu_has_neon();
#endif

}  // namespace maskcheck
