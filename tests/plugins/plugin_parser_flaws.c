/* A parser plug-in with one flaw in its declaration, chosen by FLAW at build time, for the parser
 * plug-in test: maskcheck must refuse each in one line. FLAW 0 is the flawless declaration. Its
 * parser never parses: it is refused before it would. */
#include "maskcheck/parser_plugin.h"

static void* create(const maskcheck_parser_kernel* kernel, const maskcheck_parser_options* options,
                    const maskcheck_parser_events* events) {
  (void)kernel, (void)options, (void)events;
  return NULL;
}
static void consume(void* parser, uint8_t* data, size_t n) {
  (void)parser, (void)data, (void)n;
}
static void destroy(void* parser) {
  (void)parser;
}

static const char* const one[] = {"default"};
static const char* const twice[] = {"default", "default"};

#define PARSER(name, buffer, errors, policies, variants, count, destroy_call)                      \
  {                                                                                                \
    name, "a declaration with one flaw", buffer, MASKCHECK_DELIVERS_MESSAGES, errors, policies, 0, \
        variants, count, create, consume, destroy_call                                             \
  }

/* (Macros: C takes no const object as an initializer.) */
#define plain \
  { 0, 0, 0, MASKCHECK_WRITES_NOTHING_BEFORE, 0 }
#define writes_past_reads \
  { 0, 2, 3, MASKCHECK_WRITES_NOTHING_BEFORE, 0 }
#define huge_padding \
  { 8192, 0, 0, MASKCHECK_WRITES_NOTHING_BEFORE, 0 }
#define spill_without_room \
  { 4, 0, 0, MASKCHECK_WRITES_SPILLED_HEADER, 0 }

static const maskcheck_parser parsers[] = {
#if FLAW == 1
    PARSER("no-variant", plain, 0, 0, one, 0, destroy),
#elif FLAW == 2
    PARSER("variant-twice", plain, 0, 0, twice, 2, destroy),
#elif FLAW == 3
    PARSER("writes-past-reads", writes_past_reads, 0, 0, one, 1, destroy),
#elif FLAW == 4
    PARSER("huge-padding", huge_padding, 0, 0, one, 1, destroy),
#elif FLAW == 5
    PARSER("spill-without-room", spill_without_room, 0, 0, one, 1, destroy),
#elif FLAW == 6
    PARSER("bad:name", plain, 0, 0, one, 1, destroy),
#elif FLAW == 7
    PARSER("no-destroy", plain, 0, 0, one, 1, NULL),
#elif FLAW == 8
    PARSER("unknown-errors", plain, UINT32_C(1) << 20, 0, one, 1, destroy),
#elif FLAW == 9
    PARSER("same-name", plain, 0, 0, one, 1, destroy),
    PARSER("same-name", plain, 0, 0, one, 1, destroy),
#elif FLAW == 11
    PARSER("unknown-policy", plain, 0, UINT32_C(1) << 8, one, 1, destroy),
#else
    PARSER("flawless", plain, 0, 0, one, 1, destroy),
#endif
};

const maskcheck_parser* maskcheck_plugin_parsers(size_t* count, uint32_t* abi) {
  (void)destroy; /* used by all but FLAW 7 */
  *count = sizeof(parsers) / sizeof(parsers[0]);
  *abi = FLAW == 10 ? MASKCHECK_PARSER_ABI + 1 : MASKCHECK_PARSER_ABI; /* 10: another ABI */
  return parsers;
}
