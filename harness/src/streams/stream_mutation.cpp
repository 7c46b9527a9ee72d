#include "streams/stream_mutation.h"

#include <algorithm>
#include <array>
#include <cstring>

#include "maskcheck/frame_parser_interface.h"
#include "streams/frame_builder.h"

namespace maskcheck {

namespace {

using Random = MutationRandom;

struct Frame {
  std::uint8_t first_byte = 0;
  bool masked = true;
  unsigned header_size = 6;  // the length encoding: 6, 8 or 14 (with the key)
  Key key{};
  std::vector<std::uint8_t> payload;  // unmasked
};

constexpr std::array<std::size_t, 17> kLengths{0,   1,   2,   3,   4,    5,    63,    64,   65,
                                               125, 126, 127, 200, 1000, 4096, 65535, 65536};
constexpr std::array<unsigned, 6> kCloseCodes{1000, 1001, 1005, 1015, 2999, 4999};

std::size_t pick(Random& random, std::size_t count) {
  return random() % count;
}

// Frames as far as the stream holds whole ones; what follows stays raw in `tail`.
std::vector<Frame> read_frames(const std::vector<std::uint8_t>& stream,
                               std::vector<std::uint8_t>& tail) {
  std::vector<Frame> frames;
  std::size_t at = 0;
  while (stream.size() - at >= 2) {
    Frame frame;
    frame.first_byte = stream[at];
    frame.masked = (stream[at + 1] & 0x80) != 0;
    std::uint64_t length = stream[at + 1] & 0x7f;
    std::size_t length_bytes = length == 126 ? 2 : length == 127 ? 8 : 0;
    frame.header_size = length_bytes == 0 ? 6 : length_bytes == 2 ? 8 : 14;
    std::size_t header = 2 + length_bytes + (frame.masked ? 4 : 0);
    if (stream.size() - at < header) break;
    if (length_bytes > 0) {
      length = 0;
      for (std::size_t i = 0; i < length_bytes; ++i) length = length << 8 | stream[at + 2 + i];
    }
    if (length > stream.size() - at - header) break;
    if (frame.masked) std::memcpy(frame.key.data(), &stream[at + 2 + length_bytes], 4);
    frame.payload.assign(stream.begin() + static_cast<std::ptrdiff_t>(at + header),
                         stream.begin() + static_cast<std::ptrdiff_t>(at + header + length));
    for (std::size_t i = 0; i < frame.payload.size(); ++i)
      frame.payload[i] ^= frame.masked ? frame.key[i % 4] : 0;
    frames.push_back(std::move(frame));
    at += header + length;
  }
  tail.assign(stream.begin() + static_cast<std::ptrdiff_t>(at), stream.end());
  return frames;
}

std::vector<std::uint8_t> write_frames(const std::vector<Frame>& frames,
                                       const std::vector<std::uint8_t>& tail) {
  std::vector<std::uint8_t> stream;
  for (const Frame& frame : frames) {
    // Keep the chosen encoding unless the payload no longer fits it.
    const unsigned header = std::max(frame.header_size, minimal_header_size(frame.payload.size()));
    append_frame(stream, {frame.first_byte, frame.payload, frame.key, header, frame.masked});
  }
  stream.insert(stream.end(), tail.begin(), tail.end());
  return stream;
}

Key random_key(Random& random) {
  if (random() % 4 == 0) return {};
  return {static_cast<std::uint8_t>(random()), static_cast<std::uint8_t>(random()),
          static_cast<std::uint8_t>(random()), static_cast<std::uint8_t>(random())};
}

Frame control_frame(Random& random) {
  static constexpr std::array<std::uint8_t, 3> kControls{opcode::ping, opcode::pong, opcode::close};
  Frame frame;
  frame.first_byte = kFin | kControls[pick(random, kControls.size())];
  frame.key = random_key(random);
  if ((frame.first_byte & 0x0f) == opcode::close && random() % 4 != 0) {
    const unsigned code = kCloseCodes[pick(random, kCloseCodes.size())];
    frame.payload = {static_cast<std::uint8_t>(code >> 8), static_cast<std::uint8_t>(code), 'o',
                     'k'};
  } else {
    frame.payload.resize(random() % 8, 'c');
  }
  return frame;
}

void mutate_frame(Frame& frame, Random& random) {
  switch (pick(random, 8)) {
    case 0: frame.first_byte ^= kFin; break;
    case 1: {
      // Mostly opcodes that mean something, sometimes reserved ones.
      static constexpr std::array<std::uint8_t, 8> kOpcodes{0x0, 0x1, 0x2, 0x8, 0x9, 0xa, 0x3, 0xb};
      frame.first_byte = static_cast<std::uint8_t>((frame.first_byte & 0xf0) |
                                                   kOpcodes[pick(random, kOpcodes.size())]);
      break;
    }
    case 2: frame.first_byte ^= static_cast<std::uint8_t>(0x10 << pick(random, 3)); break;
    case 3: {
      const std::size_t length =
          random() % 2 ? kLengths[pick(random, kLengths.size())] : random() % 300;
      const std::size_t old = frame.payload.size();
      frame.payload.resize(length);
      for (std::size_t i = old; i < length; ++i)
        frame.payload[i] = static_cast<std::uint8_t>(random());
      break;
    }
    case 4: frame.key = random_key(random); break;
    case 5: frame.header_size = std::array<unsigned, 3>{6, 8, 14}[pick(random, 3)]; break;
    case 6: frame.masked = random() % 8 != 0; break;
    default:
      if (!frame.payload.empty())
        frame.payload[pick(random, frame.payload.size())] = static_cast<std::uint8_t>(random());
      break;
  }
}

}  // namespace

MutationRandom case_random(std::uint64_t seed, std::uint64_t index) {
  return MutationRandom(
      static_cast<std::uint32_t>((seed * 0x9e3779b97f4a7c15u ^ index) % 0x7fffffff) + 1);
}

std::vector<std::uint8_t> mutate_stream(std::span<const std::uint8_t> stream, Random& random) {
  std::vector<std::uint8_t> tail;
  std::vector<Frame> frames = read_frames({stream.begin(), stream.end()}, tail);
  switch (pick(random, 4)) {
    case 0:
      frames.insert(frames.begin() + static_cast<std::ptrdiff_t>(pick(random, frames.size() + 1)),
                    random() % 2 || frames.empty() ? control_frame(random)
                                                   : frames[pick(random, frames.size())]);
      break;
    case 1:
      if (!frames.empty())
        frames.erase(frames.begin() + static_cast<std::ptrdiff_t>(pick(random, frames.size())));
      break;
    default:
      if (frames.empty()) frames.push_back(control_frame(random));
      mutate_frame(frames[pick(random, frames.size())], random);
      break;
  }
  return write_frames(frames, tail);
}

void mutate_cuts(std::vector<std::size_t>& cuts, std::size_t size, std::size_t most,
                 Random& random) {
  const std::size_t positions = size + 1;
  if (cuts.empty() || (cuts.size() < most && random() % 2)) {
    cuts.push_back(random() % positions);
  } else if (random() % 2) {
    cuts.erase(cuts.begin() + static_cast<std::ptrdiff_t>(pick(random, cuts.size())));
  } else {
    std::size_t& cut = cuts[pick(random, cuts.size())];
    cut = (cut + random() % 130 + positions - 64) % positions;
  }
}

}  // namespace maskcheck
