// What a parser reported for a stream, frames whole (fragments joined), so two runs of one stream
// with different cuts can be compared without the reference decoder.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "core/parser.h"

namespace maskcheck::testing {

struct ParsedFrame {
  std::uint8_t opcode = 0;
  bool fin = false;
  std::vector<std::uint8_t> payload;
  bool operator==(const ParsedFrame&) const = default;
};

struct ParseLog {
  std::vector<ParsedFrame> frames;  // the last one may still await payload
  std::optional<maskcheck_frame_error> error;
  std::size_t error_frame = 0;  // frames completed before the error
  bool operator==(const ParseLog&) const = default;
};

// The frames (opcode, FIN, size, first payload bytes) and the error, on one line.
std::ostream& operator<<(std::ostream& os, const ParseLog& log);
// "invalid-close-code after frame 2", or "none".
std::string error_summary(const ParseLog& log);

// Feeds `stream` cut at `cuts` to a new connection of the parser, each read in its own heap
// receive buffer with exactly the padding it declares (ASan flags a byte outside it), and records
// what it reports: frames, or whole messages for a parser that delivers those.
ParseLog parse_in_reads(const ParserOnKernel& subject, std::span<const std::uint8_t> stream,
                        std::span<const std::size_t> cuts, maskcheck_parser_options options);

}  // namespace maskcheck::testing
