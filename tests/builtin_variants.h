// Every variant of the built-in parser, as a GoogleTest parameter range: the suites that run each
// variant name it once here, so a variant added to the parser reaches all of them.
#pragma once

#include <gtest/gtest.h>

#include "maskcheck/parser_registry.h"

namespace maskcheck {

inline auto every_builtin_variant() {
  return ::testing::Range(0u, static_cast<unsigned>(builtin_parser().variant_count));
}

}  // namespace maskcheck
