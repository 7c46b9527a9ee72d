// The oracle: byte-at-a-time unmaskers whose footprints are exactly the contracts in DESIGN.md.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace maskcheck::reference {

using Key = std::array<std::uint8_t, 4>;

// dst[i] = src[i] ^ key[i % 4] for i < n4; n4 is a multiple of 4, dst <= src.
void unmask_words(std::uint8_t* dst, const std::uint8_t* src, std::size_t n4, Key key);

// Processes R = ((n >> 2) + 1) * 4 bytes: reads [src, src+R), writes [dst, dst+R).
void unmask_imprecise(std::uint8_t* dst, const std::uint8_t* src, Key key, std::size_t n);

// Processes (n + 3) & ~3 bytes in place.
void unmask_inplace(std::uint8_t* data, Key key, std::size_t n);

// Exactly n bytes, starting at key byte `phase`; returns the phase for the next byte.
unsigned unmask_exact(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key,
                      unsigned phase);

}  // namespace maskcheck::reference
