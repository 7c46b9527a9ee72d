// maskcheck's own four entry points (words, imprecise, inplace, exact) as declared entries: the
// calls adapt an UnmaskFunctions to the plug-in ABI's one signature, and the contracts are the
// plug-in header's MASKCHECK_*_ENTRY. The built-in kernels and broken kernels are declared so.
#pragma once

#include <array>

#include "core/kernel.h"

namespace maskcheck {

template <const UnmaskFunctions& kFunctions>
struct FourEntryCalls {
  static Key key_of(const std::uint8_t* key) { return {key[0], key[1], key[2], key[3]}; }
  static std::uint32_t words(std::uint8_t* dst, const std::uint8_t* src, std::size_t n,
                             std::uint8_t* key, std::uint32_t) {
    kFunctions.words(dst, src, n, key_of(key));
    return 0;
  }
  static std::uint32_t imprecise(std::uint8_t* dst, const std::uint8_t* src, std::size_t n,
                                 std::uint8_t* key, std::uint32_t) {
    kFunctions.imprecise(dst, src, key_of(key), n);
    return 0;
  }
  static std::uint32_t inplace(std::uint8_t* data, const std::uint8_t*, std::size_t n,
                               std::uint8_t* key, std::uint32_t) {
    kFunctions.inplace(data, key_of(key), n);
    return 0;
  }
  static std::uint32_t exact(std::uint8_t* dst, const std::uint8_t* src, std::size_t n,
                             std::uint8_t* key, std::uint32_t phase) {
    return kFunctions.exact(dst, src, n, key_of(key), phase);
  }
};

template <const UnmaskFunctions& kFunctions>
inline constexpr std::array<Entry, 4> kFourEntries{{
    MASKCHECK_WORDS_ENTRY(FourEntryCalls<kFunctions>::words),
    MASKCHECK_IMPRECISE_ENTRY(FourEntryCalls<kFunctions>::imprecise),
    MASKCHECK_INPLACE_ENTRY(FourEntryCalls<kFunctions>::inplace),
    MASKCHECK_EXACT_ENTRY(FourEntryCalls<kFunctions>::exact),
}};

// A kernel with the four entry points and their contracts: the frame parser runs on it.
template <const UnmaskFunctions& kFunctions>
constexpr Kernel four_entry_kernel(std::string_view name, std::string_view summary,
                                   int (*cpu_supports)() = nullptr) {
  return {name, summary, kFourEntries<kFunctions>, cpu_supports, &kFunctions};
}

}  // namespace maskcheck
