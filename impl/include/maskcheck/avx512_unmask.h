// The AVX-512 unmasker (AVX512F alone): the AVX2 unmasker's shape (impl/vector_words.h) in 64-byte
// vectors, 256-byte steps whose loads start on 64-byte boundaries of src, the first and last one,
// two or four vectors up to 512 bytes, and the first and last 32, 16, 8 or 4 bytes under 64.
// Exactly the block unmasker's entry points and footprints; dst <= src overlap is correct. Call
// only where cpu_has_avx512f() is true.
#pragma once

#include <cstddef>
#include <cstdint>

#include "maskcheck/entries_from_words.h"

namespace maskcheck::avx512 {

// n4 is a multiple of 4; reads [src, src+n4), writes [dst, dst+n4).
void unmask_words(std::uint8_t* dst, const std::uint8_t* src, std::size_t n4, Key key);

// All four entry points; imprecise, inplace and exact are unmask_words plus bookkeeping.
inline constexpr UnmaskFunctions kEntries = kEntriesFromWords<unmask_words>;

}  // namespace maskcheck::avx512
