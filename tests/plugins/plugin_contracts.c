/* Kernels whose declared contracts are not maskcheck's own, in C: each is checked against exactly
 * what it declares. The same loops pass or fail depending on the declaration:
 *   exactly-n:       in place, touches exactly n bytes, declared so: passes;
 *   claims-rounded:  the same loop declared with the rounded footprint that it must unmask: byte
 *                    n+1 is never written, so it fails;
 *   rounded-maybe:   whole words in place, the bytes past n unmasked, declared "may write": passes;
 *   rotated:         carries the key rotated (a prepared key) and leaves it rotated by n: passes;
 *                    moving by any shift and exactly n bytes, it drives the frame parser too;
 *   rotated-backwards: rotates it the wrong way after an odd length (a known library bug): fails;
 *   shift-8-only:    moves back by 8..14 bytes only, 8 bytes at a time, reading and writing up to
 *                    round_up(n + 1, 8): passes, and is never called with another shift;
 *   cpu-has / cpu-lacks: the same wrong call (nothing written) whose cpu_supports says yes or no:
 *                    the first fails (also through the frame parser), the second is never called;
 *   never-returns:   waits for signals forever (Ctrl-C must still end the run);
 *   faults:          writes to an address nothing maps (the benchmark must name it as it dies). */
#include "maskcheck/plugin.h"
#include "plugin_bytes.h"

#include <unistd.h>


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

static uint32_t unmasks_nothing(uint8_t* dst, const uint8_t* src, size_t n, uint8_t key[4],
                                uint32_t phase) {
  (void)dst, (void)src, (void)n, (void)key, (void)phase;
  return 0;
}

static const maskcheck_entry kUnmasksNothing[] = {ROTATING(unmasks_nothing)};

static uint32_t never_returns(uint8_t* data, const uint8_t* src, size_t n, uint8_t key[4],
                              uint32_t phase) {
  (void)data, (void)src, (void)n, (void)key, (void)phase;
  while (pause() == -1) {  // pause() returns only after a signal handler ran: wait again
  }
  return 0;
}

static const maskcheck_entry kNeverReturns[] = {
    IN_PLACE("unmask", 1, MASKCHECK_BEYOND_UNTOUCHED, never_returns)};

static uint32_t faults(uint8_t* data, const uint8_t* src, size_t n, uint8_t key[4],
                       uint32_t phase) {
  (void)data, (void)src, (void)n, (void)key, (void)phase;
  *(volatile uint8_t*)(uintptr_t)16 = 0;
  return 0;
}

static const maskcheck_entry kFaults[] = {
    IN_PLACE("unmask", 1, MASKCHECK_BEYOND_UNTOUCHED, faults)};

static int cpu_says_yes(void) { return 1; }
static int cpu_says_no(void) { return 0; }

#define KERNEL_FOR_CPU(name_, summary_, entries_, cpu_supports_) \
  { name_, summary_, entries_, sizeof entries_ / sizeof entries_[0], cpu_supports_ }
#define KERNEL(name_, summary_, entries_) KERNEL_FOR_CPU(name_, summary_, entries_, NULL)

static const maskcheck_kernel kKernels[] = {
    KERNEL("exactly-n", "in place, exactly n bytes, declared so", kExactlyN),
    KERNEL("claims-rounded", "the exactly-n loop declared as unmasking round_up(n, 4) bytes",
           kClaimsRounded),
    KERNEL("rounded-maybe", "whole words in place, declared as maybe writing past n",
           kRoundedMaybe),
    KERNEL("rotated", "carries the key rotated and leaves it rotated by n", kRotated),
    KERNEL("rotated-backwards", "rotates the carried key the wrong way", kRotatedBackwards),
    KERNEL("shift-8-only", "moves back by 8..14 bytes, 8 bytes at a time", kShiftEightOnly),
    KERNEL_FOR_CPU("cpu-has", "unmasks nothing; this CPU runs it", kUnmasksNothing, cpu_says_yes),
    KERNEL_FOR_CPU("cpu-lacks", "unmasks nothing; no CPU runs it", kUnmasksNothing, cpu_says_no),
    KERNEL("never-returns", "waits for signals forever", kNeverReturns),
    KERNEL("faults", "writes to an address nothing maps", kFaults),
};

MASKCHECK_PLUGIN_KERNELS(kKernels)
