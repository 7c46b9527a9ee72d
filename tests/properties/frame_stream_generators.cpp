#include "properties/frame_stream_generators.h"

#include <algorithm>
#include <array>

#include "core/case_id.h"
#include "core/test_case.h"
#include "properties/case_generators.h"
#include "streams/frame_builder.h"
#include "streams/split_space.h"

namespace maskcheck::testing {

namespace {

constexpr std::uint64_t kDefaultMaxMessage = std::uint64_t{1} << 26;
constexpr std::uint64_t kLongestControl = 125;

constexpr std::array kFlaws{
    FrameFlaw::reserved_bits,      FrameFlaw::reserved_opcode,    FrameFlaw::unmasked,
    FrameFlaw::control_too_long,   FrameFlaw::control_fragmented, FrameFlaw::misplaced_continuation,
    FrameFlaw::length_top_bit_set, FrameFlaw::invalid_close_code, FrameFlaw::close_payload_one_byte,
};
constexpr std::array<std::uint16_t, 9> kValidCloseCodes{1000, 1001, 1002, 1003, 1007,
                                                        1011, 1014, 3000, 4999};
constexpr std::array<std::uint16_t, 9> kInvalidCloseCodes{0,    999,  1004, 1005, 1006,
                                                          1015, 2999, 5000, 65535};
constexpr std::array<std::uint8_t, 10> kReservedOpcodes{3, 4, 5, 6, 7, 11, 12, 13, 14, 15};

std::string_view role_name(FrameRole role) {
  switch (role) {
    case FrameRole::data: return "data";
    case FrameRole::ping: return "ping";
    case FrameRole::pong: return "pong";
    case FrameRole::close: return "close";
  }
  return "?";
}

std::string_view flaw_name(FrameFlaw flaw) {
  switch (flaw) {
    case FrameFlaw::none: return "none";
    case FrameFlaw::reserved_bits: return "reserved-bits";
    case FrameFlaw::reserved_opcode: return "reserved-opcode";
    case FrameFlaw::unmasked: return "unmasked";
    case FrameFlaw::control_too_long: return "control-too-long";
    case FrameFlaw::control_fragmented: return "control-fragmented";
    case FrameFlaw::misplaced_continuation: return "misplaced-continuation";
    case FrameFlaw::length_top_bit_set: return "length-top-bit-set";
    case FrameFlaw::invalid_close_code: return "invalid-close-code";
    case FrameFlaw::close_payload_one_byte: return "close-payload-one-byte";
  }
  return "?";
}

// Short payloads across the 125/126 boundary mostly, and the 16/64-bit boundary when allowed.
rc::Gen<std::uint64_t> data_lengths(std::uint64_t longest) {
  const auto short_lengths =
      rc::gen::inRange<std::uint64_t>(0, std::min<std::uint64_t>(127, longest + 1));
  if (longest < 126) return short_lengths;
  const auto medium =
      rc::gen::inRange<std::uint64_t>(126, std::min<std::uint64_t>(300, longest + 1));
  if (longest < 65530)
    return rc::gen::weightedOneOf<std::uint64_t>({{3, short_lengths}, {1, medium}});
  return rc::gen::weightedOneOf<std::uint64_t>(
      {{12, short_lengths}, {4, medium}, {1, rc::gen::inRange<std::uint64_t>(65530, longest + 1)}});
}

rc::Gen<FrameChoice> frame_choices(StreamShape shape) {
  return rc::gen::exec([shape] {
    FrameChoice frame;
    frame.role = *rc::gen::weightedElement<FrameRole>(
        {{6, FrameRole::data}, {1, FrameRole::ping}, {1, FrameRole::pong}, {1, FrameRole::close}});
    frame.binary = *rc::gen::arbitrary<bool>();
    frame.fin = *rc::gen::weightedElement<bool>({{2, true}, {1, false}});
    frame.length = frame.role == FrameRole::data
                       ? *data_lengths(shape.longest_payload)
                       : *rc::gen::inRange<std::uint64_t>(0, kLongestControl + 1);
    frame.header_size = *rc::gen::weightedElement<unsigned>({{4, 0}, {1, 8}, {1, 14}});
    frame.key = *keys();
    frame.close_code = *rc::gen::elementOf(kValidCloseCodes);
    frame.flaw = *rc::gen::weightedOneOf<FrameFlaw>(
        {{14, rc::gen::just(FrameFlaw::none)}, {1, rc::gen::elementOf(kFlaws)}});
    return frame;
  });
}

void put_close_code(std::vector<std::uint8_t>& payload, std::uint16_t code) {
  payload[0] = static_cast<std::uint8_t>(code >> 8);
  payload[1] = static_cast<std::uint8_t>(code);
}

// A header declaring 2^63 + length bytes; the parser must stop at the length, before any key.
void append_top_bit_header(std::vector<std::uint8_t>& bytes, const FrameChoice& frame) {
  bytes.push_back(kFin | opcode::binary);
  bytes.push_back(0x80 | 127);
  const std::uint64_t declared = (std::uint64_t{1} << 63) | frame.length;
  for (int shift = 56; shift >= 0; shift -= 8)
    bytes.push_back(static_cast<std::uint8_t>(declared >> shift));
  bytes.insert(bytes.end(), frame.key.begin(), frame.key.end());
}

}  // namespace

void showValue(const FrameChoice& frame, std::ostream& os) {
  os << role_name(frame.role) << (frame.fin ? " fin" : " no-fin") << (frame.binary ? " binary" : "")
     << " n=" << frame.length << " h=" << frame.header_size << " k=" << key_hex(frame.key);
  if (frame.role == FrameRole::close) os << " code=" << frame.close_code;
  if (frame.flaw != FrameFlaw::none) os << " flaw=" << flaw_name(frame.flaw);
}

void showValue(const StreamChoice& stream, std::ostream& os) {
  os << "max message " << stream.max_message_size << ", " << stream.frames.size() << " frames:";
  for (const FrameChoice& frame : stream.frames) {
    os << "\n    ";
    showValue(frame, os);
  }
}

rc::Gen<StreamChoice> frame_streams(StreamShape shape) {
  return rc::gen::exec([shape] {
    StreamChoice stream;
    stream.frames = *rc::gen::resize(
        static_cast<int>(shape.most_frames),
        rc::gen::nonEmpty(rc::gen::container<std::vector<FrameChoice>>(frame_choices(shape))));
    if (shape.force_flaw) {
      const auto at = *rc::gen::inRange<std::size_t>(0, stream.frames.size());
      stream.frames[at].flaw = *rc::gen::elementOf(kFlaws);
    }
    stream.max_message_size = *rc::gen::weightedOneOf<std::uint64_t>(
        {{4, rc::gen::just(kDefaultMaxMessage)}, {1, rc::gen::inRange<std::uint64_t>(0, 1000)}});
    return stream;
  });
}

RenderedStream render(const StreamChoice& stream) {
  RenderedStream out;
  bool message_open = false;
  for (std::size_t index = 0; index < stream.frames.size(); ++index) {
    const FrameChoice& frame = stream.frames[index];
    if (frame.flaw == FrameFlaw::length_top_bit_set) {
      append_top_bit_header(out.bytes, frame);
      out.declared.push_back((std::uint64_t{1} << 63) | frame.length);
      continue;
    }
    std::uint8_t code = opcode::ping;
    bool fin = true;
    std::uint64_t length = std::min(frame.length, kLongestControl);
    switch (frame.role) {
      case FrameRole::data:
        code = message_open ? opcode::continuation : frame.binary ? opcode::binary : opcode::text;
        fin = frame.fin;
        length = frame.length;
        break;
      case FrameRole::ping: break;
      case FrameRole::pong: code = opcode::pong; break;
      case FrameRole::close:
        code = opcode::close;
        if (length == 1) length = 0;  // a one-byte close payload is a flaw of its own
        break;
    }
    std::uint8_t rsv = 0;
    bool masked = true;
    switch (frame.flaw) {
      case FrameFlaw::none:
      case FrameFlaw::length_top_bit_set: break;
      case FrameFlaw::reserved_bits: rsv = 0x40; break;
      case FrameFlaw::reserved_opcode:
        code = kReservedOpcodes[frame.key[0] % kReservedOpcodes.size()];
        break;
      case FrameFlaw::unmasked: masked = false; break;
      case FrameFlaw::control_too_long:
        code = opcode::ping;
        fin = true;
        length = kLongestControl + 1 + frame.length % 200;
        break;
      case FrameFlaw::control_fragmented:
        if (code < opcode::close) code = opcode::ping;
        fin = false;
        break;
      case FrameFlaw::misplaced_continuation:
        code = message_open ? opcode::text : opcode::continuation;
        break;
      case FrameFlaw::invalid_close_code:
        code = opcode::close;
        fin = true;
        length = std::clamp<std::uint64_t>(length, 2, kLongestControl);
        break;
      case FrameFlaw::close_payload_one_byte:
        code = opcode::close;
        fin = true;
        length = 1;
        break;
    }
    std::vector<std::uint8_t> payload = pattern_bytes(length, static_cast<std::uint32_t>(index));
    if (code == opcode::close && length >= 2) {
      const bool invalid = frame.flaw == FrameFlaw::invalid_close_code;
      put_close_code(payload, invalid
                                  ? kInvalidCloseCodes[frame.close_code % kInvalidCloseCodes.size()]
                                  : frame.close_code);
    }
    const bool header_fits =
        frame.header_size == 14 || (frame.header_size == 8 && length <= 0xffff);
    append_frame(out.bytes, {.first_byte = static_cast<std::uint8_t>((fin ? kFin : 0) | rsv | code),
                             .payload = payload,
                             .key = frame.key,
                             .header_size = header_fits ? frame.header_size : 0,
                             .masked = masked});
    out.declared.push_back(length);
    if (code < opcode::close) message_open = !fin;
  }
  return out;
}

maskcheck_parser_options parser_options(const StreamChoice& stream, unsigned variant) {
  return {.max_message_size = stream.max_message_size, .variant = variant};
}

}  // namespace maskcheck::testing
