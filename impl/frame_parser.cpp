#include "maskcheck/frame_parser.h"

#include <algorithm>
#include <cstring>
#include <optional>

#include "maskcheck/entries_from_words.h"
#include "maskcheck/unmask_selection.h"

namespace maskcheck {

namespace {

constexpr std::size_t kKeyBytes = 4;

bool is_control(std::uint8_t code) {
  return (code & 0x8) != 0;
}

bool is_known(std::uint8_t code) {
  return code <= opcode::binary || code == opcode::close || code == opcode::ping ||
         code == opcode::pong;
}

bool is_valid_close_code(unsigned code) {
  return (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) ||
         (code >= 3000 && code <= 4999);
}

}  // namespace

FrameParser::FrameParser(const UnmaskFunctions& kernel, FrameHandler& handler,
                         ParserOptions options)
    : kernel_(kernel), handler_(handler), options_(options) {}

FrameParser::FrameParser(FrameHandler& handler, ParserOptions options)
    : FrameParser(fastest_unmask().entries, handler, options) {}

void FrameParser::fail(FrameError error) {
  failed_ = true;
  handler_.on_error(error);
}

void FrameParser::consume(std::uint8_t* data, std::size_t length) {
  if (failed_) return;
  std::uint8_t* at = data;
  std::uint8_t* const end = data + length;
  if (spill_size_ > 0) {
    // Put the spilled header back in front of this read, so the frame is contiguous again.
    at = data - spill_size_;
    std::memcpy(at, spill_, spill_size_);
    spill_size_ = 0;
  }
  while (at < end && !failed_) {
    at = remaining_ > 0 ? continue_payload(at, end) : start_frame(at, end);
  }
}

// Checks each part of a header as soon as it has arrived, in wire order.
FrameParser::HeaderStatus FrameParser::read_header(const std::uint8_t* at, std::size_t available,
                                                   Header& header, FrameError& error) const {
  if (available < 2) return HeaderStatus::incomplete;
  header.fin = (at[0] & 0x80) != 0;
  header.opcode = at[0] & 0x0f;
  std::optional<FrameError> found;
  if ((at[0] & 0x70) != 0) {
    found = FrameError::reserved_bits;
  } else if (!is_known(header.opcode)) {
    found = FrameError::reserved_opcode;
  } else if ((at[1] & 0x80) == 0) {
    found = FrameError::unmasked_frame;
  }
  if (found) {
    error = *found;
    return HeaderStatus::invalid;
  }
  header.length = at[1] & 0x7f;
  const std::size_t length_bytes = header.length == 126 ? 2 : header.length == 127 ? 8 : 0;
  if (available < 2 + length_bytes) return HeaderStatus::incomplete;
  if (length_bytes > 0) {
    header.length = 0;
    for (std::size_t i = 0; i < length_bytes; ++i) header.length = header.length << 8 | at[2 + i];
  }
  found = length_bytes == 8 && (header.length >> 63) != 0 ? FrameError::length_top_bit_set
                                                          : admit(header);
  if (found) {
    error = *found;
    return HeaderStatus::invalid;
  }
  header.size = 2 + length_bytes + kKeyBytes;
  if (available < header.size) return HeaderStatus::incomplete;
  std::memcpy(header.key.data(), at + 2 + length_bytes, kKeyBytes);
  return HeaderStatus::complete;
}

// The checks that need the frame's length and the message state.
std::optional<FrameError> FrameParser::admit(const Header& header) const {
  if (is_control(header.opcode)) {
    if (!header.fin) return FrameError::control_frame_fragmented;
    if (header.length > 125) return FrameError::control_frame_too_long;
    return std::nullopt;
  }
  const bool continuation = header.opcode == opcode::continuation;
  if (continuation && !message_open_) return FrameError::continuation_without_message;
  if (!continuation && message_open_) return FrameError::data_frame_inside_message;
  const std::uint64_t so_far = continuation ? message_size_ : 0;
  if (header.length > options_.max_message_size - so_far) return FrameError::message_too_large;
  return std::nullopt;
}

std::uint8_t* FrameParser::start_frame(std::uint8_t* at, std::uint8_t* end) {
  const std::size_t available = static_cast<std::size_t>(end - at);
  Header header;
  FrameError error{};
  switch (read_header(at, available, header, error)) {
    case HeaderStatus::invalid: fail(error); return end;
    case HeaderStatus::incomplete:
      std::memcpy(spill_, at, available);
      spill_size_ = available;
      return end;
    case HeaderStatus::complete: break;
  }
  std::uint8_t* payload = at + header.size;
  const std::uint64_t here = std::min<std::uint64_t>(header.length, end - payload);
  std::uint8_t* moved = payload - move_back_distance(header);

  if (is_control(header.opcode)) {
    if (here == header.length) {
      // Whole in this read: unmask it to where it lands and hand it on.
      unmask_payload(moved, payload, header.key, here);
      finish_control(header.opcode, {moved, here});
      return payload + here;
    }
    opcode_ = header.opcode;
    key_ = header.key;
    control_length_ = header.length;
    control_size_ = here;
    std::memcpy(control_, payload, here);
    remaining_ = header.length - here;
    return end;
  }

  if (header.opcode != opcode::continuation) message_size_ = 0;
  message_size_ += header.length;
  message_open_ = !header.fin;
  // Complete or not, the part in this read is unmasked to where it lands.
  unmask_payload(moved, payload, header.key, here);
  remaining_ = header.length - here;
  opcode_ = header.opcode;
  fin_ = header.fin;
  key_ = rotate_key(header.key, static_cast<unsigned>(here));
  handler_.on_data(header.opcode, header.fin, {moved, here}, remaining_);
  return payload + here;
}

std::size_t FrameParser::move_back_distance(const Header& header) const {
  if (options_.move_back == MoveBack::over_key) return kKeyBytes;
  return options_.move_back == MoveBack::over_header ? header.size : 0;
}

// Moved back by D >= 4, the imprecise writes end at or before payload + here; in place, only exact
// leaves the next frame's header, right after the payload, untouched.
void FrameParser::unmask_payload(std::uint8_t* moved, const std::uint8_t* payload, Key key,
                                 std::size_t here) const {
  if (moved == payload) {
    kernel_.exact(moved, payload, here, key, 0);
  } else {
    kernel_.imprecise(moved, payload, key, here);
  }
}

std::uint8_t* FrameParser::continue_payload(std::uint8_t* at, std::uint8_t* end) {
  const std::uint64_t here = std::min<std::uint64_t>(remaining_, end - at);
  remaining_ -= here;
  if (control_length_ > 0) {
    std::memcpy(control_ + control_size_, at, here);
    control_size_ += here;
    if (remaining_ == 0) {
      kernel_.exact(control_, control_, control_length_, key_, 0);
      const std::size_t length = control_length_;
      control_length_ = 0;
      finish_control(opcode_, {control_, length});
    }
    return at + here;
  }
  if (at + here == end) {
    kernel_.inplace(at, key_, here);  // may write up to 3 bytes into the post-padding
  } else {
    kernel_.exact(at, at, here, key_, 0);  // the next frame's header follows: touch nothing past
  }
  key_ = rotate_key(key_, static_cast<unsigned>(here));
  handler_.on_data(opcode_, fin_, {at, here}, remaining_);
  return at + here;
}

void FrameParser::finish_control(std::uint8_t code, std::span<const std::uint8_t> payload) {
  if (code == opcode::close && payload.size() == 1) return fail(FrameError::close_payload_one_byte);
  if (code == opcode::close && payload.size() >= 2 &&
      !is_valid_close_code(payload[0] << 8 | payload[1])) {
    return fail(FrameError::invalid_close_code);
  }
  handler_.on_control(code, payload);
}

}  // namespace maskcheck
