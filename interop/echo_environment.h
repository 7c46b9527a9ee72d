// What the C++ echo servers and clients of interop/ read from their environment.
#pragma once

#include <cstdlib>
#include <string_view>

namespace maskcheck::interop {

inline bool set_to_one(const char* name) {
  const char* const set = std::getenv(name);
  return set != nullptr && std::string_view(set) == "1";
}

// MASKCHECK_DEFLATE=1: offer or accept permessage-deflate.
inline bool deflating() {
  return set_to_one("MASKCHECK_DEFLATE");
}

// MASKCHECK_COUNT=1 (maskcheck throughput): a server takes binary messages, not echoing them; text
// it still echoes.
inline bool counting() {
  static const bool set = set_to_one("MASKCHECK_COUNT");
  return set;
}

}  // namespace maskcheck::interop
