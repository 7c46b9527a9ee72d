// The only translation unit with NEON intrinsics; built for AArch64 only.
#include "maskcheck/neon_unmask.h"

#include <arm_neon.h>

#include <array>
#include <cstring>

namespace maskcheck::neon {

namespace {

constexpr std::size_t kVectorBytes = 16;
constexpr std::size_t kStepBytes = 4 * kVectorBytes;

// Sixteen key bytes in memory order, loaded as bytes: no lane or byte order to get wrong.
uint8x16_t key_vector(Key key) {
  std::array<std::uint8_t, kVectorBytes> bytes;
  for (std::size_t at = 0; at < bytes.size(); at += key.size())
    std::memcpy(bytes.data() + at, key.data(), key.size());
  return vld1q_u8(bytes.data());
}

// One, two or four vectors, loaded with one instruction before any is stored, so overlapping
// dst <= src stays correct.
void xor_vectors_1(std::uint8_t* dst, const std::uint8_t* src, uint8x16_t key) {
  vst1q_u8(dst, veorq_u8(vld1q_u8(src), key));
}

void xor_vectors_2(std::uint8_t* dst, const std::uint8_t* src, uint8x16_t key) {
  uint8x16x2_t block = vld1q_u8_x2(src);
  block.val[0] = veorq_u8(block.val[0], key);
  block.val[1] = veorq_u8(block.val[1], key);
  vst1q_u8_x2(dst, block);
}

void xor_vectors_4(std::uint8_t* dst, const std::uint8_t* src, uint8x16_t key) {
  uint8x16x4_t block = vld1q_u8_x4(src);
  block.val[0] = veorq_u8(block.val[0], key);
  block.val[1] = veorq_u8(block.val[1], key);
  block.val[2] = veorq_u8(block.val[2], key);
  block.val[3] = veorq_u8(block.val[3], key);
  vst1q_u8_x4(dst, block);
}

// 8 or 4 bytes through a general register: both halves of the 64-bit lane hold the key word in
// memory order, whatever the byte order.
template <typename Word>
void xor_word(std::uint8_t* dst, const std::uint8_t* src, Key key) {
  const std::uint64_t lane = key_lane(key);
  Word word;
  std::memcpy(&word, src, sizeof word);
  word ^= static_cast<Word>(lane);
  std::memcpy(dst, &word, sizeof word);
}

}  // namespace

void unmask_words(std::uint8_t* dst, const std::uint8_t* src, std::size_t n4, Key key) {
  const uint8x16_t lanes = key_vector(key);
  std::size_t done = 0;
  for (; n4 - done >= kStepBytes; done += kStepBytes) xor_vectors_4(dst + done, src + done, lanes);
  const std::size_t tail = n4 - done;
  if (tail & 32) {
    xor_vectors_2(dst + done, src + done, lanes);
    done += 32;
  }
  if (tail & 16) {
    xor_vectors_1(dst + done, src + done, lanes);
    done += 16;
  }
  if (tail & 8) {
    xor_word<std::uint64_t>(dst + done, src + done, key);
    done += 8;
  }
  if (tail & 4) xor_word<std::uint32_t>(dst + done, src + done, key);
}

}  // namespace maskcheck::neon
