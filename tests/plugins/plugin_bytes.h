/* The byte loop the test plug-ins build their entry points from (byte i of the payload XORed with
 * key[(phase + i) % 4]), and the in-place entry point both of them have. */
#ifndef MASKCHECK_TEST_PLUGIN_BYTES_H
#define MASKCHECK_TEST_PLUGIN_BYTES_H

#include <stddef.h>
#include <stdint.h>

static inline void xor_bytes(uint8_t* dst, const uint8_t* src, size_t count, const uint8_t key[4],
                             uint32_t phase) {
  for (size_t i = 0; i < count; ++i) dst[i] = (uint8_t)(src[i] ^ key[(phase + i) & 3]);
}

/* maskcheck's own inplace: whole words in place, from key byte 0. */
static inline uint32_t in_place_whole_words(uint8_t* data, const uint8_t* src, size_t n,
                                            uint8_t key[4], uint32_t phase) {
  (void)src;
  (void)phase;
  xor_bytes(data, data, (n + 3) / 4 * 4, key, 0);
  return 0;
}

#endif
