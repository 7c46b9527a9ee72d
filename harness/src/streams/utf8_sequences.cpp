#include "streams/utf8_sequences.h"

#include <initializer_list>
#include <string_view>

namespace maskcheck {

namespace {

using Bytes = std::vector<std::uint8_t>;

// The shortest length the original UTF-8 (RFC 2279, up to six bytes) gives a value.
unsigned natural_length(std::uint32_t value) {
  unsigned length = 1;
  for (std::uint32_t limit : {0x80u, 0x800u, 0x10000u, 0x200000u, 0x4000000u}) {
    if (value < limit) return length;
    ++length;
  }
  return length;
}

// The largest value `length` bytes hold: 7 bits in one, 5 more in each longer form.
std::uint32_t largest_of_length(unsigned length) {
  return length == 1 ? 0x7f : (std::uint32_t{1} << (5 * length + 1)) - 1;
}

// `value` in `length` bytes, however long it needs: overlong forms, surrogates and values past
// U+10FFFF are all written the way a naive encoder writes them.
Bytes encoded(std::uint32_t value, unsigned length) {
  if (length == 1) return {static_cast<std::uint8_t>(value)};
  const unsigned shift = 6 * (length - 1);
  Bytes bytes{static_cast<std::uint8_t>((0xff00u >> length) | (value >> shift))};
  for (unsigned at = shift; at > 0;) {
    at -= 6;
    bytes.push_back(static_cast<std::uint8_t>(0x80 | ((value >> at) & 0x3f)));
  }
  return bytes;
}

Bytes encoded(std::initializer_list<std::uint32_t> text) {
  Bytes bytes;
  for (std::uint32_t value : text) {
    const Bytes one = encoded(value, natural_length(value));
    bytes.insert(bytes.end(), one.begin(), one.end());
  }
  return bytes;
}

Bytes without_last_byte(Bytes bytes) {
  bytes.pop_back();
  return bytes;
}

class Groups {
 public:
  void add(std::string_view group, Bytes bytes) {
    if (group != group_) {
      group_ = group;
      place_ = 0;
    }
    sequences_.push_back({std::string(group) + "-" + std::to_string(++place_), std::move(bytes)});
  }
  std::vector<Utf8Sequence> take() { return std::move(sequences_); }

 private:
  std::vector<Utf8Sequence> sequences_;
  std::string_view group_;
  unsigned place_ = 0;
};

std::vector<Utf8Sequence> make_sequences() {
  Groups groups;
  const Bytes kosme = encoded({0x3ba, 0x1f79, 0x3c3, 0x3bc, 0x3b5});  // "κόσμε"
  for (std::uint32_t middle : {0x24u, 0xa2u, 0x20acu, 0x24b62u}) {
    groups.add("valid-text", encoded({'h', 'e', 'l', 'l', 'o', middle, 'w', 'o', 'r', 'l', 'd'}));
  }
  groups.add("valid-text", kosme);
  for (std::size_t length = 1; length <= kosme.size(); ++length)
    groups.add("prefix", {kosme.begin(), kosme.begin() + static_cast<std::ptrdiff_t>(length)});
  for (std::uint32_t value : {0x0u, 0x80u, 0x800u, 0x10000u})
    groups.add("first-of-length", encoded({value}));
  for (std::uint32_t value : {0x200000u, 0x4000000u})
    groups.add("first-of-five-and-six-bytes", encoded({value}));
  for (std::uint32_t value : {0x7fu, 0x7ffu, 0xffffu, 0x10ffffu})
    groups.add("last-of-length", encoded({value}));
  for (std::uint32_t value : {0x1fffffu, 0x3ffffffu, 0x7fffffffu})
    groups.add("last-of-four-to-six-bytes", encoded({value}));
  for (std::uint32_t value : {0xd7ffu, 0xe000u, 0xfffdu, 0x10ffffu, 0x110000u})
    groups.add("boundary", encoded({value}));

  groups.add("continuation-bytes", {0x80});
  groups.add("continuation-bytes", {0xbf});
  for (unsigned count = 2; count <= 6; ++count) {
    Bytes alternating;
    for (unsigned i = 0; i < count; ++i) alternating.push_back(i % 2 == 0 ? 0x80 : 0xbf);
    groups.add("continuation-bytes", alternating);
  }
  Bytes every_continuation;
  for (unsigned byte = 0x80; byte <= 0xbf; ++byte)
    every_continuation.push_back(static_cast<std::uint8_t>(byte));
  groups.add("continuation-bytes", every_continuation);

  // Every lead byte of each length, alone, each followed by a space.
  for (const auto& [first, last] :
       {std::pair{0xc0u, 0xdfu}, {0xe0u, 0xefu}, {0xf0u, 0xf7u}, {0xf8u, 0xfbu}, {0xfcu, 0xfdu}}) {
    Bytes lonely;
    for (unsigned lead = first; lead <= last; ++lead)
      lonely.insert(lonely.end(), {static_cast<std::uint8_t>(lead), ' '});
    groups.add("lonely-start-bytes", lonely);
  }

  // The smallest and the largest value of each length from two to six bytes, cut short.
  Bytes incomplete;
  for (bool largest : {false, true}) {
    for (unsigned length = 2; length <= 6; ++length) {
      const Bytes cut = without_last_byte(encoded(largest ? largest_of_length(length) : 0, length));
      groups.add("last-byte-missing", cut);
      incomplete.insert(incomplete.end(), cut.begin(), cut.end());
    }
  }
  groups.add("incomplete-sequences-together", incomplete);

  for (const Bytes& impossible : {Bytes{0xfe}, Bytes{0xff}, Bytes{0xfe, 0xfe, 0xff, 0xff}})
    groups.add("impossible-bytes", impossible);
  for (unsigned length = 2; length <= 6; ++length)
    groups.add("overlong-slash", encoded('/', length));
  for (unsigned length = 2; length <= 6; ++length)
    groups.add("overlong-largest", encoded(largest_of_length(length - 1), length));
  for (unsigned length = 2; length <= 6; ++length) groups.add("overlong-nul", encoded(0, length));

  constexpr std::uint32_t kHighSurrogates[] = {0xd800, 0xdb7f, 0xdb80, 0xdbff};
  constexpr std::uint32_t kLowSurrogates[] = {0xdc00, 0xdfff};
  for (std::uint32_t value : kHighSurrogates) groups.add("lone-surrogate", encoded({value}));
  for (std::uint32_t value : {0xdc00u, 0xdf80u, 0xdfffu})
    groups.add("lone-surrogate", encoded({value}));
  for (std::uint32_t high : kHighSurrogates) {
    for (std::uint32_t low : kLowSurrogates) groups.add("surrogate-pair", encoded({high, low}));
  }
  for (std::uint32_t plane = 0; plane <= 16; ++plane) {
    for (std::uint32_t last : {0xfffeu, 0xffffu})
      groups.add("noncharacter", encoded({plane << 16 | last}));
  }
  for (std::uint32_t value = 0xfff9; value <= 0xffff; ++value)
    groups.add("specials", encoded({value}));
  return groups.take();
}

}  // namespace

const std::vector<Utf8Sequence>& utf8_sequences() {
  static const std::vector<Utf8Sequence> sequences = make_sequences();
  return sequences;
}

}  // namespace maskcheck
