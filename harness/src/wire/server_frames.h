// What a server sends, read frame by frame (RFC 6455 section 5.2, server to client: never
// masked): whole text and binary messages, their fragments joined, and control frames. A frame a
// server may not send (masked, reserved bits or opcode, a control frame over 125 bytes or
// fragmented, a continuation out of place) is a finding of its own.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace maskcheck::wire {

struct ServerEvent {
  std::uint8_t opcode = 0;  // text (1), binary (2), close (8), ping (9), pong (10)
  std::vector<std::uint8_t> payload;

  bool operator==(const ServerEvent&) const = default;
};

class ServerFrameReader {
 public:
  // Takes every whole frame at the front of `inbox` off it, appending the messages and control
  // frames they make to `events`. Returns what is wrong with a frame the server may not send.
  std::optional<std::string> read(std::vector<std::uint8_t>& inbox,
                                  std::vector<ServerEvent>& events);
  // Whether a fragmented message has begun and not ended.
  bool inside_message() const { return open_.has_value(); }
  void reset() { open_.reset(); }

 private:
  std::optional<ServerEvent> open_;
};

}  // namespace maskcheck::wire
