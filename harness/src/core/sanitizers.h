// What the build was instrumented with, and ASan's shadow poisoning where it exists.
#pragma once

#include <cstddef>

#if defined(__SANITIZE_ADDRESS__)
#define MASKCHECK_HAS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MASKCHECK_HAS_ASAN 1
#endif
#endif

#if defined(MASKCHECK_HAS_ASAN)
#include <sanitizer/asan_interface.h>
#endif

namespace maskcheck {

#if defined(MASKCHECK_HAS_ASAN)
inline constexpr bool kAddressSanitizer = true;
inline void poison(const void* at, std::size_t size) {
  ASAN_POISON_MEMORY_REGION(at, size);
}
inline void unpoison(const void* at, std::size_t size) {
  ASAN_UNPOISON_MEMORY_REGION(at, size);
}
#else
inline constexpr bool kAddressSanitizer = false;
inline void poison(const void*, std::size_t) {}
inline void unpoison(const void*, std::size_t) {}
#endif

}  // namespace maskcheck
