/* Kernels whose declared contracts are not maskcheck's own, in C: each is checked against exactly
 * what it declares. The same loops pass or fail depending on the declaration:
 *   exactly-n:       in place, touches exactly n bytes, declared so: passes;
 *   claims-rounded:  the same loop declared with the rounded footprint that it must unmask: byte
 *                    n+1 is never written, so it fails;
 *   rounded-maybe:   whole words in place, the bytes past n unmasked, declared "may write": passes;
 *   rotated:         carries the key rotated (a prepared key) and leaves it rotated by n: passes;
 *   rotated-backwards: rotates it the wrong way after an odd length (a known library bug): fails;
 *   shift-8-only:    moves back by 8..14 bytes only, 8 bytes at a time, reading and writing up to
 *                    round_up(n + 1, 8): passes, and is never called with another shift. */
#include "maskcheck/plugin.h"
#include "plugin_bytes.h"


static void rotate(uint8_t key[4], size_t by) {
  const uint8_t old[4] = {key[0], key[1], key[2], key[3]};
  for (size_t i = 0; i < 4; ++i) key[i] = old[(i + by) & 3];
}

static uint32_t in_place_exactly_n(uint8_t* data, const uint8_t* src, size_t n, uint8_t key[4],
                                   uint32_t phase) {
  (void)src;
  (void)phase;
  xor_bytes(data, data, n, key, 0);
  return 0;
}

static uint32_t rotated_key(uint8_t* dst, const uint8_t* src, size_t n, uint8_t key[4],
                            uint32_t phase) {
  (void)phase;
  xor_bytes(dst, src, n, key, 0);
  rotate(key, n & 3);
  return 0;
}

static uint32_t rotated_backwards(uint8_t* dst, const uint8_t* src, size_t n, uint8_t key[4],
                                  uint32_t phase) {
  (void)phase;
  xor_bytes(dst, src, n, key, 0);
  rotate(key, (4 - (n & 3)) & 3);
  return 0;
}

static uint32_t eights(uint8_t* dst, const uint8_t* src, size_t n, uint8_t key[4],
                       uint32_t phase) {
  (void)phase;
  for (size_t at = 0; at < (n + 1 + 7) / 8 * 8; at += 8) xor_bytes(dst + at, src + at, 8, key, 0);
  return 0;
}

#define IN_PLACE(name_, granule_, beyond_, call_)                                        \
  {                                                                                      \
    .name = name_, .in_place = 1, .length_multiple = 1, .read = {granule_, 0, 0},        \
    .write = {granule_, 0, 0}, .beyond = beyond_, .key = MASKCHECK_KEY_FROM_START,       \
    .call = call_                                                                        \
  }

static const maskcheck_entry kExactlyN[] = {
    IN_PLACE("unmask", 1, MASKCHECK_BEYOND_UNTOUCHED, in_place_exactly_n)};
static const maskcheck_entry kClaimsRounded[] = {
    IN_PLACE("unmask", 4, MASKCHECK_BEYOND_MUST_WRITE, in_place_exactly_n)};
static const maskcheck_entry kRoundedMaybe[] = {
    IN_PLACE("unmask", 4, MASKCHECK_BEYOND_MAY_WRITE, in_place_whole_words)};

#define ROTATING(call_)                                                                       \
  {                                                                                           \
    .name = "mask", .max_shift = MASKCHECK_ANY_SHIFT, .length_multiple = 1, .read = {1, 0, 0}, \
    .write = {1, 0, 0}, .beyond = MASKCHECK_BEYOND_UNTOUCHED, .key = MASKCHECK_KEY_ROTATED,   \
    .call = call_                                                                             \
  }

static const maskcheck_entry kRotated[] = {ROTATING(rotated_key)};
static const maskcheck_entry kRotatedBackwards[] = {ROTATING(rotated_backwards)};

static const maskcheck_entry kShiftEightOnly[] = {
    {.name = "unmask8", .min_shift = 8, .max_shift = 14, .length_multiple = 1,
     .read = {8, 1, 0}, .write = {8, 1, 0}, .beyond = MASKCHECK_BEYOND_MUST_WRITE,
     .key = MASKCHECK_KEY_FROM_START, .call = eights}};

#define KERNEL(name_, summary_, entries_) \
  { name_, summary_, entries_, sizeof entries_ / sizeof entries_[0], NULL }

static const maskcheck_kernel kKernels[] = {
    KERNEL("exactly-n", "in place, exactly n bytes, declared so", kExactlyN),
    KERNEL("claims-rounded", "the exactly-n loop declared as unmasking round_up(n, 4) bytes",
           kClaimsRounded),
    KERNEL("rounded-maybe", "whole words in place, declared as maybe writing past n",
           kRoundedMaybe),
    KERNEL("rotated", "carries the key rotated and leaves it rotated by n", kRotated),
    KERNEL("rotated-backwards", "rotates the carried key the wrong way", kRotatedBackwards),
    KERNEL("shift-8-only", "moves back by 8..14 bytes, 8 bytes at a time", kShiftEightOnly),
};

const maskcheck_kernel* maskcheck_plugin_kernels(size_t* count, uint32_t* abi) {
  *count = sizeof kKernels / sizeof kKernels[0];
  *abi = MASKCHECK_PLUGIN_ABI;
  return kKernels;
}
