// One point of the case space, and its stable one-line id ("block:exact:n5:a3:d4:k37fa213d:p1").
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>

#include "core/kernel.h"

namespace maskcheck {

struct TestCase {
  const Entry* entry = nullptr;  // the kernel's declared entry point
  std::size_t length = 0;        // payload bytes n
  unsigned alignment = 0;        // src address modulo 64 in the aligned layout
  unsigned shift = 0;            // D: how far dst trails src (or, dst_above, leads it)
  Key key{};
  unsigned phase = 0;      // the key byte payload byte 0 takes, for entries that carry a position
  bool dst_above = false;  // dst = src + D, wholly above src; "d-D" in the id

  bool operator==(const TestCase&) const = default;
};

// The longest payload a case may carry: the arena maps about this much, twice for the images.
inline constexpr std::size_t kMaxLength = std::size_t{1} << 30;
// The largest shift a case may carry: dst wholly below the longest payload, with room between.
inline constexpr unsigned kMaxShift = static_cast<unsigned>(kMaxLength + 4096);

std::string case_id(std::string_view kernel, const TestCase& test_case);

// An id's fields: its test case has every field but the entry, which only the kernel can name.
struct ParsedCaseId {
  std::string kernel;
  std::string entry;
  TestCase test_case;
};

// Either the parsed id or a one-line reason it is not one.
std::variant<ParsedCaseId, std::string> parse_case_id(std::string_view id);

// Empty when the case is one its entry point's contract accepts, else why not.
std::string validate_case(const TestCase& test_case);

}  // namespace maskcheck
