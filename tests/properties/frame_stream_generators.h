// RapidCheck generators for client-to-server frame streams: mostly valid frames (data frames
// that open and continue messages, pings, pongs, closes with valid codes, 7-, 16- and 64-bit
// length encodings), and frames with one protocol error each, so the parser properties see both.
#pragma once

#include <rapidcheck.h>

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <vector>

#include "maskcheck/frame_parser_interface.h"
#include "maskcheck/parser_plugin.h"
#include "maskcheck/unmask_functions.h"

namespace maskcheck::testing {

// What makes a frame invalid; `none` for a valid one.
enum class FrameFlaw {
  none,
  reserved_bits,
  reserved_opcode,
  unmasked,
  control_too_long,
  control_fragmented,
  misplaced_continuation,  // a continuation with no message open, or a new message inside one
  length_top_bit_set,
  invalid_close_code,
  close_payload_one_byte,
};

enum class FrameRole { data, ping, pong, close };

// One frame as generated: rendering turns it into wire bytes, choosing the data opcode (text,
// binary or continuation) from the message state so that valid frames stay valid in sequence.
struct FrameChoice {
  FrameRole role = FrameRole::data;
  bool binary = false;  // a data frame that opens a message: binary rather than text
  bool fin = true;
  std::uint64_t length = 0;
  unsigned header_size = 0;  // 0: the shortest encoding; else 8 or 14 where the length fits
  Key key{};
  std::uint16_t close_code = 1000;
  FrameFlaw flaw = FrameFlaw::none;
};

void showValue(const FrameChoice& frame, std::ostream& os);

struct StreamChoice {
  std::vector<FrameChoice> frames;
  std::uint64_t max_message_size = std::uint64_t{1} << 26;  // small limits reach message-too-large
};

void showValue(const StreamChoice& stream, std::ostream& os);

struct StreamShape {
  std::uint64_t longest_payload = 70001;  // 65536 and up need the 64-bit encoding
  std::size_t most_frames = 12;
  bool force_flaw = false;  // every stream carries at least one flawed frame
};

rc::Gen<StreamChoice> frame_streams(StreamShape shape = {});

struct RenderedStream {
  std::vector<std::uint8_t> bytes;
  std::vector<std::uint64_t> declared;  // each frame's payload length as its header declares it
};

RenderedStream render(const StreamChoice& stream);

maskcheck_parser_options parser_options(const StreamChoice& stream, unsigned variant);

}  // namespace maskcheck::testing
