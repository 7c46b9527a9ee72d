// The oracle for the frame parser: decodes a whole client-to-server byte stream at once
// (RFC 6455 section 5.2) into frames, written for obviousness rather than speed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace maskcheck::reference {

enum class ProtocolError {
  unmasked_frame,                // a client frame without the mask bit
  reserved_bits,                 // RSV1-3 set with no extension negotiated
  reserved_opcode,               // opcodes 3-7 and 11-15
  control_frame_too_long,        // ping, pong or close with more than 125 payload bytes
  control_frame_fragmented,      // ping, pong or close without FIN
  continuation_without_message,  // opcode 0 with no fragmented message open
  data_frame_inside_message,     // text or binary while a fragmented message is open
  length_top_bit_set,            // a 64-bit length with its most significant bit set
  message_too_large,             // the message's payload exceeds the configured maximum
  invalid_close_code,            // a close code the RFC does not allow on the wire
  close_payload_one_byte,        // a close payload of exactly one byte
};

std::string_view protocol_error_name(ProtocolError error);

struct DecodedFrame {
  std::uint8_t opcode = 0;
  bool fin = false;
  std::vector<std::uint8_t> payload;  // unmasked
};

struct DecodeLimits {
  std::uint64_t max_message_size = std::uint64_t{1} << 26;
};

// A data frame the stream ended inside, after its header and key: what of it arrived.
struct UnfinishedFrame {
  DecodedFrame so_far;       // the payload bytes that arrived, unmasked
  std::uint64_t length = 0;  // the payload length its header declares
};

struct DecodeResult {
  std::vector<DecodedFrame> frames;           // every frame before the first error
  std::optional<ProtocolError> error;         // the first protocol error, if any
  std::size_t error_frame = 0;                // index of the frame that caused it
  bool truncated = false;                     // the stream ended inside a frame
  std::optional<UnfinishedFrame> unfinished;  // set when that frame is a data frame past its key
};

DecodeResult decode_stream(std::span<const std::uint8_t> stream, DecodeLimits limits = {});

}  // namespace maskcheck::reference
