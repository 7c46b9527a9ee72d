// The AVX-512 unmasker (AVX512F alone): the AVX2 unmasker's shape (impl/vector_words.h) in 64-byte
// vectors, 256-byte steps whose loads start on 64-byte boundaries of src, the first and last one,
// two or four vectors (or the first four or eight and the last one) up to 576 bytes, and the first
// and last 32, 16, 8 or 4 bytes under 64 (bytes one at a time under 4). Exactly the block
// unmasker's entry points and footprints; dst <= src overlap is correct. Call only where
// cpu_has_avx512f() is true.
#pragma once

#include <cstddef>
#include <cstdint>

#include "maskcheck/entries_from_words.h"

namespace maskcheck::avx512 {

// Any n; reads [src, src+n), writes [dst, dst+n), key[0] masking byte 0.
void unmask_bytes(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key);

// The exact entry point: unmask_bytes on the key turned to the phase, in one function.
unsigned unmask_exact(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key,
                      unsigned phase);

// All four entry points; words is unmask_bytes itself.
inline constexpr UnmaskFunctions kEntries = kEntriesFromBytes<unmask_bytes, unmask_exact>;

}  // namespace maskcheck::avx512
