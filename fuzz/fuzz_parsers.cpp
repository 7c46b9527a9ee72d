#include "fuzz_parsers.h"

#include <cstdio>
#include <cstdlib>

#include "registry/parser_registry.h"

namespace maskcheck::fuzz {

const std::vector<const Parser*>& parsers_under_fuzz() {
  static const std::vector<const Parser*> kParsers = [] {
    if (const std::string error = load_parser_plugins_from_environment(); !error.empty()) {
      std::fprintf(stderr, "stream_diff: %s\n", error.c_str());
      std::exit(2);
    }
    std::vector<const Parser*> parsers = loaded_parsers();
    if (parsers.empty()) parsers.push_back(&builtin_parser());
    return parsers;
  }();
  return kParsers;
}

}  // namespace maskcheck::fuzz
