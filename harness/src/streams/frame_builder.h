// Builds client-to-server WebSocket frames for the stream checks, with a chosen header size so
// the 6-, 8- and 14-byte headers (7-, 16- and 64-bit lengths) are each exercised.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "maskcheck/unmask_functions.h"

namespace maskcheck {

inline constexpr std::uint8_t kFin = 0x80;
// RSV1: with permessage-deflate, a compressed message's first frame (RFC 7692 section 6).
inline constexpr std::uint8_t kRsv1 = 0x40;

struct FrameSpec {
  std::uint8_t first_byte = kFin | 0x2;  // FIN, RSV bits and opcode as they go on the wire
  std::span<const std::uint8_t> payload;
  Key key{};
  unsigned header_size = 0;  // 6, 8 or 14 with the key; 0 picks the shortest that fits
  bool masked = true;
  // The length the header declares, when only the first part of the payload follows it.
  std::optional<std::uint64_t> declared_length = std::nullopt;
};

// The header size the shortest length encoding gives for a payload of n bytes.
unsigned minimal_header_size(std::uint64_t n);

void append_frame(std::vector<std::uint8_t>& stream, const FrameSpec& frame);

}  // namespace maskcheck
