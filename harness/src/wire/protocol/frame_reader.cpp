#include "wire/protocol/frame_reader.h"

#include <variant>

#include "maskcheck/frame_parser_interface.h"
#include "maskcheck/reference_unmask.h"
#include "streams/frame_builder.h"

namespace maskcheck::wire {

namespace {

bool is_control(std::uint8_t opcode) {
  return (opcode & 0x8) != 0;
}

bool is_known(std::uint8_t opcode) {
  return opcode <= 2 || (opcode >= 8 && opcode <= 10);
}

}  // namespace

std::optional<std::string> FrameReader::read(std::vector<std::uint8_t>& inbox,
                                             std::vector<WireEvent>& events) {
  const bool from_client = sender_ == Sender::client;
  const std::string who = from_client ? "the client" : "the server";
  std::size_t at = 0;
  std::optional<std::string> problem;
  while (!problem && inbox.size() - at >= 2) {
    const std::uint8_t* frame = inbox.data() + at;
    const std::size_t available = inbox.size() - at;
    const bool fin = (frame[0] & 0x80) != 0;
    const bool masked = (frame[1] & 0x80) != 0;
    const std::uint8_t opcode = frame[0] & 0x0f;
    const std::uint8_t reserved = frame[0] & 0x70;
    const bool starts_compressed =
        inflater_ && reserved == kRsv1 && (opcode == opcode::text || opcode == opcode::binary);
    std::uint64_t length = frame[1] & 0x7f;
    std::size_t length_end = 2;
    if (length == 126) length_end = 4;
    if (length == 127) length_end = 10;
    const std::size_t header = length_end + (masked ? 4 : 0);
    if (available < header) break;
    if (length >= 126) {
      length = 0;
      for (std::size_t i = 2; i < length_end; ++i) length = length << 8 | frame[i];
    }
    if (masked != from_client) {
      problem = from_client ? "the client sent an unmasked frame (a client masks every frame)"
                            : "the server sent a masked frame (a server's frames are never masked)";
    } else if (reserved != 0 && !starts_compressed) {
      problem =
          who + (inflater_ ? " sent a frame with RSV2 or RSV3, or RSV1 not on a message's "
                             "first frame (permessage-deflate allows no other)"
                           : " sent a frame with reserved bits set, and no extension was agreed");
    } else if (!is_known(opcode)) {
      problem = who + " sent a frame with the reserved opcode " + std::to_string(opcode);
    } else if (is_control(opcode) && (length > 125 || !fin)) {
      problem = who + " sent a control frame that is fragmented or over 125 bytes";
    } else if (opcode == 0 && !open_) {
      problem = who + " sent a continuation frame outside a message";
    } else if ((opcode == 1 || opcode == 2) && open_) {
      problem = who + " began a message inside another";
    }
    if (problem || available - header < length) break;
    const std::uint8_t* payload = frame + header;
    // Onto the event's payload once, then unmasked where it lies.
    std::vector<std::uint8_t>* into = nullptr;
    if (is_control(opcode)) {
      counts_.controls_inside += open_.has_value();
      into = &events.emplace_back(WireEvent{opcode, {}}).payload;
    } else {
      if (opcode != 0) {
        open_ = WireEvent{opcode, {}};
        open_compressed_ = starts_compressed;
      }
      into = &open_->payload;
    }
    const std::size_t from = into->size();
    into->insert(into->end(), payload, payload + length);
    if (masked) {
      const Key key{frame[length_end], frame[length_end + 1], frame[length_end + 2],
                    frame[length_end + 3]};
      reference::unmask_exact(into->data() + from, into->data() + from, into->size() - from, key,
                              0);
      keys_.push_back(key);
    }
    if (!is_control(opcode) && fin) {
      ++counts_.messages;
      if (open_compressed_) {
        ++counts_.compressed;
        auto inflated = inflater_->inflate(open_->payload);
        if (auto* reason = std::get_if<std::string>(&inflated)) {
          problem = who + "'s compressed message of " + std::to_string(open_->payload.size()) +
                    " bytes is not one: " + *reason;
          break;
        }
        open_->payload = std::move(std::get<std::vector<std::uint8_t>>(inflated));
      }
      events.push_back(std::move(*open_));
      open_.reset();
    }
    at += header + static_cast<std::size_t>(length);
  }
  inbox.erase(inbox.begin(), inbox.begin() + static_cast<std::ptrdiff_t>(at));
  return problem;
}

}  // namespace maskcheck::wire
