// The parser stream_diff drives: impl's FrameParser (fuzz_parsers.cpp), or in stream_diff_planted
// a broken parser from tests/broken_parsers (planted_parser.cpp), to show the target finds it.
#pragma once

#include <string_view>

#include "maskcheck/parser_session.h"

namespace maskcheck::fuzz {

struct ParserUnderFuzz {
  std::string_view name;
  ParserMaker make;
};

const ParserUnderFuzz& parser_under_fuzz();

}  // namespace maskcheck::fuzz
