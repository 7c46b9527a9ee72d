/* gorilla/websocket's maskBytes and coder/websocket's mask, declared with their true contracts:
 * both unmask exactly n bytes in place; gorilla carries a key position (phase), coder the key
 * rotated as a word. */
#include "_cgo_export.h"
#include "maskcheck/plugin.h"

static uint32_t gorilla(uint8_t* data, const uint8_t* src, size_t n, uint8_t key[4],
                        uint32_t phase) {
  (void)src;
  return gorillaUnmask(data, n, key, phase);
}

static uint32_t coder(uint8_t* data, const uint8_t* src, size_t n, uint8_t key[4],
                      uint32_t phase) {
  (void)src, (void)phase;
  coderUnmask(data, n, key);
  return 0;
}

#define IN_PLACE_EXACTLY_N(name_, key_, call_)                                                \
  {                                                                                           \
    .name = name_, .in_place = 1, .length_multiple = 1, .read = {1, 0, 0}, .write = {1, 0, 0}, \
    .beyond = MASKCHECK_BEYOND_UNTOUCHED, .key = key_, .call = call_                          \
  }

static const maskcheck_entry kGorilla[] = {
    IN_PLACE_EXACTLY_N("maskBytes", MASKCHECK_KEY_PHASE, gorilla)};
static const maskcheck_entry kCoder[] = {IN_PLACE_EXACTLY_N("mask", MASKCHECK_KEY_ROTATED, coder)};

static const maskcheck_kernel kKernels[] = {
    {"gorilla", "github.com/gorilla/websocket maskBytes (Debian's Go package)", kGorilla, 1, NULL},
    {"coder", "nhooyr.io/websocket mask, now coder/websocket (Debian's Go package)", kCoder, 1,
     NULL}};

MASKCHECK_PLUGIN_KERNELS(kKernels)
