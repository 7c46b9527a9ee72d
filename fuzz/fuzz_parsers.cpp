#include "fuzz_parsers.h"

namespace maskcheck::fuzz {

const ParserUnderFuzz& parser_under_fuzz() {
  static const ParserUnderFuzz kParser{"the parser", parser_maker<FrameParser>()};
  return kParser;
}

}  // namespace maskcheck::fuzz
