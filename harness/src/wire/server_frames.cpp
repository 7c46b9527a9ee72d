#include "wire/server_frames.h"

#include <cstring>

namespace maskcheck::wire {

namespace {

bool is_control(std::uint8_t opcode) {
  return (opcode & 0x8) != 0;
}

bool is_known(std::uint8_t opcode) {
  return opcode <= 2 || (opcode >= 8 && opcode <= 10);
}

}  // namespace

std::optional<std::string> ServerFrameReader::read(std::vector<std::uint8_t>& inbox,
                                                   std::vector<ServerEvent>& events) {
  std::size_t at = 0;
  std::optional<std::string> problem;
  while (!problem && inbox.size() - at >= 2) {
    const std::uint8_t* frame = inbox.data() + at;
    const std::size_t available = inbox.size() - at;
    const bool fin = (frame[0] & 0x80) != 0;
    const std::uint8_t opcode = frame[0] & 0x0f;
    std::uint64_t length = frame[1] & 0x7f;
    std::size_t header = 2;
    if (length == 126) header = 4;
    if (length == 127) header = 10;
    if (available < header) break;
    if (length >= 126) {
      length = 0;
      for (std::size_t i = 2; i < header; ++i) length = length << 8 | frame[i];
    }
    if ((frame[1] & 0x80) != 0) {
      problem = "the server sent a masked frame (a server's frames are never masked)";
    } else if ((frame[0] & 0x70) != 0) {
      problem = "the server sent a frame with reserved bits set, and no extension was agreed";
    } else if (!is_known(opcode)) {
      problem = "the server sent a frame with the reserved opcode " + std::to_string(opcode);
    } else if (is_control(opcode) && (length > 125 || !fin)) {
      problem = "the server sent a control frame that is fragmented or over 125 bytes";
    } else if (opcode == 0 && !open_) {
      problem = "the server sent a continuation frame outside a message";
    } else if ((opcode == 1 || opcode == 2) && open_) {
      problem = "the server began a message inside another";
    }
    if (problem || available - header < length) break;
    const std::uint8_t* payload = frame + header;
    if (is_control(opcode)) {
      events.push_back({opcode, {payload, payload + length}});
    } else {
      if (opcode != 0) open_ = ServerEvent{opcode, {}};
      open_->payload.insert(open_->payload.end(), payload, payload + length);
      if (fin) {
        events.push_back(std::move(*open_));
        open_.reset();
      }
    }
    at += header + static_cast<std::size_t>(length);
  }
  inbox.erase(inbox.begin(), inbox.begin() + static_cast<std::ptrdiff_t>(at));
  return problem;
}

}  // namespace maskcheck::wire
