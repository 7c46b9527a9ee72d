/* maskcheck's plug-in ABI, in plain C99: a shared library that defines maskcheck_plugin_kernels()
 * hands maskcheck its kernels, and for each kernel the entry points it implements with their TRUE
 * contracts. maskcheck gives every call exactly the memory its contract declares, checks every
 * byte the contract says it must write, and traps on the first byte the contract does not allow.
 *
 * Terms: n is the payload length; src the first payload byte read, dst the first written;
 * key[(phase + i) % 4] masks payload byte i (RFC 6455 section 5.3). */
#ifndef MASKCHECK_PLUGIN_H
#define MASKCHECK_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Changes whenever a struct or enum below changes; a library built for another ABI is refused. */
#define MASKCHECK_PLUGIN_ABI 2

/* How the key position travels between calls. */
typedef enum maskcheck_key_carry {
  /* The call takes the phase of payload byte 0 (0..3) and returns (phase + n) % 4. */
  MASKCHECK_KEY_PHASE = 0,
  /* The call takes the key already rotated to payload byte 0 and leaves it rotated by n. */
  MASKCHECK_KEY_ROTATED = 1,
  /* The call always starts at key byte 0 and returns nothing: the caller rotates. */
  MASKCHECK_KEY_FROM_START = 2
} maskcheck_key_carry;

/* What the call does with the bytes of its write footprint that lie outside [dst, dst + n). */
typedef enum maskcheck_beyond_payload {
  MASKCHECK_BEYOND_UNTOUCHED = 0, /* they keep their value */
  MASKCHECK_BEYOND_MAY_WRITE = 1, /* each keeps its value or becomes the source byte ^ key */
  MASKCHECK_BEYOND_MUST_WRITE = 2 /* each becomes the source byte at the same offset ^ key */
} maskcheck_beyond_payload;

/* A footprint: from `before` bytes ahead of the pointer to round_up(n + after, granule) past
 * it. granule is 1, 4, 8, 16, 32 or 64. */
typedef struct maskcheck_extent {
  uint32_t granule;
  uint32_t after;
  uint32_t before;
} maskcheck_extent;

/* One call of an entry point. `key` is the key (or, for MASKCHECK_KEY_ROTATED, the key rotated
 * to payload byte 0, which the call leaves rotated by n); `phase` is used by MASKCHECK_KEY_PHASE
 * only, and so is the return value. For in-place entries dst == src. */
typedef uint32_t (*maskcheck_call)(uint8_t* dst, const uint8_t* src, size_t n, uint8_t key[4],
                                   uint32_t phase);

typedef struct maskcheck_entry {
  const char* name;         /* letters, digits, '-', '_' or '.'; unique in its kernel */
  int in_place;             /* nonzero: dst == src, the only placement */
  uint32_t min_shift;       /* moving entries: dst = src - D, min_shift <= D <= max_shift, the */
  uint32_t max_shift;       /* buffers overlapping or not (MASKCHECK_ANY_SHIFT: no upper bound) */
  int dst_above;            /* nonzero: dst may also lie wholly above src */
  uint32_t length_multiple; /* n is always a multiple of this (1: any n) */
  maskcheck_extent read;    /* from src */
  maskcheck_extent write;   /* from dst */
  maskcheck_beyond_payload beyond;
  maskcheck_key_carry key;
  maskcheck_call call;
} maskcheck_entry;

typedef struct maskcheck_kernel {
  const char* name;    /* letters, digits, '-', '_' or '.'; unique among all kernels */
  const char* summary; /* one line for `maskcheck list` */
  const maskcheck_entry* entries;
  size_t entry_count;
  int (*cpu_supports)(void); /* nonzero if this CPU can run it; NULL: always */
} maskcheck_kernel;

/* The one function a plug-in library defines: its kernels (alive as long as the process), how
 * many, and the MASKCHECK_PLUGIN_ABI it was built with. */
const maskcheck_kernel* maskcheck_plugin_kernels(size_t* count, uint32_t* abi);

#define MASKCHECK_ANY_SHIFT UINT32_MAX

/* The contracts of maskcheck's own four entry points, for kernels that keep them (dst at or below
 * src, and for exact also wholly above it):
 *   words:     n a multiple of 4, reads and writes exactly n bytes, starts at key byte 0;
 *   imprecise: reads and writes round_up(n + 1, 4) bytes, all of them unmasked, key byte 0 first;
 *   inplace:   in place, round_up(n, 4) bytes, all of them unmasked, key byte 0 first;
 *   exact:     exactly n bytes, takes and returns the phase. */
#define MASKCHECK_WORDS_ENTRY(call)                                                             \
  {                                                                                             \
    "words", 0, 0, MASKCHECK_ANY_SHIFT, 0, 4, {1, 0, 0}, {1, 0, 0}, MASKCHECK_BEYOND_UNTOUCHED, \
        MASKCHECK_KEY_FROM_START, call                                                          \
  }
#define MASKCHECK_IMPRECISE_ENTRY(call)                                 \
  {                                                                     \
    "imprecise", 0, 0, MASKCHECK_ANY_SHIFT, 0, 1, {4, 1, 0}, {4, 1, 0}, \
        MASKCHECK_BEYOND_MUST_WRITE, MASKCHECK_KEY_FROM_START, call     \
  }
#define MASKCHECK_INPLACE_ENTRY(call)                                            \
  {                                                                              \
    "inplace", 1, 0, 0, 0, 1, {4, 0, 0}, {4, 0, 0}, MASKCHECK_BEYOND_MUST_WRITE, \
        MASKCHECK_KEY_FROM_START, call                                           \
  }
#define MASKCHECK_EXACT_ENTRY(call)                                                             \
  {                                                                                             \
    "exact", 0, 0, MASKCHECK_ANY_SHIFT, 1, 1, {1, 0, 0}, {1, 0, 0}, MASKCHECK_BEYOND_UNTOUCHED, \
        MASKCHECK_KEY_PHASE, call                                                               \
  }

/* Defines maskcheck_plugin_kernels() over an array of kernels (C or C++; the declaration above
 * gives it C linkage). */
#define MASKCHECK_PLUGIN_KERNELS(kernels)                                          \
  const maskcheck_kernel* maskcheck_plugin_kernels(size_t* count, uint32_t* abi) { \
    *count = sizeof(kernels) / sizeof((kernels)[0]);                               \
    *abi = MASKCHECK_PLUGIN_ABI;                                                   \
    return kernels;                                                                \
  }

#ifdef __cplusplus
}
#endif

#endif /* MASKCHECK_PLUGIN_H */
