// Compiled without -mavx2: only the functions marked target("avx2") use it, so the rest of the
// program still runs on any x86-64 and the dispatcher decides at run time.
#include "maskcheck/avx2_unmask.h"

#include <immintrin.h>

#include <cstring>

#include "scalar_steps.h"

namespace maskcheck::avx2 {

namespace {

constexpr std::size_t kVectorBytes = 32;
constexpr std::size_t kVectorsPerStep = 4;
constexpr std::size_t kStepBytes = kVectorBytes * kVectorsPerStep;

[[gnu::target("avx2")]] __m256i key_vector(Key key) {
  std::int32_t word;
  std::memcpy(&word, key.data(), sizeof word);
  return _mm256_set1_epi32(word);
}

// Loads all Count vectors before storing any, so overlapping dst <= src stays correct.
template <std::size_t Count>
[[gnu::target("avx2")]] void xor_vectors(std::uint8_t* dst, const std::uint8_t* src, __m256i key) {
  __m256i block[Count];
  for (std::size_t i = 0; i < Count; ++i) {
    const auto* from = reinterpret_cast<const __m256i*>(src + i * kVectorBytes);
    block[i] = _mm256_xor_si256(_mm256_loadu_si256(from), key);
  }
  for (std::size_t i = 0; i < Count; ++i) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i * kVectorBytes), block[i]);
  }
}

[[gnu::target("avx2")]] void xor_16(std::uint8_t* dst, const std::uint8_t* src, __m256i key) {
  const __m128i block = _mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src)),
                                      _mm256_castsi256_si128(key));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(dst), block);
}

}  // namespace

[[gnu::target("avx2")]] void unmask_words(std::uint8_t* dst, const std::uint8_t* src,
                                          std::size_t n4, Key key) {
  const __m256i vector = key_vector(key);
  std::size_t done = 0;
  for (; n4 - done >= kStepBytes; done += kStepBytes) {
    xor_vectors<kVectorsPerStep>(dst + done, src + done, vector);
  }
  // Every offset below is a multiple of 4, so the key stays in phase through the tail.
  const std::size_t tail = n4 - done;
  if (tail & 64) {
    xor_vectors<2>(dst + done, src + done, vector);
    done += 64;
  }
  if (tail & 32) {
    xor_vectors<1>(dst + done, src + done, vector);
    done += 32;
  }
  if (tail & 16) {
    xor_16(dst + done, src + done, vector);
    done += 16;
  }
  const std::uint64_t lane = detail::key_lane(key);
  if (tail & 8) {
    detail::xor_block<8>(dst + done, src + done, lane);
    done += 8;
  }
  if (tail & 4) detail::xor_block<4>(dst + done, src + done, lane);
}

}  // namespace maskcheck::avx2
