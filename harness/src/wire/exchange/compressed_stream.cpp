#include "wire/exchange/compressed_stream.h"

#include <algorithm>
#include <array>
#include <optional>

#include "maskcheck/frame_parser_interface.h"
#include "streams/frame_builder.h"
#include "wire/exchange/frame_cuts.h"

namespace maskcheck::wire {

namespace {

constexpr Key kSecondKey{0xe1, 0x6b, 0x52, 0x0f};
constexpr std::size_t kRepeated = 64;  // the second message: the first one's start, this long

// Compressed sizes on both sides of 125 and 65535 (6-, 8- and 14-byte headers), and messages past
// a 512 KiB receive buffer.
constexpr std::array<std::size_t, 23> kLengths{0,   1,   2,    3,    5,     8,      16,    31,
                                               32,  33,  64,   65,   127,   128,    200,   255,
                                               256, 300, 1000, 4096, 65536, 200000, 600000};
const std::array<Key, 3> kKeys{{{0, 0, 0, 0}, {0x37, 0xfa, 0x21, 0x3d}, {0x9c, 0x41, 0x0e, 0xd7}}};

// Letters drawn from 16, about four bits each: DEFLATE codes them with Huffman codes and matches,
// so the compressed size grows with the message and is never a stored copy of it.
std::vector<std::uint8_t> message_of(std::size_t length) {
  static constexpr std::string_view kLetters = "etaoinshrdlucmfw";
  std::vector<std::uint8_t> message(length);
  std::uint64_t state = length * 0x9e3779b97f4a7c15ull + 1;
  for (std::uint8_t& byte : message) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    byte = static_cast<std::uint8_t>(kLetters[state >> 60]);
  }
  return message;
}

// Both messages of a length, plain and compressed as `sender`.
struct Compressed {
  std::size_t length = 0;
  DeflateParameters sender;
  std::vector<WireEvent> plain;
  std::vector<std::uint8_t> first;
  std::vector<std::uint8_t> second;
};

// The cases of one length come one after another, each cut elsewhere: each thread compresses a
// length's messages once (600,000 bytes take zlib about 19 ms), not once per cut.
const Compressed& compressed_messages(std::size_t length, const DeflateParameters& sender) {
  thread_local std::optional<Compressed> last;
  if (last && last->length == length && last->sender == sender) return *last;
  std::vector<std::uint8_t> first = message_of(length);
  std::vector<std::uint8_t> second(first.begin(), first.begin() + std::min(length, kRepeated));
  MessageCompressor compressor(sender);
  Compressed made{length, sender, {}, compressor.compress(first), {}};
  made.second = compressor.compress(second);
  made.plain = {{opcode::text, std::move(first)}, {opcode::text, std::move(second)}};
  return last.emplace(std::move(made));
}

}  // namespace

CompressedStream compressed_stream(const CompressedCase& c, const DeflateParameters& sender,
                                   Sender from) {
  const bool masked = from == Sender::client;
  CompressedStream made;
  const Compressed& messages = compressed_messages(c.length, sender);
  const std::vector<std::uint8_t>& packed = messages.first;
  const std::span<const std::uint8_t> all = packed;
  const std::size_t third = packed.size() / 3;
  const std::vector<std::size_t> ends = c.fragments == 3
                                            ? std::vector<std::size_t>{third, 2 * third, all.size()}
                                            : std::vector<std::size_t>{all.size()};
  std::size_t begin = 0;
  for (std::size_t i = 0; i < ends.size(); ++i) {
    const std::uint8_t first_byte = static_cast<std::uint8_t>(
        (i + 1 == ends.size() ? kFin : 0) | (i == 0 ? kRsv1 | opcode::text : opcode::continuation));
    const std::span<const std::uint8_t> piece = all.subspan(begin, ends[i] - begin);
    if (i == 0) {
      made.first_header = minimal_header_size(piece.size()) - (masked ? 0 : 4);
      made.first_payload = piece.size();
    }
    append_frame(made.bytes, {first_byte, piece, c.key, 0, masked});
    begin = ends[i];
  }
  append_frame(made.bytes, {kFin | kRsv1 | opcode::text, messages.second, kSecondKey, 0, masked});
  made.messages = messages.plain;
  return made;
}

bool for_each_compressed_case(const DeflateParameters& sender, std::uint64_t longest, Sender from,
                              const std::function<bool(const CompressedCase&)>& visit) {
  CompressedCase c;
  std::uint64_t turn = 0;
  for (std::size_t length : kLengths) {
    if (length > longest) break;
    c.length = length;
    for (unsigned fragments : {1u, 3u}) {
      c.fragments = fragments;
      const CompressedStream stream = compressed_stream(c, sender, from);
      const std::size_t first_frame = stream.first_header + stream.first_payload;
      const std::vector<std::size_t> cuts =
          cut_points(stream.first_header, stream.first_payload, stream.bytes.size() - first_frame);
      for (std::size_t i = 0; i < cuts.size(); ++i) {
        for (std::size_t j = i; j < cuts.size(); ++j) {
          c.first_cut = cuts[i];
          c.second_cut = cuts[j];
          c.key = kKeys[turn++ % kKeys.size()];
          if (!visit(c)) return false;
        }
      }
    }
  }
  return true;
}

}  // namespace maskcheck::wire
