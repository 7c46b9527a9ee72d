// The AVX2 unmasker, with exactly the block unmasker's entry points and footprints. The first and
// last 32 bytes are unaligned vectors loaded up front and stored at the end; in between, 128-byte
// steps of four vectors (each stored right after its own load, lowest first) load from 32-byte
// boundaries of src, so speed hardly depends on where the payload sits. Up to 288 bytes: the first
// and last one, two or four vectors, or the first four or eight and the last one, all loaded before
// any is stored; under 32 bytes: the first and last 16, 8 or 4 bytes, under 4 one byte at a time.
// Bytes where two of these overlap are written twice with the same value, after every load that
// could need them, so dst <= src overlap is correct. Call only where cpu_has_avx2() is true.
#pragma once

#include <cstddef>
#include <cstdint>

#include "maskcheck/entries_from_words.h"

namespace maskcheck::avx2 {

// Any n; reads [src, src+n), writes [dst, dst+n), key[0] masking byte 0.
void unmask_bytes(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key);

// The exact entry point: unmask_bytes on the key turned to the phase, in one function.
unsigned unmask_exact(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key,
                      unsigned phase);

// All four entry points; words is unmask_bytes itself.
inline constexpr UnmaskFunctions kEntries = kEntriesFromBytes<unmask_bytes, unmask_exact>;

}  // namespace maskcheck::avx2
