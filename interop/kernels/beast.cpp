// Boost.Beast (Debian's Boost headers): websocket::detail::mask_inplace, declared with its true
// contract. It unmasks exactly n bytes in place and carries the key as a "prepared" four-byte
// array that it leaves rotated by n.
#include <boost/beast/websocket/detail/mask.hpp>

#include <cstring>

#include "maskcheck/plugin.h"

namespace {

namespace beast = boost::beast;

uint32_t mask_inplace(uint8_t* data, const uint8_t*, size_t n, uint8_t key[4], uint32_t) {
  beast::websocket::detail::prepared_key prepared;
  std::memcpy(prepared.data(), key, 4);
  beast::websocket::detail::mask_inplace(beast::net::mutable_buffer(data, n), prepared);
  std::memcpy(key, prepared.data(), 4);
  return 0;
}

const maskcheck_entry kEntries[] = {
    {.name = "mask_inplace", .in_place = 1, .min_shift = 0, .max_shift = 0, .dst_above = 0,
     .length_multiple = 1, .read = {1, 0, 0}, .write = {1, 0, 0},
     .beyond = MASKCHECK_BEYOND_UNTOUCHED, .key = MASKCHECK_KEY_ROTATED, .call = mask_inplace}};

const maskcheck_kernel kKernels[] = {
    {"beast", "boost::beast::websocket::detail::mask_inplace (Debian's Boost)", kEntries,
     std::size(kEntries), nullptr}};

}  // namespace

MASKCHECK_PLUGIN_KERNELS(kKernels)
