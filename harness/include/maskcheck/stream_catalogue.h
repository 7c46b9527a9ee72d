// Named streams for the stream checks: every payload length back to back in one read, frames
// larger than a 512 KiB receive buffer up to the 64 MiB limit, frames declaring 2^32 bytes and
// more of which only a prefix is sent, fragmented messages with control frames between their
// fragments, and one stream per protocol error, each cut into reads in several ways.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "maskcheck/kernel.h"
#include "maskcheck/parser_session.h"
#include "maskcheck/reference_frame_decoder.h"
#include "maskcheck/stream_sweep.h"

namespace maskcheck {

struct NamedStream {
  std::string name;
  std::vector<std::uint8_t> bytes;
  std::vector<std::size_t> cuts;
  std::uint64_t max_message_size = ParserOptions{}.max_message_size;
  reference::DecodeResult expected = {};  // the reference decoder's reading, made once
};

const std::vector<NamedStream>& stream_catalogue();

// "block:stream:every-length-one-read:over-header"
std::string stream_case_id(std::string_view kernel, std::string_view stream, MoveBack move_back);

StreamSweepResult run_stream_catalogue(const Kernel& kernel, const ParserMaker& parser,
                                       MoveBack move_back, const SweepOptions& options);

// Replays one named stream; a one-line reason if the id names no such stream.
std::variant<std::optional<StreamFailure>, std::string> check_stream_case(
    std::string_view id, const ParserMaker& parser);

}  // namespace maskcheck
