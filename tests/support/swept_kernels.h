// Which kernels the sweeps (unmask, split, stream, and the teeth's broken kernels) run here, and
// why one is left out. Under the little-endian emulator (aarch64) the portable kernels, whose
// source the native presets sweep on a little-endian CPU, are left to them: the emulated minutes go
// to what only it can run, the NEON kernel and its broken twin. The big-endian emulator (s390x)
// sweeps them all: there they are the byte-order check, and its teeth prove the emulation case
// space's reach.
#pragma once

#include <bit>
#include <string>

#include "core/kernel.h"

namespace maskcheck {

// Empty when KERNEL is swept on a CPU that runs it; otherwise the reason to give GTEST_SKIP.
// LITTLE_ENDIAN_EMULATOR: the tests run under the little-endian emulator.
inline std::string why_not_swept(const Kernel& kernel, bool little_endian_emulator) {
  if (!kernel.runs_here()) return std::string(kernel.name) + " does not run on this CPU";
  const bool portable = kernel.cpu_supports == nullptr;
  if (portable && little_endian_emulator)
    return std::string(kernel.name) + " is portable: the native presets sweep it little-endian";
  return {};
}

#ifdef MASKCHECK_EMULATED
inline constexpr bool kLittleEndianEmulator = std::endian::native == std::endian::little;
#else
inline constexpr bool kLittleEndianEmulator = false;
#endif

inline std::string why_not_swept_here(const Kernel& kernel) {
  return why_not_swept(kernel, kLittleEndianEmulator);
}

// In a test body: skips the test when KERNEL is not swept here, giving the reason.
#define MASKCHECK_SKIP_UNLESS_SWEPT_HERE(kernel)                                     \
  if (const std::string why = ::maskcheck::why_not_swept_here(kernel); !why.empty()) \
  GTEST_SKIP() << why

}  // namespace maskcheck
