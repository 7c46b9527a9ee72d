// What a peer sends, read frame by frame (RFC 6455 section 5.2): whole text and binary messages,
// their fragments joined, and control frames. A server's frames are never masked; a client's
// always are, each unmasked here by the reference with its own key, which is kept for the key
// checks. A frame the sender may not send (the mask bit wrong for its side, reserved bits or
// opcode, a control frame over 125 bytes or fragmented, a continuation out of place) is a finding.
// With permessage-deflate agreed, RSV1 on a message's first frame marks it compressed: the message
// is inflated whole, and one that does not inflate is a finding too.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "maskcheck/unmask_functions.h"
#include "wire/protocol/message_deflate.h"

namespace maskcheck::wire {

enum class Sender { server, client };

struct WireEvent {
  std::uint8_t opcode = 0;  // text (1), binary (2), close (8), ping (9), pong (10)
  std::vector<std::uint8_t> payload;

  bool operator==(const WireEvent&) const = default;
};

// What a peer sent, counted over every connection a reader has read.
struct MessageCounts {
  std::uint64_t messages = 0;         // whole text and binary messages
  std::uint64_t compressed = 0;       // of them, sent with RSV1
  std::uint64_t controls_inside = 0;  // control frames between a message's fragments

  void merge(const MessageCounts& other) {
    messages += other.messages;
    compressed += other.compressed;
    controls_inside += other.controls_inside;
  }
};

class FrameReader {
 public:
  explicit FrameReader(Sender sender = Sender::server) : sender_(sender) {}
  // Takes every whole frame at the front of `inbox` off it, appending the messages and control
  // frames they make to `events`. Returns what is wrong with a frame the sender may not send.
  std::optional<std::string> read(std::vector<std::uint8_t>& inbox, std::vector<WireEvent>& events);
  // The agreed inflater of the sender's messages; nullptr: no extension, RSV1 is an error.
  void inflate_with(MessageInflater* inflater) { inflater_ = inflater; }
  // Whether a fragmented message has begun and not ended.
  bool inside_message() const { return open_.has_value(); }
  // A client's mask keys, one per frame, in the order the frames came.
  const std::vector<Key>& keys() const { return keys_; }
  void clear_keys() { keys_.clear(); }
  // Kept across reset(): a reader counts for every connection it reads.
  const MessageCounts& counts() const { return counts_; }
  void reset() {
    open_.reset();
    keys_.clear();
    inflater_ = nullptr;
  }

 private:
  Sender sender_;
  std::optional<WireEvent> open_;
  bool open_compressed_ = false;
  MessageInflater* inflater_ = nullptr;
  std::vector<Key> keys_;
  MessageCounts counts_;
};

}  // namespace maskcheck::wire
