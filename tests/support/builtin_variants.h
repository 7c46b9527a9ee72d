// Every variant of the built-in parser, as a GoogleTest parameter range, and the test name that
// ends in one: the suites that run each variant name them once here, so a variant added to the
// parser reaches all of them.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>

#include "core/parser.h"
#include "registry/parser_registry.h"

namespace maskcheck {

inline auto every_builtin_variant() {
  return ::testing::Range(0u, static_cast<unsigned>(builtin_parser().variant_count));
}

// `prefix_variant`, with '-' made '_' as GoogleTest names allow.
inline std::string name_with_variant(std::string_view prefix, unsigned variant) {
  std::string name =
      std::string(prefix) + "_" + std::string(variant_name(builtin_parser(), variant));
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

}  // namespace maskcheck
