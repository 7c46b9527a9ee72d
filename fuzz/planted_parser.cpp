#include "broken_parser_middle-not-unmasked.h"
#include "fuzz_parsers.h"

namespace maskcheck::fuzz {

// A middle read of a long payload left masked: the block unmasker's own history.
const ParserUnderFuzz& parser_under_fuzz() {
  static const ParserUnderFuzz kParser{"the planted parser middle-not-unmasked",
                                       parser_maker<BrokenParser_middle_not_unmasked>()};
  return kParser;
}

}  // namespace maskcheck::fuzz
