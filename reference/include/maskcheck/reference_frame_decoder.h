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
  // Only under the strict policies below:
  invalid_utf8,        // a text message or close reason that is not UTF-8 (RFC 6455 section 8.1)
  non_minimal_length,  // a 16- or 64-bit length that would fit a shorter encoding
};

std::string_view protocol_error_name(ProtocolError error);

struct DecodedFrame {
  std::uint8_t opcode = 0;
  bool fin = false;
  std::vector<std::uint8_t> payload;  // unmasked
};

// The limit, and the policies a parser may declare: what it rejects beyond what every parser must
// (most validate UTF-8 as the RFC requires; some refuse a length not in its shortest encoding),
// and when it reports what a length gives away.
struct DecodeLimits {
  std::uint64_t max_message_size = std::uint64_t{1} << 26;
  bool utf8 = false;                // text messages and close reasons must be UTF-8
  bool minimal_lengths = false;     // 126..65535 in 16 bits, more in 64 bits, nothing shorter
  bool whole_header = false;        // errors a length gives away only once the key has arrived too
  bool utf8_close_reasons = false;  // close reasons must be, even where text need not be
  // Invalid text found only once its message ends, where the RFC's reading finds it at the first
  // byte that cannot be UTF-8.
  bool utf8_at_message_end = false;
};

// A data frame the stream ended inside, after its header and key: what of it arrived.
struct UnfinishedFrame {
  DecodedFrame so_far;       // the payload bytes that arrived, unmasked
  std::uint64_t length = 0;  // the payload length its header declares
};

struct DecodeResult {
  std::vector<DecodedFrame> frames;    // every frame before the first error
  std::optional<ProtocolError> error;  // the first protocol error, if any
  // The failing frame's other flaws: a parser that checks in another order may report one of
  // them instead (a continuation frame without the mask bit, say).
  std::vector<ProtocolError> alternatives;
  // The stream ended inside the failing frame's header after a flaw showed but before the point
  // by which a parser must report it: a parser that has not reported it yet is right too.
  bool error_pending = false;
  std::size_t error_frame = 0;                // index of the frame that caused it
  bool truncated = false;                     // the stream ended inside a frame
  std::optional<UnfinishedFrame> unfinished;  // set when that frame is a data frame past its key
};

DecodeResult decode_stream(std::span<const std::uint8_t> stream, DecodeLimits limits = {});

}  // namespace maskcheck::reference
