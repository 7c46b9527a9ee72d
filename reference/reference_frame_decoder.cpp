#include "maskcheck/reference_frame_decoder.h"

namespace maskcheck::reference {

namespace {

constexpr std::uint8_t kContinuation = 0x0;
constexpr std::uint8_t kText = 0x1;
constexpr std::uint8_t kBinary = 0x2;
constexpr std::uint8_t kClose = 0x8;
constexpr std::uint8_t kPing = 0x9;
constexpr std::uint8_t kPong = 0xa;

bool is_control(std::uint8_t opcode) {
  return opcode >= 0x8;
}

bool is_known(std::uint8_t opcode) {
  return opcode == kContinuation || opcode == kText || opcode == kBinary || opcode == kClose ||
         opcode == kPing || opcode == kPong;
}

// RFC 6455 section 7.4 plus the IANA registry: codes a peer may send in a close frame.
bool is_valid_close_code(unsigned code) {
  if (code >= 3000 && code <= 4999) return true;
  return (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014);
}

// Reads a big-endian number of `bytes` bytes starting at `at`.
std::uint64_t big_endian(std::span<const std::uint8_t> stream, std::size_t at, std::size_t bytes) {
  std::uint64_t value = 0;
  for (std::size_t i = 0; i < bytes; ++i) value = (value << 8) | stream[at + i];
  return value;
}

// `count` payload bytes from `at`, unmasked with the key at `key_at`.
std::vector<std::uint8_t> unmasked(std::span<const std::uint8_t> stream, std::size_t at,
                                   std::size_t count, std::size_t key_at) {
  std::vector<std::uint8_t> payload(count);
  for (std::size_t i = 0; i < count; ++i) payload[i] = stream[at + i] ^ stream[key_at + i % 4];
  return payload;
}

}  // namespace

std::string_view protocol_error_name(ProtocolError error) {
  switch (error) {
    case ProtocolError::unmasked_frame: return "unmasked-frame";
    case ProtocolError::reserved_bits: return "reserved-bits";
    case ProtocolError::reserved_opcode: return "reserved-opcode";
    case ProtocolError::control_frame_too_long: return "control-frame-too-long";
    case ProtocolError::control_frame_fragmented: return "control-frame-fragmented";
    case ProtocolError::continuation_without_message: return "continuation-without-message";
    case ProtocolError::data_frame_inside_message: return "data-frame-inside-message";
    case ProtocolError::length_top_bit_set: return "length-top-bit-set";
    case ProtocolError::message_too_large: return "message-too-large";
    case ProtocolError::invalid_close_code: return "invalid-close-code";
    case ProtocolError::close_payload_one_byte: return "close-payload-one-byte";
  }
  return "?";
}

DecodeResult decode_stream(std::span<const std::uint8_t> stream, DecodeLimits limits) {
  DecodeResult result;
  bool message_open = false;
  std::uint64_t message_size = 0;
  std::size_t at = 0;
  auto fail = [&](ProtocolError error) {
    result.error = error;
    result.error_frame = result.frames.size();
    return result;
  };

  while (at < stream.size()) {
    // The fixed two bytes, then the extended length, then the key: each must be all there.
    if (stream.size() - at < 2) break;
    const std::uint8_t first = stream[at];
    const std::uint8_t second = stream[at + 1];
    const bool fin = (first & 0x80) != 0;
    const std::uint8_t opcode = first & 0x0f;
    if ((first & 0x70) != 0) return fail(ProtocolError::reserved_bits);
    if (!is_known(opcode)) return fail(ProtocolError::reserved_opcode);
    if ((second & 0x80) == 0) return fail(ProtocolError::unmasked_frame);

    std::uint64_t length = second & 0x7f;
    std::size_t header = 2;
    if (length == 126 || length == 127) {
      const std::size_t extended = length == 126 ? 2 : 8;
      if (stream.size() - at < header + extended) break;
      length = big_endian(stream, at + header, extended);
      header += extended;
      if (extended == 8 && (length >> 63) != 0) return fail(ProtocolError::length_top_bit_set);
    }
    if (is_control(opcode)) {
      if (!fin) return fail(ProtocolError::control_frame_fragmented);
      if (length > 125) return fail(ProtocolError::control_frame_too_long);
    } else {
      if (opcode == kContinuation && !message_open)
        return fail(ProtocolError::continuation_without_message);
      if (opcode != kContinuation && message_open)
        return fail(ProtocolError::data_frame_inside_message);
      message_size = (opcode == kContinuation ? message_size : 0) + length;
      if (message_size > limits.max_message_size) return fail(ProtocolError::message_too_large);
    }
    if (stream.size() - at < header + 4) break;
    const std::size_t key_at = at + header;
    header += 4;
    const std::size_t arrived = stream.size() - at - header;
    if (arrived < length) {
      // Followed as far as it arrived: a parser has reported this much of it, with the rest owed.
      if (!is_control(opcode))
        result.unfinished = {{opcode, fin, unmasked(stream, at + header, arrived, key_at)}, length};
      break;
    }

    DecodedFrame frame{opcode, fin, unmasked(stream, at + header, length, key_at)};
    if (opcode == kClose) {
      if (length == 1) return fail(ProtocolError::close_payload_one_byte);
      if (length >= 2 && !is_valid_close_code(frame.payload[0] << 8 | frame.payload[1])) {
        return fail(ProtocolError::invalid_close_code);
      }
    }
    if (!is_control(opcode)) message_open = !fin;
    result.frames.push_back(std::move(frame));
    at += header + length;
  }
  result.truncated = at < stream.size();
  return result;
}

}  // namespace maskcheck::reference
