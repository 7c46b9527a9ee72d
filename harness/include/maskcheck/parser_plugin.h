/* maskcheck's parser plug-in ABI, in plain C99: a shared library that defines
 * maskcheck_plugin_parsers() hands maskcheck its server-side WebSocket frame parsers (RFC 6455
 * section 5.2: masked client frames in, events out), each with its TRUE receive-buffer contract.
 * maskcheck feeds a parser byte streams cut into reads, each read in a buffer that traps on the
 * first byte outside what the parser declares it may read, checks that it wrote only what it
 * declares it may write, and compares every event with a byte-at-a-time reference decoder. */
#ifndef MASKCHECK_PARSER_PLUGIN_H
#define MASKCHECK_PARSER_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#include "maskcheck/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Changes whenever a struct or enum below changes; a library built for another ABI is refused. */
#define MASKCHECK_PARSER_ABI 1

/* Why a parser ended the connection. A parser declares which of these it tells apart: where the
 * reference decoder finds one of those, the parser must report exactly it; where it finds another,
 * any error at the right frame will do (MASKCHECK_ERROR_UNSPECIFIED, or the parser's nearest). */
typedef enum maskcheck_frame_error {
  MASKCHECK_ERROR_UNSPECIFIED = 0,
  MASKCHECK_ERROR_UNMASKED_FRAME = 1,
  MASKCHECK_ERROR_RESERVED_BITS = 2,
  MASKCHECK_ERROR_RESERVED_OPCODE = 3,
  MASKCHECK_ERROR_CONTROL_FRAME_TOO_LONG = 4,
  MASKCHECK_ERROR_CONTROL_FRAME_FRAGMENTED = 5,
  MASKCHECK_ERROR_CONTINUATION_WITHOUT_MESSAGE = 6,
  MASKCHECK_ERROR_DATA_FRAME_INSIDE_MESSAGE = 7,
  MASKCHECK_ERROR_LENGTH_TOP_BIT_SET = 8,
  MASKCHECK_ERROR_MESSAGE_TOO_LARGE = 9,
  MASKCHECK_ERROR_INVALID_CLOSE_CODE = 10,
  MASKCHECK_ERROR_CLOSE_PAYLOAD_ONE_BYTE = 11,
  /* Only from a parser that declares the policy (below) that rejects them. */
  MASKCHECK_ERROR_INVALID_UTF8 = 12,
  MASKCHECK_ERROR_NON_MINIMAL_LENGTH = 13
} maskcheck_frame_error;

#define MASKCHECK_ERROR_BIT(error) (UINT32_C(1) << (error))
/* Every class above but MASKCHECK_ERROR_UNSPECIFIED. */
#define MASKCHECK_ALL_ERRORS (MASKCHECK_ERROR_BIT(MASKCHECK_ERROR_NON_MINIMAL_LENGTH + 1) - 2)

/* Legitimate policies a parser may declare, so the reference decoder applies them too: */
/* text messages and close reasons must be UTF-8 (invalid: MASKCHECK_ERROR_INVALID_UTF8) */
#define MASKCHECK_POLICY_UTF8 UINT32_C(1)
/* a 16-bit length below 126 or a 64-bit one below 65536 is MASKCHECK_ERROR_NON_MINIMAL_LENGTH */
#define MASKCHECK_POLICY_MINIMAL_LENGTHS UINT32_C(2)
/* what a length gives away (top bit, non-minimal, too large) is reported only once the whole
 * header, key included, has arrived */
#define MASKCHECK_POLICY_WHOLE_HEADER UINT32_C(4)
/* reports the first flaw in the reference decoder's order, at the byte by which the reference
 * does, never earlier and never another of the frame's flaws (maskcheck's own parser); without it
 * any flaw of a failing frame will do, from the byte that shows it on */
#define MASKCHECK_POLICY_REFERENCE_ORDER UINT32_C(8)
/* Every policy above. */
#define MASKCHECK_ALL_POLICIES UINT32_C(15)

/* Where the parser hands payload bytes out. */
typedef enum maskcheck_delivery {
  /* Pieces of each data frame as they arrive (on_data), control frames whole. */
  MASKCHECK_DELIVERS_FRAGMENTS = 0,
  /* Only whole messages (on_message: a text or binary frame and its continuations joined) and
   * whole control frames. */
  MASKCHECK_DELIVERS_MESSAGES = 1
} maskcheck_delivery;

/* What the parser may write in the bytes before data. */
typedef enum maskcheck_write_before {
  MASKCHECK_WRITES_NOTHING_BEFORE = 0,
  /* The part of a header that began in earlier reads, put back right in front of data (so a
   * payload can be moved back over its whole header); nothing before that part. */
  MASKCHECK_WRITES_SPILLED_HEADER = 1
} maskcheck_write_before;

