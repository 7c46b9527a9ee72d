// Runtime CPU detection, so SIMD kernels are compiled in always and run only where the CPU can.
#pragma once

namespace maskcheck {

// True when the CPU has AVX2 and the OS saves the 256-bit registers.
bool cpu_has_avx2();

}  // namespace maskcheck
