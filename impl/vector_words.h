// The shape of the x86-64 vector kernels, written once over a vector type V and compiled for the
// instruction set the including file names in MASKCHECK_VECTOR_TARGET. It unmasks exactly n bytes,
// any n. The first and last vectors are unaligned, loaded up front and stored at the end; every
// load in between starts on a vector boundary of src (faster for a payload moved back a little), in
// steps of four vectors, each stored right after its own load, lowest first. Up to nine vectors:
// the first and last one, two or four, or the first four or eight and the last one, all loaded
// before any is stored; under one vector, the first and last 32, 16, 8 or 4 bytes; under four
// bytes, byte by byte. Bytes where two of these overlap are written twice with the same value,
// after every load that could need them, so dst <= src overlap is correct.
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

  // The key word in every Word of a piece, in memory order whatever the byte order.
  template <class Word>
  static Word key_lanes(Key key) {
    if constexpr (sizeof(Word) == 8) {
      return key_lane(key);
    } else {
      return key_word(key);
    }
  }

  // For Bytes <= n < 2 * Bytes: the first and the last Bytes of [0, n), overlapping unless n is
  // exactly twice Bytes. Both are loaded before either is stored, and a byte in the overlap gets
  // the same value twice, so overlapping dst <= src stays correct and no byte outside is touched.
  template <std::size_t Bytes>
  static void xor_first_and_last(std::uint8_t* dst, const std::uint8_t* src, std::size_t n,
                                 Key key, Key last_key) {
    using Word = std::conditional_t<Bytes >= 8, std::uint64_t, std::uint32_t>;
    std::array<Word, Bytes / sizeof(Word)> first;
    std::array<Word, Bytes / sizeof(Word)> last;
    std::memcpy(first.data(), src, Bytes);
    std::memcpy(last.data(), src + n - Bytes, Bytes);
    for (Word& word : first) word ^= key_lanes<Word>(key);
    for (Word& word : last) word ^= key_lanes<Word>(last_key);
    std::memcpy(dst, first.data(), Bytes);
    std::memcpy(dst + n - Bytes, last.data(), Bytes);
  }

  // Under one vector: the first and last 32, 16, 8 or 4 bytes, or byte by byte under four.
  static void xor_under_one_vector(std::uint8_t* dst, const std::uint8_t* src, std::size_t n,
                                   Key key, Key last_key) {
    if constexpr (kVectorBytes == 64) {
      if (n >= 32) return xor_first_and_last<32>(dst, src, n, key, last_key);
    }
    if (n >= 16) return xor_first_and_last<16>(dst, src, n, key, last_key);
    if (n >= 8) return xor_first_and_last<8>(dst, src, n, key, last_key);
    if (n >= 4) return xor_first_and_last<4>(dst, src, n, key, last_key);
    // Each byte is stored after its own load, so dst <= src overlap stays correct.
    for (std::size_t i = 0; i < n; ++i) dst[i] = static_cast<std::uint8_t>(src[i] ^ key[i]);
  }

  // For max(First, Last) vectors <= n <= First + Last vectors: the first First and the last Last
  // vectors, all loaded before any is stored, overlapping in the middle with the same values: no
  // alignment step, no key turn, no loop.
  template <std::size_t First, std::size_t Last>
  static void xor_first_and_last_vectors(std::uint8_t* dst, const std::uint8_t* src, std::size_t n,
                                         Vector key, Vector last_key) {
    Vector first[First];
    Vector last[Last];
    for (std::size_t i = 0; i < First; ++i) first[i] = V::load_xor(src + i * kVectorBytes, key);
    for (std::size_t i = 0; i < Last; ++i) {
      last[i] = V::load_xor(src + n - (Last - i) * kVectorBytes, last_key);
    }
    for (std::size_t i = 0; i < First; ++i) V::store(dst + i * kVectorBytes, first[i]);
    for (std::size_t i = 0; i < Last; ++i) V::store(dst + n - (Last - i) * kVectorBytes, last[i]);
  }

  // Exactly n bytes, any n, key[0] masking byte 0. A piece that ends at n starts a whole number of
  // words before it, so it takes the key turned by n: exact needs no byte loop after the call.
  // Inlined by force, so unmask_exact holds it whole: called, it cost exact about 1 ns at 1 KiB.
  [[gnu::always_inline]] static void unmask(std::uint8_t* dst, const std::uint8_t* src,
                                            std::size_t n, Key key) {
    const Key last_key = rotate_key(key, static_cast<unsigned>(n));
    // A tree of compares, not a chain: two to four from one vector up, where the chain took up to
    // six; its five before the four-and-four path cost avx2 about 0.4 ns at 256 B.
    const Vector first_key = key_vector(key);
    const Vector last_key_vector = key_vector(last_key);
    if (n <= 4 * kVectorBytes) {
      if (n < kVectorBytes) return xor_under_one_vector(dst, src, n, key, last_key);
      if (n <= 2 * kVectorBytes) {
        return xor_first_and_last_vectors<1, 1>(dst, src, n, first_key, last_key_vector);
      }
      return xor_first_and_last_vectors<2, 2>(dst, src, n, first_key, last_key_vector);
    }
    // imprecise on four or eight whole vectors of payload works on a word more: those vectors
    // (aligned where src is) and the last one, not halves that each start 4 bytes past a boundary.
    if (n <= 9 * kVectorBytes) {
      if (n <= 5 * kVectorBytes) {
        return xor_first_and_last_vectors<4, 1>(dst, src, n, first_key, last_key_vector);
      }
      if (n <= 8 * kVectorBytes) {
        return xor_first_and_last_vectors<4, 4>(dst, src, n, first_key, last_key_vector);
      }
      return xor_first_and_last_vectors<8, 1>(dst, src, n, first_key, last_key_vector);
    }
    const std::size_t last_at = n - kVectorBytes;
    const Vector first = V::load_xor(src, first_key);
    const Vector last = V::load_xor(src + last_at, last_key_vector);

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

  // The exact entry point whole, with no call inside: the key turned to the phase, then unmask.
  static unsigned unmask_exact(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key,
                               unsigned phase) {
    unmask(dst, src, n, rotate_key(key, phase));
    return phase_after(phase, n);
  }
};

}  // namespace maskcheck

MASKCHECK_TARGET_END