/* The receive-buffer contract for consume(data, n). The bytes in [data, data + n) are the
 * parser's to read and write. */
typedef struct maskcheck_receive_contract {
  uint32_t read_before; /* bytes before data it may read */
  uint32_t read_after;  /* bytes after data + n it may read (padding, never stream bytes) */
  uint32_t write_after; /* of those, how many (from data + n on) it may write */
  maskcheck_write_before write_before;
  int in_place; /* nonzero: every payload it hands out lies in the current read's buffer */
} maskcheck_receive_contract;

/* Where events go. Pointers handed to a callback are valid only during the call. */
typedef struct maskcheck_parser_events {
  void* context; /* passed back to every callback */
  /* MASKCHECK_DELIVERS_FRAGMENTS: a piece of a text, binary or continuation frame, unmasked;
   * `remaining` is how many payload bytes of this frame are still to come. */
  void (*on_data)(void* context, uint8_t opcode, int fin, const uint8_t* payload, size_t n,
                  uint64_t remaining);
  /* MASKCHECK_DELIVERS_MESSAGES: a whole text (1) or binary (2) message, unmasked. */
  void (*on_message)(void* context, uint8_t opcode, const uint8_t* payload, size_t n);
  /* A whole ping, pong or close frame, unmasked. */
  void (*on_control)(void* context, uint8_t opcode, const uint8_t* payload, size_t n);
  /* The connection is over; no further events follow. */
  void (*on_error)(void* context, maskcheck_frame_error error);
} maskcheck_parser_events;

/* The kernel a parser runs on, if it takes one: the kernel under test's imprecise, inplace and
 * exact entry points with the contracts of MASKCHECK_IMPRECISE_ENTRY, MASKCHECK_INPLACE_ENTRY and
 * MASKCHECK_EXACT_ENTRY (maskcheck/plugin.h); `context` is the first argument of each. */
typedef struct maskcheck_parser_kernel {
  const char* name;
  const void* context;
  void (*imprecise)(const void* context, uint8_t* dst, const uint8_t* src, size_t n,
                    const uint8_t key[4]);
  void (*inplace)(const void* context, uint8_t* data, size_t n, const uint8_t key[4]);
  uint32_t (*exact)(const void* context, uint8_t* dst, const uint8_t* src, size_t n,
                    const uint8_t key[4], uint32_t phase);
} maskcheck_parser_kernel;

typedef struct maskcheck_parser_options {
  uint64_t max_message_size; /* a message with more payload bytes is message-too-large */
  uint32_t variant;          /* which of the declaration's variants */
} maskcheck_parser_options;

typedef struct maskcheck_parser {
  const char* name;    /* letters, digits, '-', '_' or '.'; unique among all parsers */
  const char* summary; /* one line for `maskcheck list` */
  maskcheck_receive_contract buffer;
  maskcheck_delivery delivery;
  uint32_t errors_told_apart; /* MASKCHECK_ERROR_BIT of each class it reports as itself */
  uint32_t policies;          /* MASKCHECK_POLICY_* it applies, or 0 */
  int takes_kernel;           /* nonzero: create() gets a kernel, and runs on every one that fits */
  /* The configurations to check it in (e.g. where payloads land), each checked in full: at
   * least one; names as for the parser. */
  const char* const* variants;
  size_t variant_count;
  /* A new connection, or NULL if out of memory. `kernel` is NULL unless takes_kernel; `kernel`
   * and `events` outlive the connection, `options` only the call. */
  void* (*create)(const maskcheck_parser_kernel* kernel, const maskcheck_parser_options* options,
                  const maskcheck_parser_events* events);
  /* Parses one read in place; the bytes around it per `buffer`. Never called after an error. */
  void (*consume)(void* parser, uint8_t* data, size_t n);
  void (*destroy)(void* parser);
} maskcheck_parser;

/* The one function a parser plug-in library defines: its parsers (alive as long as the process),
 * how many, and the MASKCHECK_PARSER_ABI it was built with. */
const maskcheck_parser* maskcheck_plugin_parsers(size_t* count, uint32_t* abi);

/* Defines maskcheck_plugin_parsers() over an array of parsers (C or C++). */
#define MASKCHECK_PLUGIN_PARSERS(parsers)                                          \
  const maskcheck_parser* maskcheck_plugin_parsers(size_t* count, uint32_t* abi) { \
    *count = sizeof(parsers) / sizeof((parsers)[0]);                               \
    *abi = MASKCHECK_PARSER_ABI;                                                   \
    return parsers;                                                                \
  }

#ifdef __cplusplus
}
#endif

#endif /* MASKCHECK_PARSER_PLUGIN_H */
