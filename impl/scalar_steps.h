// The scalar pieces every impl/ kernel shares: the key as a 64-bit lane and whole-block XOR steps
// through memcpy, for the block unmasker's blocks and every kernel's 8- and 4-byte tail.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "maskcheck/unmask_functions.h"

namespace maskcheck::detail {

// The key repeated across a 64-bit lane. Both halves hold the key word in memory order, so
// endianness never matters; building it from one word avoids a store-forwarding stall.
inline std::uint64_t key_lane(Key key) {
  std::uint32_t word;
  std::memcpy(&word, key.data(), sizeof word);
  return (std::uint64_t{word} << 32) | word;
}

// Loads the whole block into a local before storing, so overlapping dst <= src stays correct.
template <std::size_t Bytes>
void xor_block(std::uint8_t* dst, const std::uint8_t* src, std::uint64_t lane) {
  if constexpr (Bytes >= 8) {
    std::array<std::uint64_t, Bytes / 8> block;
    std::memcpy(block.data(), src, Bytes);
    for (auto& word : block) word ^= lane;
    std::memcpy(dst, block.data(), Bytes);
  } else {
    static_assert(Bytes == 4);
    std::uint32_t word;
    std::memcpy(&word, src, 4);
    word ^= static_cast<std::uint32_t>(lane);  // both halves of the lane hold the same key bytes
    std::memcpy(dst, &word, 4);
  }
}

}  // namespace maskcheck::detail
