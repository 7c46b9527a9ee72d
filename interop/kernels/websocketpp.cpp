// websocketpp 0.8 (Debian's libwebsocketpp-dev): the circular maskers of frame.hpp, declared with
// their true contract. They copy forward from input to output, touching exactly n bytes, and carry
// the key as a "prepared" size_t (the four key bytes twice) that they return rotated by n.
#include <websocketpp/frame.hpp>

#include <cstring>

#include "maskcheck/plugin.h"

namespace {

namespace frame = websocketpp::frame;

using CircularMasker = size_t (*)(uint8_t* input, uint8_t* output, size_t length,
                                  size_t prepared_key);

// The prepared key holds the key bytes in memory order twice, on either byte order; rotating it
// by l moves memory byte l to the front, so its first four bytes are the rotated key.
template <CircularMasker kMask>
uint32_t call_circular(uint8_t* dst, const uint8_t* src, size_t n, uint8_t key[4], uint32_t) {
  frame::masking_key_type masking_key;
  std::memcpy(masking_key.c, key, 4);
  const size_t rotated =
      kMask(const_cast<uint8_t*>(src), dst, n, frame::prepare_masking_key(masking_key));
  std::memcpy(key, &rotated, 4);
  return 0;
}

constexpr CircularMasker kByteMaskCirc = frame::byte_mask_circ;
constexpr CircularMasker kWordMaskCirc = frame::word_mask_circ;

constexpr maskcheck_entry circular(const char* name, maskcheck_call call) {
  return {.name = name, .in_place = 0, .min_shift = 0, .max_shift = MASKCHECK_ANY_SHIFT,
          .dst_above = 1, .length_multiple = 1, .read = {1, 0, 0}, .write = {1, 0, 0},
          .beyond = MASKCHECK_BEYOND_UNTOUCHED, .key = MASKCHECK_KEY_ROTATED, .call = call};
}

const maskcheck_entry kEntries[] = {circular("byte_mask_circ", call_circular<kByteMaskCirc>),
                                    circular("word_mask_circ", call_circular<kWordMaskCirc>)};

const maskcheck_kernel kKernels[] = {
    {"websocketpp", "websocketpp::frame circular maskers (libwebsocketpp-dev)", kEntries,
     std::size(kEntries), nullptr}};

}  // namespace

MASKCHECK_PLUGIN_KERNELS(kKernels)
