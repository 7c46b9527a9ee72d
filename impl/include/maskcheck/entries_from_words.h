// The imprecise, inplace and exact entry points written once in terms of a kernel's words(), so
// every kernel in impl/ has the same footprints and only its words() differs. A kernel whose
// function takes any length (the vector kernels) brings its own exact.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "maskcheck/unmask_functions.h"

namespace maskcheck {

// XORs [src, src + n) into [dst, dst + n), key[0] masking byte 0: for whole words only (n a
// multiple of 4) or, for a kernel that takes any length, any n.
using WordsFunction = void (*)(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key);

// The key as a word in memory order: XORed into words loaded with memcpy, it needs no byte order.
inline std::uint32_t key_word(Key key) {
  std::uint32_t word;
  std::memcpy(&word, key.data(), sizeof word);
  return word;
}

// The key word in both halves of a 64-bit lane, in memory order whatever the byte order. Built from
// one word, not from four byte stores reloaded as a word, which would stall store forwarding.
inline std::uint64_t key_lane(Key key) {
  const std::uint64_t word = key_word(key);
  return word << 32 | word;
}

// The key starting at byte `phase`. Rotating one 32-bit word, not storing four bytes and reloading
// them as a word, avoids a store-forwarding stall that cost several ns per call.
inline Key rotate_key(Key key, unsigned phase) {
  std::uint32_t word = key_word(key);
  const int bits = static_cast<int>(8 * (phase & 3));
  word = std::endian::native == std::endian::little ? std::rotr(word, bits) : std::rotl(word, bits);
  Key rotated;
  std::memcpy(rotated.data(), &word, sizeof word);
  return rotated;
}

using ExactFunction = decltype(UnmaskFunctions::exact);

// The key phase after n more bytes.
inline unsigned phase_after(unsigned phase, std::size_t n) {
  return static_cast<unsigned>((phase + n) & 3);
}

template <WordsFunction Words>
struct FromWords {
  // Reads and writes R = ((n >> 2) + 1) * 4 bytes: whole words plus one.
  static void imprecise(std::uint8_t* dst, const std::uint8_t* src, Key key, std::size_t n) {
    Words(dst, src, ((n >> 2) + 1) * 4, key);
  }

  // n rounded up to whole words; the caller rotates the key by n % 4 afterwards.
  static void inplace(std::uint8_t* data, Key key, std::size_t n) {
    Words(data, data, (n + 3) & ~std::size_t{3}, key);
  }

  // The key rotated to `phase` makes whole words line up; the last 0..3 bytes go one at a time.
  static unsigned exact(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key,
                        unsigned phase) {
    const std::size_t whole = n & ~std::size_t{3};
    Words(dst, src, whole, rotate_key(key, phase));
    for (std::size_t i = whole; i < n; ++i) {
      dst[i] = static_cast<std::uint8_t>(src[i] ^ key[(phase + i) & 3]);
    }
    return phase_after(phase, n);
  }
};

template <WordsFunction Words>
inline constexpr UnmaskFunctions kEntriesFromWords{
    Words, FromWords<Words>::imprecise, FromWords<Words>::inplace, FromWords<Words>::exact};

// For a kernel whose function takes any length and that has its own exact entry point.
template <WordsFunction Bytes, ExactFunction Exact>
inline constexpr UnmaskFunctions kEntriesFromBytes{Bytes, FromWords<Bytes>::imprecise,
                                                   FromWords<Bytes>::inplace, Exact};

}  // namespace maskcheck
