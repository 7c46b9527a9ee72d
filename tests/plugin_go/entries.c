/* The Go kernel's entry points declared to maskcheck: an exact entry with maskcheck's own contract
 * and an in-place one that touches exactly n bytes. */
#include "_cgo_export.h"
#include "maskcheck/plugin.h"

static uint32_t exact(uint8_t* dst, const uint8_t* src, size_t n, uint8_t key[4], uint32_t phase) {
  return goUnmaskExact(dst, (void*)src, n, key, phase);
}

static uint32_t in_place(uint8_t* data, const uint8_t* src, size_t n, uint8_t key[4],
                         uint32_t phase) {
  (void)src;
  (void)phase;
  goUnmaskInPlace(data, n, key);
  return 0;
}

static const maskcheck_entry entries[] = {
    MASKCHECK_EXACT_ENTRY(exact),
    {.name = "unmask", .in_place = 1, .length_multiple = 1, .read = {1, 0, 0},
     .write = {1, 0, 0}, .beyond = MASKCHECK_BEYOND_UNTOUCHED, .key = MASKCHECK_KEY_FROM_START,
     .call = in_place}};
static const maskcheck_kernel kernels[] = {
    {"go-bytes", "a byte loop in Go (go build -buildmode=c-shared)", entries, 2, NULL}};

MASKCHECK_PLUGIN_KERNELS(kernels)
