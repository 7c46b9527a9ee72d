// The byte sequences of Markus Kuhn's UTF-8 decoder test, group by group: valid text, the edges of
// each sequence length, and every way a decoder is known to go wrong (stray and missing
// continuation bytes, overlong forms, surrogates, code points past U+10FFFF, bytes FE and FF),
// each one a text message of its own for the named streams.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace maskcheck {

struct Utf8Sequence {
  std::string name;  // "overlong-nul-3": the group, then the sequence's place in it from 1
  std::vector<std::uint8_t> bytes;
};

const std::vector<Utf8Sequence>& utf8_sequences();

}  // namespace maskcheck
