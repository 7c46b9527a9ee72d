/* bufferutil 4.1.0 (the npm package behind ws): its C Mask() and Unmask(), compiled from the
 * unpacked package and declared with their true contracts. Both start at key byte 0 (ws passes
 * each frame whole), touch exactly n bytes and read the source 8 bytes at a time once it is
 * aligned. Mask(source, mask, output, offset, length) writes output + offset; it is called here
 * with offset 0 and output at any distance below the source, as a forward copy allows. */
#include "maskcheck/plugin.h"
#include "napi_calls.h"

napi_value Mask(napi_env env, napi_callback_info info);
napi_value Unmask(napi_env env, napi_callback_info info);

static struct napi_value__ buffer(uint8_t* bytes, size_t length) {
  return (struct napi_value__){.bytes = bytes, .length = length, .number = 0};
}

static struct napi_value__ integer(int64_t number) {
  return (struct napi_value__){.bytes = NULL, .length = 0, .number = number};
}

static uint32_t mask(uint8_t* dst, const uint8_t* src, size_t n, uint8_t key[4], uint32_t phase) {
  (void)phase;
  struct napi_value__ args[5] = {buffer((uint8_t*)src, n), buffer(key, 4), buffer(dst, n),
                                 integer(0), integer((int64_t)n)};
  struct napi_callback_info__ info = {5, {&args[0], &args[1], &args[2], &args[3], &args[4]}};
  Mask(NULL, &info);
  return 0;
}

static uint32_t unmask(uint8_t* data, const uint8_t* src, size_t n, uint8_t key[4],
                       uint32_t phase) {
  (void)src, (void)phase;
  struct napi_value__ args[2] = {buffer(data, n), buffer(key, 4)};
  struct napi_callback_info__ info = {2, {&args[0], &args[1]}};
  Unmask(NULL, &info);
  return 0;
}

static const maskcheck_entry kEntries[] = {
    {.name = "mask", .in_place = 0, .min_shift = 0, .max_shift = MASKCHECK_ANY_SHIFT,
     .dst_above = 1, .length_multiple = 1, .read = {1, 0, 0}, .write = {1, 0, 0},
     .beyond = MASKCHECK_BEYOND_UNTOUCHED, .key = MASKCHECK_KEY_FROM_START, .call = mask},
    {.name = "unmask", .in_place = 1, .length_multiple = 1, .read = {1, 0, 0},
     .write = {1, 0, 0}, .beyond = MASKCHECK_BEYOND_UNTOUCHED, .key = MASKCHECK_KEY_FROM_START,
     .call = unmask}};

static const maskcheck_kernel kKernels[] = {
    {"bufferutil", "bufferutil 4.1.0 mask() and unmask() (npm)", kEntries, 2, NULL}};

MASKCHECK_PLUGIN_KERNELS(kKernels)
