// Deliberately broken parsers: impl's parser with one edit each (tests/broken_parsers/*.edit).
// The split sweep must catch every one of them, but those that live in a blind spot it cannot
// reach: those only the named streams of one class catch.
#pragma once

#include <span>
#include <string_view>

#include "maskcheck/parser_session.h"

namespace maskcheck::testing {

struct BrokenParser {
  std::string_view name;
  ParserMaker make;
  // Empty, or the start of the names of the only named streams that catch it.
  std::string_view only_caught_by = {};
};

std::span<const BrokenParser> broken_parsers();

}  // namespace maskcheck::testing
