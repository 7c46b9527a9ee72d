// The AVX2 unmasker: 128-byte steps of four 32-byte vectors, then a 64/32/16/8/4-byte tail. Same
// entry points and footprints as block_unmask.h; each step is loaded whole before it is stored, so
// dst <= src overlap is correct. Call only where cpu_has_avx2() is true.
#pragma once

#include <cstddef>
#include <cstdint>

#include "maskcheck/entries_from_words.h"

namespace maskcheck::avx2 {

// n4 is a multiple of 4; reads [src, src+n4), writes [dst, dst+n4).
void unmask_words(std::uint8_t* dst, const std::uint8_t* src, std::size_t n4, Key key);

// All four entry points; imprecise, inplace and exact are unmask_words plus bookkeeping.
inline constexpr UnmaskFunctions kEntries = kEntriesFromWords<unmask_words>;

}  // namespace maskcheck::avx2
