#include "streams/wire_frames.h"

#include <algorithm>

namespace maskcheck {

namespace {

WireFrame frame_at(std::span<const std::uint8_t> stream, std::size_t at) {
  WireFrame frame;
  frame.begin = at;
  frame.first_byte = stream[at];
  if (stream.size() - at < 2) return frame;
  const std::uint8_t second = stream[at + 1];
  const bool masked = (second & 0x80) != 0;
  const std::size_t length_bytes = (second & 0x7f) == 126 ? 2 : (second & 0x7f) == 127 ? 8 : 0;
  frame.header = 2 + length_bytes + (masked ? 4 : 0);
  if (stream.size() - at < 2 + length_bytes) return frame;
  frame.length = second & 0x7f;
  if (length_bytes > 0) {
    frame.length = 0;
    for (std::size_t i = 0; i < length_bytes; ++i)
      frame.length = frame.length << 8 | stream[at + 2 + i];
  }
  const std::size_t past_header = at + frame.header;
  if (frame.length <= WireFrame::kUnknown - past_header) frame.end = past_header + frame.length;
  if (masked && stream.size() >= past_header)
    std::copy_n(stream.begin() + static_cast<std::ptrdiff_t>(past_header - 4), 4,
                frame.key.begin());
  return frame;
}

}  // namespace

void for_each_wire_frame(std::span<const std::uint8_t> stream,
                         const std::function<bool(const WireFrame&)>& visit) {
  for (std::size_t at = 0; at < stream.size();) {
    const WireFrame frame = frame_at(stream, at);
    if (!visit(frame) || frame.end >= stream.size()) return;
    at = frame.end;
  }
}

}  // namespace maskcheck
