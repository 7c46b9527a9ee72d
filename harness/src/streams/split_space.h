// Three-way read splits of a two-frame stream: the frame under test (header size 6, 8 or 14),
// then a short frame whose header an overrun of the first payload would corrupt. Header 6 also
// splits a message in three fragments with a ping, a pong and a close between them, ending at a
// small message size limit or one byte past it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "maskcheck/unmask_functions.h"

namespace maskcheck {

struct SplitCase {
  unsigned header_size = 6;
  bool controls = false;   // the fragmented message with control frames between its fragments
  std::size_t length = 0;  // payload bytes of the frame under test, or of the whole message
  Key key{};
  unsigned variant = 0;  // of the parser's declared variants
  std::size_t first_cut =
      0;  // reads are [0, first_cut), [first_cut, second_cut), [second_cut, end)
  std::size_t second_cut = 0;

  bool operator==(const SplitCase&) const = default;
};

// A frame declaring more than any buffer holds (header 14, 2^32 - 1 .. 2^63 - 1 bytes) is sent
// only in part, with no frame after it, to a parser with no size limit.
std::vector<std::uint8_t> split_stream(const SplitCase& split);
std::size_t split_stream_size(const SplitCase& split);
std::uint64_t split_size_limit(const SplitCase& split);

// The message size limit of the controls stream; its message ends at it or one byte past it.
inline constexpr std::size_t kControlsSizeLimit = 40;

// "block:split:h6:n77:k37fa213d:over-header:c3,40": the subject (subject_name() in parser.h), the
// split, the parser's variant by name; "controls" instead of "h6" for the controls stream.
std::string split_case_id(std::string_view subject, std::string_view variant,
                          const SplitCase& split);

struct ParsedSplitId {
  std::string subject;
  std::string variant;  // split.variant is left for the parser to resolve
  SplitCase split;
};
std::variant<ParsedSplitId, std::string> parse_split_case_id(std::string_view id);

// Header 6: every pair of cuts for every payload 0..125 and of the controls stream; header 8:
// every pair for 126..300.
// `exhaustive_up_to` lowers that bound (for quick runs). Header 8 and 14 also get long payloads
// with cuts that cover every cut inside the header, every remainder modulo 64 in the first and
// middle piece, and both sides of the 16- and 64-byte blocks; header 14 also frames declaring
// 2^32 - 1 .. 2^63 - 1 bytes, sent in part. Keys rotate over zero, RFC, random.
struct SplitPlan {
  unsigned header_size = 6;
  unsigned variant = 0;
  std::size_t exhaustive_up_to = 300;
};

bool for_each_split(const SplitPlan& plan, const std::function<bool(const SplitCase&)>& visit);
std::uint64_t count_splits(const SplitPlan& plan);

}  // namespace maskcheck
