/* A plug-in kernel library in C alone, as a user would write one: a correct byte loop with
 * maskcheck's own four entry points, one whose exact writes a byte past its footprint (a sweep
 * through --plugin must catch it), and one whose exact gets the last byte wrong for some lengths
 * only, scattered over the case space. Built a second time with the wrong ABI number, which
 * maskcheck must refuse to load. */
#include "maskcheck/plugin.h"
#include "plugin_bytes.h"


static uint32_t words(uint8_t* dst, const uint8_t* src, size_t n, uint8_t key[4], uint32_t phase) {
  (void)phase;
  xor_bytes(dst, src, n, key, 0);
  return 0;
}

static uint32_t imprecise(uint8_t* dst, const uint8_t* src, size_t n, uint8_t key[4],
                          uint32_t phase) {
  (void)phase;
  xor_bytes(dst, src, (n / 4 + 1) * 4, key, 0);
  return 0;
}

static uint32_t exact(uint8_t* dst, const uint8_t* src, size_t n, uint8_t key[4], uint32_t phase) {
  xor_bytes(dst, src, n, key, phase);
  return (uint32_t)((phase + n) & 3);
}

static uint32_t exact_writes_past_end(uint8_t* dst, const uint8_t* src, size_t n, uint8_t key[4],
                                      uint32_t phase) {
  xor_bytes(dst, src, n + 1, key, phase);
  return (uint32_t)((phase + n) & 3);
}

static uint32_t exact_some_lengths_wrong(uint8_t* dst, const uint8_t* src, size_t n,
                                         uint8_t key[4], uint32_t phase) {
  xor_bytes(dst, src, n, key, phase);
  if (n % 5 == 3) dst[n - 1] ^= 0x10;
  return (uint32_t)((phase + n) & 3);
}

static const maskcheck_entry kBytes[] = {
    MASKCHECK_WORDS_ENTRY(words), MASKCHECK_IMPRECISE_ENTRY(imprecise),
    MASKCHECK_INPLACE_ENTRY(in_place_whole_words), MASKCHECK_EXACT_ENTRY(exact)};
static const maskcheck_entry kWritesPastEnd[] = {
    MASKCHECK_WORDS_ENTRY(words), MASKCHECK_IMPRECISE_ENTRY(imprecise),
    MASKCHECK_INPLACE_ENTRY(in_place_whole_words), MASKCHECK_EXACT_ENTRY(exact_writes_past_end)};
static const maskcheck_entry kSomeLengthsWrong[] = {
    MASKCHECK_WORDS_ENTRY(words), MASKCHECK_IMPRECISE_ENTRY(imprecise),
    MASKCHECK_INPLACE_ENTRY(in_place_whole_words), MASKCHECK_EXACT_ENTRY(exact_some_lengths_wrong)};

static const maskcheck_kernel kKernels[] = {
    {"plugin-bytes", "a byte loop from a plug-in library", kBytes, 4, NULL},
    {"plugin-write-past-end", "exact writes one byte past n", kWritesPastEnd, 4, NULL},
    {"plugin-some-lengths-wrong", "exact flips a bit of the last byte when n % 5 == 3",
     kSomeLengthsWrong, 4, NULL},
};

const maskcheck_kernel* maskcheck_plugin_kernels(size_t* count, uint32_t* abi) {
  *count = sizeof kKernels / sizeof kKernels[0];
  *abi = MASKCHECK_PLUGIN_ABI + PLUGIN_ABI_OFFSET;
  return kKernels;
}
