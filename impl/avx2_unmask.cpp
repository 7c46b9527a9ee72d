// Compiled without -mavx2: only the functions marked target("avx2") use it, so the rest of the
// program still runs on any x86-64 and the dispatcher decides at run time.
#include "maskcheck/avx2_unmask.h"

#include <immintrin.h>

#include <array>
#include <cstring>
#include <type_traits>

namespace maskcheck::avx2 {

namespace {

constexpr std::size_t kVectorBytes = 32;
constexpr std::size_t kVectorsPerStep = 4;
constexpr std::size_t kStepBytes = kVectorBytes * kVectorsPerStep;

// The key as a word in memory order: XORing it into words loaded with memcpy needs no byte order.
std::uint32_t key_word(Key key) {
  std::uint32_t word;
  std::memcpy(&word, key.data(), sizeof word);
  return word;
}

[[gnu::target("avx2")]] __m256i key_vector(Key key) {
  return _mm256_set1_epi32(static_cast<std::int32_t>(key_word(key)));
}

[[gnu::target("avx2")]] __m256i load_xor(const std::uint8_t* src, __m256i key) {
  return _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(src)), key);
}

[[gnu::target("avx2")]] void store(std::uint8_t* dst, __m256i block) {
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst), block);
}

// Loads all Count vectors before storing any, so overlapping dst <= src stays correct.
template <std::size_t Count>
[[gnu::target("avx2")]] void xor_vectors(std::uint8_t* dst, const std::uint8_t* src, __m256i key) {
  __m256i block[Count];
  for (std::size_t i = 0; i < Count; ++i) block[i] = load_xor(src + i * kVectorBytes, key);
  for (std::size_t i = 0; i < Count; ++i) store(dst + i * kVectorBytes, block[i]);
}

// For Bytes <= n4 < 2 * Bytes: the first and the last Bytes of [0, n4), overlapping unless n4 is
// exactly twice Bytes. Both are loaded before either is stored, and a byte in the overlap gets the
// same value twice, so overlapping dst <= src stays correct and no byte outside is touched.
template <std::size_t Bytes>
[[gnu::target("avx2")]] void xor_first_and_last(std::uint8_t* dst, const std::uint8_t* src,
                                                std::size_t n4, std::uint32_t key) {
  using Word = std::conditional_t<Bytes >= 8, std::uint64_t, std::uint32_t>;
  Word lane = key;
  // Both halves of a 64-bit word hold the key word in memory order, whatever the byte order.
  if constexpr (sizeof(Word) == 8) lane |= lane << 32;
  std::array<Word, Bytes / sizeof(Word)> first;
  std::array<Word, Bytes / sizeof(Word)> last;
  std::memcpy(first.data(), src, Bytes);
  std::memcpy(last.data(), src + n4 - Bytes, Bytes);
  for (Word& word : first) word ^= lane;
  for (Word& word : last) word ^= lane;  // n4 - Bytes is a whole number of words: same key phase
  std::memcpy(dst, first.data(), Bytes);
  std::memcpy(dst + n4 - Bytes, last.data(), Bytes);
}

// For Count vectors <= n4 <= 2 * Count vectors: the first and the last Count vectors, all loaded
// before any is stored, overlapping in the middle with the same values: no alignment step, no key
// turn, no loop. n4 - k * 32 is whole words, so the last vectors take the same key phase.
template <std::size_t Count>
[[gnu::target("avx2")]] void xor_first_and_last_vectors(std::uint8_t* dst, const std::uint8_t* src,
                                                        std::size_t n4, __m256i key) {
  __m256i first[Count];
  __m256i last[Count];
  for (std::size_t i = 0; i < Count; ++i) {
    first[i] = load_xor(src + i * kVectorBytes, key);
    last[i] = load_xor(src + n4 - (Count - i) * kVectorBytes, key);
  }
  for (std::size_t i = 0; i < Count; ++i) {
    store(dst + i * kVectorBytes, first[i]);
    store(dst + n4 - (Count - i) * kVectorBytes, last[i]);
  }
}

}  // namespace

// The first and last 32 bytes are unaligned vectors, loaded up front and stored at the end; every
// load in between starts on a 32-byte boundary of src (faster for a payload moved back a little).
[[gnu::target("avx2")]] void unmask_words(std::uint8_t* dst, const std::uint8_t* src,
                                          std::size_t n4, Key key) {
  if (n4 < kVectorBytes) {
    if (n4 >= 16) return xor_first_and_last<16>(dst, src, n4, key_word(key));
    if (n4 >= 8) return xor_first_and_last<8>(dst, src, n4, key_word(key));
    if (n4 >= 4) return xor_first_and_last<4>(dst, src, n4, key_word(key));
    return;
  }
  if (n4 <= 2 * kVectorBytes) return xor_first_and_last_vectors<1>(dst, src, n4, key_vector(key));
  if (n4 <= 4 * kVectorBytes) return xor_first_and_last_vectors<2>(dst, src, n4, key_vector(key));
  if (n4 <= 8 * kVectorBytes) return xor_first_and_last_vectors<4>(dst, src, n4, key_vector(key));
  const std::size_t last_at = n4 - kVectorBytes;
  const __m256i first = load_xor(src, key_vector(key));
  const __m256i last = load_xor(src + last_at, key_vector(key));  // last_at is whole words

  // The first 32-byte boundary of src past its first byte: `first` already covers [0, at).
  std::size_t at = kVectorBytes - (reinterpret_cast<std::uintptr_t>(src) & (kVectorBytes - 1));
  const __m256i turned = key_vector(rotate_key(key, static_cast<unsigned>(at)));
  for (; at + kStepBytes <= last_at; at += kStepBytes) {
    xor_vectors<kVectorsPerStep>(dst + at, src + at, turned);
  }
  for (; at < last_at; at += kVectorBytes) xor_vectors<1>(dst + at, src + at, turned);
  // Every load is done, so these may overlap the middle: they store the same values there.
  store(dst, first);
  store(dst + last_at, last);
}

}  // namespace maskcheck::avx2
