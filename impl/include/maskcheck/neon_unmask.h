// The NEON unmasker (AArch64), with exactly the block unmasker's entry points and footprints:
// 64-byte steps of four 16-byte vectors, each step loaded whole before it is stored, then a
// 32/16/8/4-byte tail, so dst <= src overlap is correct. Call only where cpu_has_neon() is true.
#pragma once

#include <cstddef>
#include <cstdint>

#include "maskcheck/entries_from_words.h"

namespace maskcheck::neon {

// n4 is a multiple of 4; reads [src, src+n4), writes [dst, dst+n4).
void unmask_words(std::uint8_t* dst, const std::uint8_t* src, std::size_t n4, Key key);

// All four entry points; imprecise, inplace and exact are unmask_words plus bookkeeping.
inline constexpr UnmaskFunctions kEntries = kEntriesFromWords<unmask_words>;

}  // namespace maskcheck::neon
