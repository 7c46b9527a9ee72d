// What a frame parser needs from its caller and promises it: the receive-buffer contract, the
// options, and the events. The parser in impl/ and the broken parsers in tests/ share it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "maskcheck/frame_error.h"

namespace maskcheck {

// RFC 6455 section 5.2 opcodes.
namespace opcode {
inline constexpr std::uint8_t continuation = 0x0;
inline constexpr std::uint8_t text = 0x1;
inline constexpr std::uint8_t binary = 0x2;
inline constexpr std::uint8_t close = 0x8;
inline constexpr std::uint8_t ping = 0x9;
inline constexpr std::uint8_t pong = 0xa;
}  // namespace opcode

// The receive-buffer contract: for consume(data, n) the parser may read the kReceivePrePadding
// bytes before data and write only the part of a header from earlier reads that it copies back
// right in front of data (so its payload can move over it); it may read the kReceivePostPadding
// bytes after data + n (imprecise reads up to 4 bytes past a payload) and write the first 3
// (inplace rounds up to 4).
inline constexpr std::size_t kReceivePrePadding = 13;
inline constexpr std::size_t kReceivePostPadding = 4;

// Where a complete frame's payload lands: D = 4 (over the key), D = header size, or D = 0 where
// it lies (unmasked exactly, with no move: the fastest, on a kernel whose exact runs at full
// speed).
enum class MoveBack { over_key, over_header, in_place };

struct ParserOptions {
  std::uint64_t max_message_size = std::uint64_t{1} << 26;
  MoveBack move_back = MoveBack::over_header;
};

class FrameHandler {
 public:
  virtual ~FrameHandler() = default;
  // A piece of a text, binary or continuation frame, unmasked in the receive buffer;
  // `remaining` is how many payload bytes of this frame are still to come.
  virtual void on_data(std::uint8_t opcode, bool fin, std::span<const std::uint8_t> fragment,
                       std::uint64_t remaining) = 0;
  // A whole ping, pong or close frame, unmasked.
  virtual void on_control(std::uint8_t opcode, std::span<const std::uint8_t> payload) = 0;
  // The connection is over; no further events follow.
  virtual void on_error(FrameError error) = 0;
};

}  // namespace maskcheck
