// Three-way read splits of a two-frame stream: the frame under test (header size 6, 8 or 14),
// then a short frame whose header an overrun of the first payload would corrupt.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "maskcheck/frame_parser.h"

namespace maskcheck {

struct SplitCase {
  unsigned header_size = 6;
  std::size_t length = 0;  // payload bytes of the frame under test
  Key key{};
  MoveBack move_back = MoveBack::over_header;
  std::size_t first_cut =
      0;  // reads are [0, first_cut), [first_cut, second_cut), [second_cut, end)
  std::size_t second_cut = 0;

  bool operator==(const SplitCase&) const = default;
};

// A frame declaring more than any buffer holds (header 14, 2^32 - 1 .. 2^63 - 1 bytes) is sent
// only in part, with no frame after it, to a parser with no size limit.
std::vector<std::uint8_t> split_stream(const SplitCase& split);
std::size_t split_stream_size(unsigned header_size, std::size_t length);
std::uint64_t split_size_limit(const SplitCase& split);

// "block:split:h6:n77:k37fa213d:over-header:c3,40"
std::string split_case_id(std::string_view kernel, const SplitCase& split);

struct ParsedSplitId {
  std::string kernel;
  SplitCase split;
};
std::variant<ParsedSplitId, std::string> parse_split_case_id(std::string_view id);

std::string_view move_back_name(MoveBack move_back);

// Header 6: every pair of cuts for every payload 0..125; header 8: every pair for 126..300.
// `exhaustive_up_to` lowers that bound (for quick runs). Header 8 and 14 also get long payloads
// with cuts that cover every cut inside the header, every remainder modulo 64 in the first and
// middle piece, and both sides of the 16- and 64-byte blocks; header 14 also frames declaring
// 2^32 - 1 .. 2^63 - 1 bytes, sent in part. Keys rotate over zero, RFC, random.
struct SplitPlan {
  unsigned header_size = 6;
  MoveBack move_back = MoveBack::over_header;
  std::size_t exhaustive_up_to = 300;
};

bool for_each_split(const SplitPlan& plan, const std::function<bool(const SplitCase&)>& visit);
std::uint64_t count_splits(const SplitPlan& plan);

}  // namespace maskcheck
