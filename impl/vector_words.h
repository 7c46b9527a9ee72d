// The shape of the x86-64 vector kernels, written once over a vector type V and compiled for the
// instruction set the including file names in MASKCHECK_VECTOR_TARGET. The first and last vectors
// are unaligned, loaded up front and stored at the end; every load in between starts on a vector
// boundary of src (faster for a payload moved back a little), in steps of four vectors, each stored
// right after its own load, lowest first. Up to eight vectors: the first and last one, two or four,
// all loaded before any is stored; under one vector, the first and last 32, 16, 8 or 4 bytes. Bytes
// where two of these overlap are written twice with the same value, after every load that could
// need them, so dst <= src overlap is correct.
//
// V holds `Vector`, `kBytes`, `broadcast(word)` (the key word in every lane), `load_xor(src, key)`
// and `store(dst, vector)`, unaligned. Every instantiation has V from its own file, so the two
// instruction sets never share a compiled function.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "maskcheck/entries_from_words.h"
#include "target_region.h"

#ifndef MASKCHECK_VECTOR_TARGET
#error "define MASKCHECK_VECTOR_TARGET (the instruction set, as gnu::target takes it) first"
#endif

MASKCHECK_TARGET_BEGIN(MASKCHECK_VECTOR_TARGET)

namespace maskcheck {

template <class V>
struct VectorWords {
  using Vector = typename V::Vector;
  static constexpr std::size_t kVectorBytes = V::kBytes;
  static constexpr std::size_t kVectorsPerStep = 4;
  static constexpr std::size_t kStepBytes = kVectorBytes * kVectorsPerStep;

  // The key as a word in memory order: XORing it into words loaded with memcpy needs no byte order.
  static std::uint32_t key_word(Key key) {
    std::uint32_t word;
    std::memcpy(&word, key.data(), sizeof word);
    return word;
  }

  static Vector key_vector(Key key) { return V::broadcast(key_word(key)); }

  // Stores each of Count vectors right after its own load, lowest first: with dst <= src a store
  // lands only on source bytes this or a lower vector has loaded. In L1 this ran about 15% faster
  // than loading all Count first (kernel_bench at 16 KiB).
  template <std::size_t Count>
  static void xor_vectors(std::uint8_t* dst, const std::uint8_t* src, Vector key) {
    for (std::size_t i = 0; i < Count; ++i) {
      V::store(dst + i * kVectorBytes, V::load_xor(src + i * kVectorBytes, key));
    }
  }

  // For Bytes <= n4 < 2 * Bytes: the first and the last Bytes of [0, n4), overlapping unless n4 is
  // exactly twice Bytes. Both are loaded before either is stored, and a byte in the overlap gets
  // the same value twice, so overlapping dst <= src stays correct and no byte outside is touched.
  template <std::size_t Bytes>
  static void xor_first_and_last(std::uint8_t* dst, const std::uint8_t* src, std::size_t n4,
                                 std::uint32_t key) {
    using Word = std::conditional_t<Bytes >= 8, std::uint64_t, std::uint32_t>;
    Word lane = key;
    // Both halves of a 64-bit word hold the key word in memory order, whatever the byte order.
    if constexpr (sizeof(Word) == 8) lane |= lane << 32;
    std::array<Word, Bytes / sizeof(Word)> first;
    std::array<Word, Bytes / sizeof(Word)> last;
    std::memcpy(first.data(), src, Bytes);
    std::memcpy(last.data(), src + n4 - Bytes, Bytes);
    for (Word& word : first) word ^= lane;
    for (Word& word : last) word ^= lane;  // n4 - Bytes is a whole number of words: same phase
    std::memcpy(dst, first.data(), Bytes);
    std::memcpy(dst + n4 - Bytes, last.data(), Bytes);
  }

  // For Count vectors <= n4 <= 2 * Count vectors: the first and the last Count vectors, all loaded
  // before any is stored, overlapping in the middle with the same values: no alignment step, no
  // key turn, no loop. n4 - k vectors is whole words, so the last vectors take the same key phase.
  template <std::size_t Count>
  static void xor_first_and_last_vectors(std::uint8_t* dst, const std::uint8_t* src,
                                         std::size_t n4, Vector key) {
    Vector first[Count];
    Vector last[Count];
    for (std::size_t i = 0; i < Count; ++i) {
      first[i] = V::load_xor(src + i * kVectorBytes, key);
      last[i] = V::load_xor(src + n4 - (Count - i) * kVectorBytes, key);
    }
    for (std::size_t i = 0; i < Count; ++i) {
      V::store(dst + i * kVectorBytes, first[i]);
      V::store(dst + n4 - (Count - i) * kVectorBytes, last[i]);
    }
  }

  static void unmask(std::uint8_t* dst, const std::uint8_t* src, std::size_t n4, Key key) {
    if (n4 < kVectorBytes) {
      if constexpr (kVectorBytes == 64) {
        if (n4 >= 32) return xor_first_and_last<32>(dst, src, n4, key_word(key));
      }
      if (n4 >= 16) return xor_first_and_last<16>(dst, src, n4, key_word(key));
      if (n4 >= 8) return xor_first_and_last<8>(dst, src, n4, key_word(key));
      if (n4 >= 4) return xor_first_and_last<4>(dst, src, n4, key_word(key));
      return;
    }
    if (n4 <= 2 * kVectorBytes) return xor_first_and_last_vectors<1>(dst, src, n4, key_vector(key));
    if (n4 <= 4 * kVectorBytes) return xor_first_and_last_vectors<2>(dst, src, n4, key_vector(key));
    if (n4 <= 8 * kVectorBytes) return xor_first_and_last_vectors<4>(dst, src, n4, key_vector(key));
    const std::size_t last_at = n4 - kVectorBytes;
    const Vector first = V::load_xor(src, key_vector(key));
    const Vector last = V::load_xor(src + last_at, key_vector(key));  // last_at is whole words

    // The first vector boundary of src past its first byte: `first` already covers [0, at).
    std::size_t at = kVectorBytes - (reinterpret_cast<std::uintptr_t>(src) & (kVectorBytes - 1));
    const Vector turned = key_vector(rotate_key(key, static_cast<unsigned>(at)));
    for (; at + kStepBytes <= last_at; at += kStepBytes) {
      xor_vectors<kVectorsPerStep>(dst + at, src + at, turned);
    }
    for (; at < last_at; at += kVectorBytes) xor_vectors<1>(dst + at, src + at, turned);
    // Every load is done, so these may overlap the middle: they store the same values there.
    V::store(dst, first);
    V::store(dst + last_at, last);
  }
};

}  // namespace maskcheck

MASKCHECK_TARGET_END
