// Deliberately broken parsers: impl's parser with one edit each
// (tests/planted/broken_parsers/*.edit). The split sweep must catch every one of them, but those
// that live in a blind spot it cannot reach: those only the named streams of one class catch.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "core/parser.h"

namespace maskcheck::testing {

struct BrokenParser {
  Parser parser;  // declared as maskcheck's own is, named after its edit
  // Empty, or parts of the case ids of the only splits and named streams that catch it.
  std::vector<std::string_view> only_caught_where = {};
};

std::span<const BrokenParser> broken_parsers();

}  // namespace maskcheck::testing
