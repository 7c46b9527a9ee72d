#include "streams/spilled_header.h"

#include <limits>

namespace maskcheck {

namespace {

constexpr std::size_t kUnknown = std::numeric_limits<std::size_t>::max();

struct FrameExtent {
  std::size_t header = kUnknown;  // header bytes, key included
  std::size_t end = kUnknown;     // one past the payload
};

// Read off the wire alone: a header's size needs only its second byte, its payload length the
// extended length. Whatever is not there yet is unknown (as long as the stream, then).
FrameExtent extent_of(std::span<const std::uint8_t> stream, std::size_t at) {
  FrameExtent extent;
  if (stream.size() - at < 2) return extent;
  const std::uint8_t second = stream[at + 1];
  const std::size_t length_bytes = (second & 0x7f) == 126 ? 2 : (second & 0x7f) == 127 ? 8 : 0;
  extent.header = 2 + length_bytes + ((second & 0x80) != 0 ? 4 : 0);
  if (stream.size() - at < 2 + length_bytes) return extent;
  std::uint64_t length = second & 0x7f;
  if (length_bytes > 0) {
    length = 0;
    for (std::size_t i = 0; i < length_bytes; ++i) length = length << 8 | stream[at + 2 + i];
  }
  const std::size_t past_header = at + extent.header;
  if (length <= kUnknown - past_header) extent.end = past_header + length;
  return extent;
}

}  // namespace

std::vector<std::size_t> spilled_header_bytes(std::span<const std::uint8_t> stream,
                                              std::span<const std::size_t> cuts) {
  std::vector<std::size_t> spilled(cuts.size() + 1, 0);
  std::size_t frame = 0;  // where the frame that holds the current read's start begins
  for (std::size_t read = 1; read <= cuts.size(); ++read) {
    const std::size_t begin = cuts[read - 1];
    FrameExtent extent = extent_of(stream, frame);
    while (extent.end <= begin) {
      frame = extent.end;
      extent = extent_of(stream, frame);
    }
    if (begin > frame && begin - frame < extent.header) spilled[read] = begin - frame;
  }
  return spilled;
}

}  // namespace maskcheck
