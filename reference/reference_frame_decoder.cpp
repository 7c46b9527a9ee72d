#include "maskcheck/reference_frame_decoder.h"

#include <optional>

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

// Whether `bytes` can begin valid UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing past
// U+10FFFF), and whether they end on a whole character.
struct Utf8Reading {
  bool valid_so_far = true;
  bool complete = true;
};

Utf8Reading read_utf8(std::span<const std::uint8_t> bytes) {
  std::size_t at = 0;
  while (at < bytes.size()) {
    const std::uint8_t lead = bytes[at];
    std::size_t length = 0;
    std::uint8_t low = 0x80;  // the range the second byte must fall in
    std::uint8_t high = 0xbf;
    if (lead < 0x80) {
      length = 1;
    } else if (lead >= 0xc2 && lead <= 0xdf) {
      length = 2;
    } else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead == 0xe0) low = 0xa0;   // overlong below U+0800
      if (lead == 0xed) high = 0x9f;  // surrogates
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead == 0xf0) low = 0x90;   // overlong below U+10000
      if (lead == 0xf4) high = 0x8f;  // past U+10FFFF
    } else {
      return {false, false};
    }
    for (std::size_t i = 1; i < length; ++i) {
      if (at + i == bytes.size()) return {true, false};
      const std::uint8_t next = bytes[at + i];
      const bool in_range = i == 1 ? next >= low && next <= high : next >= 0x80 && next <= 0xbf;
      if (!in_range) return {false, false};
    }
    at += length;
  }
  return {};
}

bool is_minimal(std::uint64_t length, std::size_t extended) {
  return extended == 2 ? length >= 126 : length > 0xffff;
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
    case ProtocolError::invalid_utf8: return "invalid-utf8";
    case ProtocolError::non_minimal_length: return "non-minimal-length";
  }
  return "?";
}

