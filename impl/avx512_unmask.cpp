// Compiled without -mavx512f: only the functions in the avx512f target region use it, so the rest
// of the program still runs on any x86-64 and the dispatcher decides at run time.
#include "maskcheck/avx512_unmask.h"

#include <immintrin.h>

#define MASKCHECK_VECTOR_TARGET "avx512f"
#include "vector_words.h"

MASKCHECK_TARGET_BEGIN("avx512f")

namespace maskcheck::avx512 {

namespace {

struct Vectors {
  using Vector = __m512i;
  static constexpr std::size_t kBytes = 64;
  static Vector broadcast(std::uint32_t word) {
    return _mm512_set1_epi32(static_cast<std::int32_t>(word));
  }
  static Vector load_xor(const std::uint8_t* src, Vector key) {
    return _mm512_xor_si512(_mm512_loadu_si512(src), key);
  }
  static void store(std::uint8_t* dst, Vector block) { _mm512_storeu_si512(dst, block); }
};

}  // namespace

void unmask_bytes(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key) {
  VectorWords<Vectors>::unmask(dst, src, n, key);
}

unsigned unmask_exact(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key,
                      unsigned phase) {
  return VectorWords<Vectors>::unmask_exact(dst, src, n, key, phase);
}

}  // namespace maskcheck::avx512

MASKCHECK_TARGET_END
