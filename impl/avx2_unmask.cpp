// Compiled without -mavx2: only the functions in the avx2 target region use it, so the rest of
// the program still runs on any x86-64 and the dispatcher decides at run time.
#include "maskcheck/avx2_unmask.h"

#include <immintrin.h>

#define MASKCHECK_VECTOR_TARGET "avx2"
#include "vector_words.h"

MASKCHECK_TARGET_BEGIN("avx2")

namespace maskcheck::avx2 {

namespace {

struct Vectors {
  using Vector = __m256i;
  static constexpr std::size_t kBytes = 32;
  static Vector broadcast(std::uint32_t word) {
    return _mm256_set1_epi32(static_cast<std::int32_t>(word));
  }
  static Vector load_xor(const std::uint8_t* src, Vector key) {
    return _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(src)), key);
  }
  static void store(std::uint8_t* dst, Vector block) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst), block);
  }
};

}  // namespace

void unmask_bytes(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key) {
  VectorWords<Vectors>::unmask(dst, src, n, key);
}

unsigned unmask_exact(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key,
                      unsigned phase) {
  return VectorWords<Vectors>::unmask_exact(dst, src, n, key, phase);
}

}  // namespace maskcheck::avx2

MASKCHECK_TARGET_END
