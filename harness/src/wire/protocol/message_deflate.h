// permessage-deflate's codec (RFC 7692 section 7.2) for one direction of one connection, over
// zlib: a message compresses to raw DEFLATE ending in a sync flush, whose last four bytes
// (00 00 ff ff) are left off the wire; a payload inflates with them put back. With context
// takeover the window runs on from message to message; without it each message starts afresh.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <variant>
#include <vector>

struct z_stream_s;

namespace maskcheck::wire {

// One direction's agreed parameters: the sender's window (8..15 bits) and whether it keeps its
// window between messages.
struct DeflateParameters {
  unsigned window_bits = 15;
  bool no_context_takeover = false;

  bool operator==(const DeflateParameters&) const = default;
};

class MessageCompressor {
 public:
  explicit MessageCompressor(DeflateParameters parameters);
  ~MessageCompressor();
  MessageCompressor(MessageCompressor&&) noexcept;
  MessageCompressor& operator=(MessageCompressor&&) noexcept;

  // The message's compressed payload, as it goes into frames with RSV1 on the first.
  std::vector<std::uint8_t> compress(std::span<const std::uint8_t> message);

 private:
  DeflateParameters parameters_;
  std::unique_ptr<z_stream_s> stream_;
};

class MessageInflater {
 public:
  // A message that inflates past `size_limit` bytes is refused.
  MessageInflater(DeflateParameters parameters, std::uint64_t size_limit);
  ~MessageInflater();
  MessageInflater(MessageInflater&&) noexcept;
  MessageInflater& operator=(MessageInflater&&) noexcept;

  // The message a compressed payload (its frames' payloads joined) stands for, or one line saying
  // why it stands for none.
  std::variant<std::vector<std::uint8_t>, std::string> inflate(
      std::span<const std::uint8_t> payload);

 private:
  DeflateParameters parameters_;
  std::uint64_t size_limit_;
  std::unique_ptr<z_stream_s> stream_;
};

}  // namespace maskcheck::wire
