#include "maskcheck/reference_unmask.h"

namespace maskcheck::reference {

namespace {

// Forward order makes the loop correct for any dst <= src: a byte is read before any write reaches
// it.
void xor_bytes(std::uint8_t* dst, const std::uint8_t* src, std::size_t count, Key key,
               unsigned phase) {
  for (std::size_t i = 0; i < count; ++i) {
    dst[i] = static_cast<std::uint8_t>(src[i] ^ key[(phase + i) % 4]);
  }
}

}  // namespace

void unmask_words(std::uint8_t* dst, const std::uint8_t* src, std::size_t n4, Key key) {
  xor_bytes(dst, src, n4, key, 0);
}

void unmask_imprecise(std::uint8_t* dst, const std::uint8_t* src, Key key, std::size_t n) {
  xor_bytes(dst, src, ((n >> 2) + 1) * 4, key, 0);
}

void unmask_inplace(std::uint8_t* data, Key key, std::size_t n) {
  xor_bytes(data, data, (n + 3) & ~std::size_t{3}, key, 0);
}

unsigned unmask_exact(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key,
                      unsigned phase) {
  xor_bytes(dst, src, n, key, phase & 3);
  return static_cast<unsigned>((phase + n) & 3);
}

}  // namespace maskcheck::reference
