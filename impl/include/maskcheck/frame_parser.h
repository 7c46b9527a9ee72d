// A server-side WebSocket frame parser (RFC 6455 section 5.2) that works in place on a receive
// buffer: complete frames are unmasked where they lie or moved back over their header, payloads
// that run on into later reads are handed on a piece at a time with the key rotated by what was
// consumed, and a header split across reads is completed from the next one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "maskcheck/frame_error.h"
#include "maskcheck/frame_parser_interface.h"
#include "maskcheck/unmask_functions.h"

namespace maskcheck {

class FrameParser {
 public:
  FrameParser(const UnmaskFunctions& kernel, FrameHandler& handler, ParserOptions options = {});
  // On the fastest kernel this CPU runs (or the one MASKCHECK_KERNEL forces).
  explicit FrameParser(FrameHandler& handler, ParserOptions options = {});

  // Parses one read. [data - kReceivePrePadding, data + length + kReceivePostPadding) must be
  // addressable; the parser owns the padding bytes.
  void consume(std::uint8_t* data, std::size_t length);

  bool failed() const { return failed_; }
  const UnmaskFunctions& kernel() const { return kernel_; }

 private:
  struct Header {
    std::uint8_t opcode = 0;
    bool fin = false;
    std::uint64_t length = 0;
    std::size_t size = 0;  // 6, 8 or 14 bytes with the key
    Key key{};
  };
  enum class HeaderStatus { complete, incomplete, invalid };

  HeaderStatus read_header(const std::uint8_t* at, std::size_t available, Header& header,
                           FrameError& error) const;
  std::optional<FrameError> admit(const Header& header) const;
  std::uint8_t* start_frame(std::uint8_t* at, std::uint8_t* end);
  std::size_t move_back_distance(const Header& header) const;
  void unmask_payload(std::uint8_t* moved, const std::uint8_t* payload, Key key,
                      std::size_t here) const;
  std::uint8_t* continue_payload(std::uint8_t* at, std::uint8_t* end);
  void finish_control(std::uint8_t code, std::span<const std::uint8_t> payload);
  void fail(FrameError error);

  UnmaskFunctions kernel_;
  FrameHandler& handler_;
  ParserOptions options_;
  bool failed_ = false;

  std::uint8_t spill_[kReceivePrePadding];  // a header cut short by the end of a read
  std::size_t spill_size_ = 0;

  bool message_open_ = false;  // a fragmented text or binary message awaits continuations
  std::uint64_t message_size_ = 0;

  // The frame whose payload runs on into later reads.
  std::uint8_t opcode_ = 0;
  bool fin_ = false;
  std::uint64_t remaining_ = 0;
  Key key_{};                  // rotated so key_[0] masks the next payload byte
  std::uint8_t control_[125];  // a control frame's payload, gathered until it is whole
  std::size_t control_size_ = 0;
  std::size_t control_length_ = 0;
};

}  // namespace maskcheck
