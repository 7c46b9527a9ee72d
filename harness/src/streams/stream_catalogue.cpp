// The named streams: what each sends and how it is cut into reads, built and decoded once.
#include "streams/stream_catalogue.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <initializer_list>
#include <numeric>
#include <string>

#include "maskcheck/reference_frame_decoder.h"
#include "streams/frame_builder.h"
#include "streams/utf8_sequences.h"

namespace maskcheck {

namespace {

constexpr std::size_t kReceiveBuffer = 512 * 1024;

const std::array<Key, 4> kKeys{
    {{0, 0, 0, 0}, {0x37, 0xfa, 0x21, 0x3d}, {0xff, 0xff, 0xff, 0xff}, {0x5e, 0x02, 0xb8, 0x61}}};

using Bytes = std::vector<std::uint8_t>;

Bytes pattern(std::size_t n, std::size_t seed) {
  Bytes bytes(n);
  for (std::size_t i = 0; i < n; ++i) bytes[i] = static_cast<std::uint8_t>(i * 151 + seed * 29 + 7);
  return bytes;
}

// Printable ASCII, so the text messages stay valid UTF-8 for a parser that requires it (and
// reach what their stream is about instead of an invalid-utf8 error).
Bytes ascii_text(std::size_t n, std::size_t seed) {
  Bytes bytes = pattern(n, seed);
  for (std::uint8_t& byte : bytes) byte = static_cast<std::uint8_t>(' ' + byte % 95);
  return bytes;
}

Bytes joined(std::initializer_list<Bytes> parts) {
  Bytes bytes;
  for (const Bytes& part : parts) bytes.insert(bytes.end(), part.begin(), part.end());
  return bytes;
}

// "κόσμε" and "edited": the valid text Kuhn's UTF-8 test and Autobahn|Testsuite put around
// invalid bytes.
const Bytes kKosme{0xce, 0xba, 0xe1, 0xbd, 0xb9, 0xcf, 0x83, 0xce, 0xbc, 0xce, 0xb5};
const Bytes kEdited{'e', 'd', 'i', 't', 'e', 'd'};

void add(Bytes& stream, std::uint8_t first_byte, const Bytes& payload, std::size_t key_index = 1) {
  append_frame(stream, {first_byte, payload, kKeys[key_index % kKeys.size()], 0});
}

std::vector<std::size_t> every(std::size_t step, std::size_t size) {
  std::vector<std::size_t> cuts;
  for (std::size_t at = step; at < size; at += step) cuts.push_back(at);
  return cuts;
}

// Frames of every payload length, each followed by a ping, so an overrun corrupts a header:
// binary frames with one-byte pings, or ASCII text frames with pings of every control frame
// length, 0 to 125 bytes.
Bytes every_length_stream(bool text) {
  Bytes stream;
  std::vector<std::size_t> lengths(300);
  std::iota(lengths.begin(), lengths.end(), std::size_t{0});
  for (std::size_t n : {65535u, 65536u, 65537u, 70001u}) lengths.push_back(n);
  for (std::size_t n : lengths) {
    if (text) {
      add(stream, kFin | opcode::text, ascii_text(n, n), n);
      add(stream, kFin | opcode::ping, pattern(n % 126, n), n + 1);
    } else {
      add(stream, kFin | opcode::binary, pattern(n, n), n);
      add(stream, kFin | opcode::ping, {'p'}, n + 1);
    }
  }
  return stream;
}

Bytes fragmented_with_controls() {
  Bytes stream;
  add(stream, opcode::text, {'H', 'e', 'l'}, 0);
  add(stream, kFin | opcode::ping, pattern(125, 1), 1);
  add(stream, opcode::continuation, {'l', 'o', ' '}, 2);
  add(stream, kFin | opcode::pong, {}, 3);
  add(stream, kFin | opcode::continuation, ascii_text(200, 2), 1);
  add(stream, kFin | opcode::binary, pattern(5, 3), 0);
  add(stream, kFin | opcode::close, {0x03, 0xe8, 'b', 'y', 'e'}, 2);
  return stream;
}

// A valid frame, the offending frame, then a valid frame the parser must never report.
struct ErrorStream {
  std::string name;
  Bytes offending;
};

std::vector<ErrorStream> error_streams() {
  auto frame = [](std::uint8_t first_byte, const Bytes& payload, bool masked = true) {
    Bytes bytes;
    append_frame(bytes, {first_byte, payload, kKeys[1], 0, masked});
    return bytes;
  };
  Bytes inside_message = frame(opcode::text, {'a'});
  const Bytes second = frame(kFin | opcode::text, {'b'});
  inside_message.insert(inside_message.end(), second.begin(), second.end());
  // The same with a binary frame, which a parser may wrongly join to the message (uWebSockets).
  Bytes binary_inside = frame(opcode::text, {'a'});
  const Bytes binary = frame(kFin | opcode::binary, {'b'});
  binary_inside.insert(binary_inside.end(), binary.begin(), binary.end());
  // Four bytes past an unmasked frame, where a parser that ignores the mask bit takes its key
  // from (uWebSockets does): it reads on as a frame and hands out garbage, not an error.
  Bytes unmasked_then_key = frame(kFin | opcode::binary, {'h', 'e', 'l', 'l', 'o', '!'}, false);
  unmasked_then_key.insert(unmasked_then_key.end(), 4, 0);
  Bytes too_large = frame(opcode::binary, pattern(600, 4));
  const Bytes rest = frame(kFin | opcode::continuation, pattern(401, 5));
  too_large.insert(too_large.end(), rest.begin(), rest.end());
  // A message that ends, then a continuation that goes on as if it had not, then a new one.
  const Bytes continued_after_end = joined({frame(opcode::text, {'o', 'n', 'e'}),
                                            frame(kFin | opcode::continuation, {'t', 'w', 'o'}),
                                            frame(opcode::continuation, {'t', 'h', 'r', 'e', 'e'}),
                                            frame(kFin | opcode::text, {'f', 'o', 'u', 'r'})});
  Bytes long_reason{0x03, 0xe8};
  long_reason.insert(long_reason.end(), 124, '*');
  std::vector<ErrorStream> errors{
      {"unmasked-frame", frame(kFin | opcode::text, {'h', 'i'}, false)},
      {"unmasked-frame-then-4-bytes", unmasked_then_key},
      {"reserved-bits", frame(kFin | 0x40 | opcode::text, {'h', 'i'})},
      {"reserved-opcode", frame(kFin | 0x3, {'h', 'i'})},
      {"control-frame-too-long", frame(kFin | opcode::ping, pattern(126, 6))},
      {"control-frame-fragmented", frame(opcode::ping, {'p'})},
      {"continuation-without-message", frame(kFin | opcode::continuation, {'c'})},
      {"data-frame-inside-message", inside_message},
      {"binary-frame-inside-message", binary_inside},
      {"length-top-bit-set", {kFin | opcode::binary, 0xff, 0x80, 0, 0, 0, 0, 0, 0, 1, 1, 2, 3, 4}},
      // Bit 62 set, 63 clear: too large, not a top-bit error.
      {"length-bit-62-set", {kFin | opcode::binary, 0xff, 0x40, 0, 0, 0, 0, 0, 0, 1, 1, 2, 3, 4}},
      {"message-too-large", too_large},
      {"invalid-close-code", frame(kFin | opcode::close, {0x03, 0xed})},
      {"close-payload-one-byte", frame(kFin | opcode::close, {0x03})},
      {"continuation-not-final-without-message", frame(opcode::continuation, {'c'})},
      {"continuation-after-message-ended", continued_after_end},
      {"close-frame-too-long", frame(kFin | opcode::close, long_reason)},
      // A surrogate (U+D800) in the reason.
      {"close-reason-not-utf8",
       frame(kFin | opcode::close, joined({{0x03, 0xe8}, kKosme, {0xed, 0xa0, 0x80}, kEdited}))},
  };
  // Every other reserved bit and pair of them, on each kind of frame.
  for (const auto& [name, first_byte] : {std::pair{"reserved-bits-rsv2", 0x20 | opcode::text},
                                         {"reserved-bits-rsv3", 0x10 | opcode::text},
                                         {"reserved-bits-rsv2-rsv3", 0x30 | opcode::text},
                                         {"reserved-bits-rsv1-rsv3-binary", 0x50 | opcode::binary},
                                         {"reserved-bits-rsv1-rsv2-binary", 0x60 | opcode::binary},
                                         {"reserved-bits-rsv1-rsv2-ping", 0x60 | opcode::ping},
                                         {"reserved-bits-all-on-close", 0x70 | opcode::close}}) {
    errors.push_back({name, frame(static_cast<std::uint8_t>(kFin | first_byte), {'h', 'i'})});
  }
  // The data opcodes past opcode 3 with a payload, and the control ones empty.
  for (std::uint8_t code : {4, 5, 6, 7, 11, 12, 13, 14, 15}) {
    const Bytes payload = code < 8 ? Bytes{'h', 'i'} : Bytes{};
    errors.push_back({"reserved-opcode-" + std::to_string(code), frame(kFin | code, payload)});
  }
  return errors;
}

std::vector<std::size_t> bytewise(std::size_t size) {
  return every(1, size);
}

// The "ok" message before the frames under test: a masked 2-byte text frame.
constexpr std::size_t kFirstMessageSize = 8;

// A text message, the frames under test, then a text message they may keep from an echo.
Bytes between_two_messages(const Bytes& frames) {
  Bytes stream;
  add(stream, kFin | opcode::text, {'o', 'k'}, 1);
  stream.insert(stream.end(), frames.begin(), frames.end());
  add(stream, kFin | opcode::text, {'n', 'o'}, 2);
  return stream;
}

Bytes between_two_messages(std::uint8_t first_byte, const Bytes& payload, std::size_t key_index) {
  Bytes frame;
  add(frame, first_byte, payload, key_index);
  return between_two_messages(frame);
}

// A close frame with one code (kClosedWith: the edges of the valid ranges 1000..1003,
// 1007..1014 and 3000..4999, and Autobahn's codes), between two text frames.
Bytes close_code_stream(unsigned code, std::size_t reason_length = 0) {
  Bytes close{static_cast<std::uint8_t>(code >> 8), static_cast<std::uint8_t>(code & 0xff)};
  close.insert(close.end(), reason_length, '*');
  return between_two_messages(kFin | opcode::close, close, code);
}

// A text message of 1- to 4-byte characters, every character cut by a fragment boundary, with a
// ping inside; then, if `broken`, a message whose second fragment starts with a stray continuation
// byte. Bytes to a parser that takes text as bytes; to one that requires UTF-8 (a declared
// policy), text to validate across fragments and reads, and an invalid-utf8 error at the end.
Bytes utf8_across_fragments_stream(bool broken) {
  const Bytes characters{'a', 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 'z'};
  Bytes stream;
  add(stream, opcode::text, {characters[0], characters[1]}, 1);
  add(stream, kFin | opcode::ping, {'p'}, 2);
  add(stream, opcode::continuation, {characters[2], characters[3], characters[4]}, 3);
  add(stream, opcode::continuation, {characters[5], characters[6], characters[7]}, 0);
  add(stream, kFin | opcode::continuation, {characters[8], characters[9], characters[10]}, 1);
  if (broken) {
    add(stream, opcode::text, {'o', 'k'}, 2);
    add(stream, kFin | opcode::continuation, {0x80, 'x'}, 3);
  }
  return stream;
}

// A fragmented text message whose last fragment ends inside a 3-byte character, then a whole
// one: invalid UTF-8 only once the message ends (a parser that checks completeness on the last
// frame's opcode, a continuation, never sees it).
Bytes utf8_ends_inside_character_stream() {
  Bytes stream;
  add(stream, opcode::text, {'o', 'k'}, 1);
  add(stream, kFin | opcode::continuation, {'!', 0xe2, 0x82}, 2);
  add(stream, kFin | opcode::text, {'n', 'o'}, 3);
  return stream;
}

// A character cut by the end of a fragment that an empty last fragment ends: the message ends
// inside it all the same (a parser that checks only when payload arrives misses it, Beast's).
Bytes utf8_cut_by_empty_last_fragment_stream() {
  Bytes stream;
  add(stream, opcode::text, {'o', 'k', 0xc3}, 1);
  add(stream, kFin | opcode::continuation, {}, 2);
  add(stream, kFin | opcode::text, {'n', 'o'}, 3);
  return stream;
}

// "κόσμε", U+110000 (F4 90 80 80: past Unicode, invalid from its second byte), "edited": U+110000
// in its own fragment, cut across fragments, or inside one frame. Cut short, these ask when a
// server finds invalid text: as its bytes arrive, once a frame is whole, or only when the message
// ends.
struct InvalidText {
  std::string_view name;
  std::vector<Bytes> fragments;
};

const InvalidText kInvalidTexts[] = {
    {"in-fragment", {kKosme, {0xf4, 0x90, 0x80, 0x80}, kEdited}},
    {"across-fragments", {joined({kKosme, {0xf4}}), {0x90}, joined({{0x80, 0x80}, kEdited})}},
    {"inside-frame", {joined({kKosme, {0xf4, 0x90, 0x80, 0x80}, kEdited})}},
};

// Its fragments between two messages; `second_fragment_end` is where its second fragment ends.
Bytes invalid_text_stream(const InvalidText& text, std::size_t& second_fragment_end) {
  Bytes fragments;
  for (std::size_t i = 0; i < text.fragments.size(); ++i) {
    const bool last = i + 1 == text.fragments.size();
    add(fragments,
        static_cast<std::uint8_t>((last ? kFin : 0) |
                                  (i == 0 ? opcode::text : opcode::continuation)),
        text.fragments[i], i + 2);
    if (i == 1) second_fragment_end = kFirstMessageSize + fragments.size();
  }
  return between_two_messages(fragments);
}

// Messages exactly at a 1000-byte limit, whole and in fragments, after a message of its own: the
// limit counts each message from its first frame, and a message of exactly the limit is allowed.
Bytes message_size_limit_stream() {
  Bytes stream;
  add(stream, kFin | opcode::text, ascii_text(300, 10), 1);
  add(stream, opcode::text, ascii_text(300, 11), 2);
  add(stream, kFin | opcode::continuation, ascii_text(700, 12), 3);
  add(stream, kFin | opcode::binary, pattern(1000, 13), 0);
  return stream;
}

// A message whose fragments have a ping, a pong and an empty close between them, against a
// 1000-byte limit: its data adds up to 500 + `last_fragment` bytes; control frames count toward
// nothing.
Bytes message_size_with_controls_stream(std::size_t last_fragment) {
  Bytes stream;
  add(stream, opcode::text, ascii_text(300, 14), 1);
  add(stream, kFin | opcode::ping, pattern(125, 15), 2);
  add(stream, opcode::continuation, ascii_text(200, 16), 3);
  add(stream, kFin | opcode::pong, pattern(100, 17), 0);
  add(stream, kFin | opcode::close, {}, 1);
  add(stream, kFin | opcode::continuation, ascii_text(last_fragment, 18), 2);
  add(stream, kFin | opcode::text, {'n', 'o'}, 1);
  return stream;
}

// A text frame, then one binary frame of `declared` payload bytes of which the first `sent` follow.
// The pattern and the key both repeat within 256 bytes, so only the first 256 payload bytes are
// masked one by one and the rest are copies of them: a 64 MiB frame stays cheap to build.
Bytes one_long_frame(std::uint64_t declared, std::size_t sent) {
  constexpr std::size_t kPeriod = 256;
  Bytes stream;
  add(stream, kFin | opcode::text, {'o', 'k'}, 1);
  const Bytes period = pattern(std::min(sent, kPeriod), declared % 251);
  append_frame(stream, {kFin | opcode::binary, period, kKeys[3], 0, true, declared});
  const std::size_t payload_at = stream.size() - period.size();
  stream.resize(payload_at + sent);
  for (std::size_t filled = period.size(); filled < sent; filled *= 2) {
    std::memcpy(stream.data() + payload_at + filled, stream.data() + payload_at,
                std::min(filled, sent - filled));
  }
  return stream;
}

// Reads of 512 KiB, but of 7 bytes over the first and the last 64 bytes of the stream's last
// frame, which starts at `frame_begin`: each of its edges is met by reads that end on every byte.
std::vector<std::size_t> seven_byte_reads_at_edges(std::size_t frame_begin, std::size_t size) {
  constexpr std::size_t kEdge = 64;
  std::vector<std::size_t> cuts;
  auto cut_every = [&](std::size_t from, std::size_t to, std::size_t step) {
    for (std::size_t at = from; at < std::min(to, size); at += step) {
      if (at > 0 && (cuts.empty() || at > cuts.back())) cuts.push_back(at);
    }
  };
  cut_every(frame_begin, frame_begin + kEdge, 7);
  cut_every(frame_begin + kEdge, size - kEdge, kReceiveBuffer);
  cut_every(size - kEdge, size, 7);
  return cuts;
}

// A stream whose last frame starts at byte 8 (after a 2-byte text frame), read in 512 KiB reads
// and in 7-byte reads at that frame's edges.
NamedStream long_frame_stream(const std::string& name, const StreamBytes& stream,
                              std::uint64_t limit) {
  constexpr std::size_t kFrameBegin = kFirstMessageSize;
  return {name + "-512k-reads-7-at-edges", stream,
          seven_byte_reads_at_edges(kFrameBegin, stream.size()), limit};
}

// Of each of kHugeLengths, the payload bytes a named stream sends.
constexpr std::size_t kHugePrefix = (std::size_t{3} << 20) + 5;

// The stream cut right after the byte by which a parser must report an error: one that waits for
// one more byte before it checks a header part ends such a stream without the error.
Bytes cut_at_detection(const Bytes& stream, const reference::DecodeLimits& limits) {
  for (std::size_t size = 1; size <= stream.size(); ++size) {
    const std::span<const std::uint8_t> prefix(stream.data(), size);
    const reference::DecodeResult result = reference::decode_stream(prefix, limits);
    if (result.error && !result.error_pending) return {stream.begin(), stream.begin() + size};
  }
  return stream;
}

// Each side of every edge of the valid ranges, and every code Autobahn|Testsuite closes with
// (7.7, 7.9, 7.13): every valid code it names, and invalid ones inside and past the ranges.
constexpr std::array<unsigned, 25> kClosedWith{0,    999,  1000, 1001, 1002, 1003, 1004, 1006, 1007,
                                               1008, 1009, 1010, 1011, 1014, 1015, 1016, 1100, 2000,
                                               2999, 3000, 3999, 4000, 4999, 5000, 65535};

}  // namespace

namespace {

std::vector<NamedStream> make_stream_catalogue() {
  std::vector<NamedStream> catalogue;
  const Bytes lengths = every_length_stream(false);
  catalogue.push_back({"every-length-one-read", lengths, {}});
  catalogue.push_back({"every-length-1021-byte-reads", lengths, every(1021, lengths.size())});
  catalogue.push_back({"every-length-64k-reads", lengths, every(65536, lengths.size())});
  const Bytes text_lengths = every_length_stream(true);
  catalogue.push_back({"text-every-length-one-read", text_lengths, {}});
  catalogue.push_back(
      {"text-every-length-997-byte-reads", text_lengths, every(997, text_lengths.size())});

  Bytes large;
  add(large, kFin | opcode::binary, pattern(1300000, 9), 1);
  add(large, kFin | opcode::ping, {'p'}, 2);
  catalogue.push_back({"large-frame-512k-reads", large, every(kReceiveBuffer, large.size())});

  const Bytes fragmented = fragmented_with_controls();
  catalogue.push_back({"fragmented-with-controls-one-read", fragmented, {}});
  catalogue.push_back(
      {"fragmented-with-controls-bytewise", fragmented, bytewise(fragmented.size())});
  catalogue.push_back(
      {"fragmented-with-controls-7-byte-reads", fragmented, every(7, fragmented.size())});
  // A message, then a frame whose payload stops short: the message's echo is owed at once, while
  // the frame waits (a server that holds its replies until a frame is whole never sends it).
  Bytes cut_frame;
  add(cut_frame, kFin | opcode::text, {'h', 'i'}, 1);
  add(cut_frame, kFin | opcode::binary, pattern(10, 7), 2);
  cut_frame.resize(cut_frame.size() - 6);
  catalogue.push_back({"message-then-frame-cut-inside-payload", cut_frame, {}});

  for (const ErrorStream& error : error_streams()) {
    const Bytes stream = between_two_messages(error.offending);
    const std::uint64_t limit = error.name == "message-too-large" ? 1000 : kDefaultMessageSizeLimit;
    catalogue.push_back({"error-" + std::string(error.name) + "-one-read", stream, {}, limit});
    catalogue.push_back(
        {"error-" + std::string(error.name) + "-bytewise", stream, bytewise(stream.size()), limit});
    catalogue.push_back({"error-" + std::string(error.name) + "-cut-at-detection",
                         cut_at_detection(stream, {.max_message_size = limit}),
                         {},
                         limit});
  }
  const Bytes at_limit = message_size_limit_stream();
  catalogue.push_back({"message-size-at-limit", at_limit, {}, 1000});
  catalogue.push_back(
      {"message-size-at-limit-bytewise", at_limit, bytewise(at_limit.size()), 1000});
  for (const auto& [name, last_fragment] : {std::pair{"message-size-with-controls-at-limit", 500},
                                            {"message-size-with-controls-one-past", 501}}) {
    const Bytes stream = message_size_with_controls_stream(last_fragment);
    catalogue.push_back({std::string(name), stream, {}, 1000});
    catalogue.push_back({std::string(name) + "-bytewise", stream, bytewise(stream.size()), 1000});
  }
  for (const auto& [name, broken] :
       {std::pair{"utf8-across-fragments", false}, {"utf8-stray-continuation-byte", true}}) {
    const Bytes stream = utf8_across_fragments_stream(broken);
    catalogue.push_back({std::string(name), stream, {}});
    catalogue.push_back({std::string(name) + "-bytewise", stream, bytewise(stream.size())});
  }
  catalogue.push_back(
      {"utf8-message-ends-inside-character", utf8_ends_inside_character_stream(), {}});
  // Whole; cut right after the byte that shows the text invalid, byte by byte (the invalid
  // character's bytes in reads of their own); and, where that byte is not its fragment's last, cut
  // where that fragment ends with the message still open.
  for (const InvalidText& text : kInvalidTexts) {
    std::size_t fragment_end = 0;
    const Bytes stream = invalid_text_stream(text, fragment_end);
    const Bytes detected = cut_at_detection(stream, {.utf8 = true});
    const std::string name = "utf8-invalid-" + std::string(text.name);
    catalogue.push_back({name + "-one-read", stream, {}});
    catalogue.push_back({name + "-cut-at-detection", detected, bytewise(detected.size())});
    if (fragment_end > detected.size()) {
      catalogue.push_back(
          {name + "-cut-after-fragment",
           Bytes(stream.begin(), stream.begin() + static_cast<std::ptrdiff_t>(fragment_end)),
           {}});
    }
  }
  catalogue.push_back(
      {"utf8-character-cut-by-empty-last-fragment", utf8_cut_by_empty_last_fragment_stream(), {}});
  for (unsigned code : kClosedWith) {
    catalogue.push_back({"close-code-" + std::to_string(code), close_code_stream(code), {}});
  }
  // The longest reason a close frame holds: 125 payload bytes.
  catalogue.push_back({"close-reason-123-bytes", close_code_stream(1000, 123), {}});
  for (std::size_t i = 0; i < utf8_sequences().size(); ++i) {
    const Utf8Sequence& sequence = utf8_sequences()[i];
    catalogue.push_back({"utf8-bytes-" + sequence.name,
                         between_two_messages(kFin | opcode::text, sequence.bytes, i),
                         {}});
  }
  // Past 16 MiB, where fast copies change strategy, and a message exactly at the default limit;
  // in one read the kernel unmasks each whole payload in one call.
  for (const auto& [name, length] :
       {std::pair<const char*, std::uint64_t>{"frame-16m-plus-1", (1 << 24) + 1},
        {"frame-at-default-limit", kDefaultMessageSizeLimit}}) {
    const StreamBytes stream = one_long_frame(length, length);
    catalogue.push_back({std::string(name) + "-one-read", stream, {}, kDefaultMessageSizeLimit});
    catalogue.push_back(long_frame_stream(name, stream, kDefaultMessageSizeLimit));
  }
  catalogue.push_back({"frame-one-past-default-limit",
                       one_long_frame(kDefaultMessageSizeLimit + 1, 300),
                       {},
                       kDefaultMessageSizeLimit});
  for (const HugeLength& huge : kHugeLengths) {
    catalogue.push_back(long_frame_stream("declared-" + std::string(huge.name) + "-prefix",
                                          one_long_frame(huge.length, kHugePrefix),
                                          kNoMessageSizeLimit));
  }
  return catalogue;
}

}  // namespace

// Built and decoded once: its largest streams take a noticeable fraction of a second to make.
const std::vector<NamedStream>& stream_catalogue() {
  static const std::vector<NamedStream> catalogue = [] {
    std::vector<NamedStream> streams = make_stream_catalogue();
    for (auto stream = streams.begin(); stream != streams.end(); ++stream) {
      const auto read_alike = std::find_if(streams.begin(), stream, [&](const NamedStream& before) {
        return before.bytes.same_as(stream->bytes) &&
               before.max_message_size == stream->max_message_size;
      });
      stream->expected =
          read_alike != stream
              ? read_alike->expected
              : std::make_shared<const reference::DecodeResult>(
                    reference::decode_stream(stream->bytes, {stream->max_message_size}));
    }
    return streams;
  }();
  return catalogue;
}

}  // namespace maskcheck
