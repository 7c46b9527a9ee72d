// The four unmasking entry points as plain function pointers: what the frame parser takes as its
// kernel, so one parser runs on the byte reference, the block unmasker or a SIMD variant.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace maskcheck {

using Key = std::array<std::uint8_t, 4>;

struct UnmaskFunctions {
  void (*words)(std::uint8_t* dst, const std::uint8_t* src, std::size_t n4, Key key);
  void (*imprecise)(std::uint8_t* dst, const std::uint8_t* src, Key key, std::size_t n);
  void (*inplace)(std::uint8_t* data, Key key, std::size_t n);
  unsigned (*exact)(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key,
                    unsigned phase);
};

}  // namespace maskcheck
