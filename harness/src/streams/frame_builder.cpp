#include "streams/frame_builder.h"

namespace maskcheck {

unsigned minimal_header_size(std::uint64_t n) {
  if (n < 126) return 6;
  return n <= 0xffff ? 8 : 14;
}

void append_frame(std::vector<std::uint8_t>& stream, const FrameSpec& frame) {
  const std::uint64_t n = frame.declared_length.value_or(frame.payload.size());
  const unsigned header = frame.header_size == 0 ? minimal_header_size(n) : frame.header_size;
  const std::uint8_t mask_bit = frame.masked ? 0x80 : 0x00;
  stream.push_back(frame.first_byte);
  if (header == 6) {
    stream.push_back(static_cast<std::uint8_t>(mask_bit | n));
  } else {
    const int length_bytes = header == 8 ? 2 : 8;
    stream.push_back(static_cast<std::uint8_t>(mask_bit | (header == 8 ? 126 : 127)));
    for (int i = length_bytes - 1; i >= 0; --i)
      stream.push_back(static_cast<std::uint8_t>(n >> (8 * i)));
  }
  if (!frame.masked) {
    stream.insert(stream.end(), frame.payload.begin(), frame.payload.end());
    return;
  }
  stream.insert(stream.end(), frame.key.begin(), frame.key.end());
  const std::size_t at = stream.size();
  stream.resize(at + frame.payload.size());
  for (std::size_t i = 0; i < frame.payload.size(); ++i)
    stream[at + i] = frame.payload[i] ^ frame.key[i % 4];
}

}  // namespace maskcheck