DecodeResult decode_stream(std::span<const std::uint8_t> stream, DecodeLimits limits) {
  DecodeResult result;
  bool message_open = false;
  std::uint64_t message_size = 0;
  bool text_message = false;       // the open or last data message is text
  std::vector<std::uint8_t> text;  // the text message so far, for the UTF-8 policy
  std::size_t at = 0;
  // Ends the stream at the current frame with its flaws: the first is the error, the others what
  // a parser checking in another order may report instead. `pending`: the stream ended inside the
  // header before the point by which a parser must report them.
  auto fail = [&](const std::vector<ProtocolError>& flaws, bool pending = false) {
    result.error = flaws.front();
    result.alternatives.assign(flaws.begin() + 1, flaws.end());
    result.error_pending = pending;
    result.error_frame = result.frames.size();
    return result;
  };
  auto fail_with = [&](ProtocolError error) { return fail({error}); };

  while (at < stream.size()) {
    // The fixed two bytes, then the extended length, then the key: each must be all there.
    if (stream.size() - at < 2) break;
    const std::uint8_t first = stream[at];
    const std::uint8_t second = stream[at + 1];
    const bool fin = (first & 0x80) != 0;
    const std::uint8_t opcode = first & 0x0f;
    const std::uint8_t length_code = second & 0x7f;
    // A parser reports a flaw once the bytes that show it are in, and by a point each class has:
    // the first two bytes for the basic three (unless under the whole-header policy), the whole
    // length for the rest, the key too under the whole-header policy. This decoder's order: the
    // basic three, what the length says, what the message's state says, then the sizes.
    std::vector<ProtocolError> basic, lengths, state, sizes;
    auto flaws = [&] {
      std::vector<ProtocolError> all = basic;
      for (const auto* part : {&lengths, &state, &sizes})
        all.insert(all.end(), part->begin(), part->end());
      return all;
    };
    if ((first & 0x70) != 0) basic.push_back(ProtocolError::reserved_bits);
    if (!is_known(opcode)) basic.push_back(ProtocolError::reserved_opcode);
    if ((second & 0x80) == 0) basic.push_back(ProtocolError::unmasked_frame);
    if (is_control(opcode)) {
      if (!fin) state.push_back(ProtocolError::control_frame_fragmented);
      // Under the minimal-length policy an extended length makes a control frame too long (or
      // encoded at length); either way it fails.
      if (limits.minimal_lengths && length_code >= 126)
        state.push_back(ProtocolError::control_frame_too_long);
    } else if (is_known(opcode)) {
      if (opcode == kContinuation && !message_open)
        state.push_back(ProtocolError::continuation_without_message);
      if (opcode != kContinuation && message_open)
        state.push_back(ProtocolError::data_frame_inside_message);
    }
    if (!basic.empty() && !limits.whole_header) return fail(flaws());

    std::uint64_t length = length_code;
    std::size_t header = 2;
    if (length_code >= 126) {
      const std::size_t extended = length_code == 126 ? 2 : 8;
      if (stream.size() - at < header + extended) {
        if (!basic.empty() || !state.empty()) return fail(flaws(), true);
        break;
      }
      length = big_endian(stream, at + header, extended);
      header += extended;
      if (extended == 8 && (length >> 63) != 0)
        lengths.push_back(ProtocolError::length_top_bit_set);
      if (limits.minimal_lengths && !is_minimal(length, extended))
        lengths.push_back(ProtocolError::non_minimal_length);
    }
    if (is_control(opcode)) {
      if (length > 125 && !(limits.minimal_lengths && length_code >= 126))
        sizes.push_back(ProtocolError::control_frame_too_long);
    } else if (is_known(opcode)) {
      message_size = (opcode == kContinuation ? message_size : 0) + length;
      if (opcode != kContinuation) {
        text_message = opcode == kText;
        text.clear();
      }
      if (message_size > limits.max_message_size || message_size < length)
        sizes.push_back(ProtocolError::message_too_large);
    }
    const std::vector<ProtocolError> all = flaws();
    if (!all.empty() && !limits.whole_header) return fail(all);
    if (stream.size() - at < header + 4) {
      if (!all.empty()) return fail(all, true);
      break;
    }
    if (!all.empty()) return fail(all);
    const std::size_t key_at = at + header;
    header += 4;
    const std::size_t arrived = stream.size() - at - header;
    const bool in_text = limits.utf8 && !is_control(opcode) && text_message;
    if (arrived < length) {
      // Followed as far as it arrived: a parser has reported this much of it, with the rest owed.
      if (!is_control(opcode)) {
        std::vector<std::uint8_t> so_far = unmasked(stream, at + header, arrived, key_at);
        if (in_text) {
          text.insert(text.end(), so_far.begin(), so_far.end());
          if (!limits.utf8_at_message_end && !read_utf8(text).valid_so_far)
            return fail_with(ProtocolError::invalid_utf8);
        }
        result.unfinished = {{opcode, fin, std::move(so_far)}, length};
      }
      break;
    }

    DecodedFrame frame{opcode, fin, unmasked(stream, at + header, length, key_at)};
    if (opcode == kClose) {
      if (length == 1) return fail_with(ProtocolError::close_payload_one_byte);
      // A close frame may have both flaws; a parser may check its reason first.
      std::vector<ProtocolError> close_flaws;
      if (length >= 2 && !is_valid_close_code(frame.payload[0] << 8 | frame.payload[1]))
        close_flaws.push_back(ProtocolError::invalid_close_code);
      if (limits.utf8 || limits.utf8_close_reasons) {
        const Utf8Reading reason = read_utf8(std::span(frame.payload).subspan(length >= 2 ? 2 : 0));
        if (!reason.valid_so_far || !reason.complete)
          close_flaws.push_back(ProtocolError::invalid_utf8);
      }
      if (!close_flaws.empty()) return fail(close_flaws);
    }
    if (in_text) {
      text.insert(text.end(), frame.payload.begin(), frame.payload.end());
      const Utf8Reading reading = read_utf8(text);
      const bool checked_now = fin || !limits.utf8_at_message_end;
      if ((checked_now && !reading.valid_so_far) || (fin && !reading.complete))
        return fail_with(ProtocolError::invalid_utf8);
    }
    if (!is_control(opcode)) message_open = !fin;
    result.frames.push_back(std::move(frame));
    at += header + length;
  }
  result.truncated = at < stream.size();
  return result;
}

}  // namespace maskcheck::reference
