// Deliberately broken parsers: impl's parser with one edit each (tests/broken_parsers/*.edit).
// The split sweep must catch every one of them.
#pragma once

#include <span>
#include <string_view>

#include "maskcheck/parser_session.h"

namespace maskcheck::testing {

struct BrokenParser {
  std::string_view name;
  ParserMaker make;
};

std::span<const BrokenParser> broken_parsers();

}  // namespace maskcheck::testing
