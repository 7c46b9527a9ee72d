// The block unmasker: portable C++ that XORs 64-byte blocks, then a 32/16/8/4-byte tail.
// Each block is loaded whole before it is stored, so every entry point is correct for dst <= src.
#pragma once

#include <cstddef>
#include <cstdint>

#include "maskcheck/unmask_functions.h"

namespace maskcheck::block {

// n4 is a multiple of 4; reads [src, src+n4), writes [dst, dst+n4).
void unmask_words(std::uint8_t* dst, const std::uint8_t* src, std::size_t n4, Key key);

// Reads [src, src+R) and writes [dst, dst+R) with R = ((n >> 2) + 1) * 4.
void unmask_imprecise(std::uint8_t* dst, const std::uint8_t* src, Key key, std::size_t n);

// A continuation read: (n + 3) & ~3 bytes in place; the caller rotates the key by n % 4.
void unmask_inplace(std::uint8_t* data, Key key, std::size_t n);

// Exactly n bytes starting at key byte `phase`; returns (phase + n) & 3.
unsigned unmask_exact(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key,
                      unsigned phase);

inline constexpr UnmaskFunctions kEntries{unmask_words, unmask_imprecise, unmask_inplace,
                                          unmask_exact};

}  // namespace maskcheck::block
