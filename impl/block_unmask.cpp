#include "maskcheck/block_unmask.h"

#include <array>
#include <cstring>

#include "maskcheck/entries_from_words.h"

namespace maskcheck::block {

namespace {

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

}  // namespace

void unmask_words(std::uint8_t* dst, const std::uint8_t* src, std::size_t n4, Key key) {
  const std::uint64_t lane = key_lane(key);
  std::size_t done = 0;
  for (; n4 - done >= 64; done += 64) xor_block<64>(dst + done, src + done, lane);
  const std::size_t tail = n4 - done;
  if (tail & 32) {
    xor_block<32>(dst + done, src + done, lane);
    done += 32;
  }
  if (tail & 16) {
    xor_block<16>(dst + done, src + done, lane);
    done += 16;
  }
  if (tail & 8) {
    xor_block<8>(dst + done, src + done, lane);
    done += 8;
  }
  if (tail & 4) xor_block<4>(dst + done, src + done, lane);
}

void unmask_imprecise(std::uint8_t* dst, const std::uint8_t* src, Key key, std::size_t n) {
  FromWords<unmask_words>::imprecise(dst, src, key, n);
}

void unmask_inplace(std::uint8_t* data, Key key, std::size_t n) {
  FromWords<unmask_words>::inplace(data, key, n);
}

unsigned unmask_exact(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key,
                      unsigned phase) {
  return FromWords<unmask_words>::exact(dst, src, n, key, phase);
}

}  // namespace maskcheck::block
