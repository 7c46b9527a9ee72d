// The parsers stream_diff drives: maskcheck's own, or the plug-in parsers MASKCHECK_PARSER_PLUGINS
// names (fuzz_parsers.cpp); in stream_diff_planted a broken parser from
// tests/planted/broken_parsers (planted_parser.cpp), to show the target finds it.
#pragma once

#include <vector>

#include "core/parser.h"

namespace maskcheck::fuzz {

const std::vector<const Parser*>& parsers_under_fuzz();

}  // namespace maskcheck::fuzz
