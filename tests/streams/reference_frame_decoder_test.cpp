// The reference frame decoder on the RFC's own examples, every length encoding, a stream cut
// short at every byte, and one stream per protocol error.
#include "maskcheck/reference_frame_decoder.h"

#include <gtest/gtest.h>

#include <array>
#include <optional>
#include <vector>

namespace maskcheck::reference {
namespace {

using Bytes = std::vector<std::uint8_t>;
constexpr std::array<std::uint8_t, 4> kKey{0x37, 0xfa, 0x21, 0x3d};

// A masked client frame with the shortest length encoding, unless `length_bytes` forces one.
Bytes frame(std::uint8_t first_byte, const Bytes& payload, int length_bytes = -1) {
  Bytes out{first_byte};
  const std::uint64_t n = payload.size();
  if (length_bytes < 0) length_bytes = n < 126 ? 0 : n <= 0xffff ? 2 : 8;
  out.push_back(static_cast<std::uint8_t>(0x80 | (length_bytes == 0   ? n
                                                  : length_bytes == 2 ? 126
                                                                      : 127)));
  for (int i = length_bytes - 1; i >= 0; --i)
    out.push_back(static_cast<std::uint8_t>(n >> (8 * i)));
  out.insert(out.end(), kKey.begin(), kKey.end());
  for (std::size_t i = 0; i < payload.size(); ++i) out.push_back(payload[i] ^ kKey[i % 4]);
  return out;
}

Bytes operator+(Bytes a, const Bytes& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

const Bytes kHello{'H', 'e', 'l', 'l', 'o'};

TEST(ReferenceFrameDecoder, DecodesTheRfcMaskedHello) {
  const Bytes stream{0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58};
  const DecodeResult result = decode_stream(stream);
  ASSERT_EQ(result.frames.size(), 1u);
  EXPECT_EQ(result.frames[0].opcode, 0x1);
  EXPECT_TRUE(result.frames[0].fin);
  EXPECT_EQ(result.frames[0].payload, kHello);
  EXPECT_FALSE(result.error);
  EXPECT_FALSE(result.truncated);
}

TEST(ReferenceFrameDecoder, DecodesFragmentsWithAPingBetweenThem) {
  const Bytes stream = frame(0x01, {'H', 'e', 'l'}) + frame(0x89, {'!'}) + frame(0x80, {'l', 'o'});
  const DecodeResult result = decode_stream(stream);
  ASSERT_EQ(result.frames.size(), 3u);
  EXPECT_FALSE(result.frames[0].fin);
  EXPECT_EQ(result.frames[1].opcode, 0x9);
  EXPECT_EQ(result.frames[2].payload, (Bytes{'l', 'o'}));
  EXPECT_FALSE(result.error);
}

TEST(ReferenceFrameDecoder, DecodesEveryLengthEncoding) {
  for (std::size_t n : {0u, 125u, 126u, 65535u, 65536u, 70001u}) {
    Bytes payload(n);
    for (std::size_t i = 0; i < n; ++i) payload[i] = static_cast<std::uint8_t>(i * 13);
    const DecodeResult result = decode_stream(frame(0x82, payload) + frame(0x8a, {}));
    ASSERT_EQ(result.frames.size(), 2u) << n;
    EXPECT_EQ(result.frames[0].payload, payload) << n;
  }
  // Longer encodings than needed are still accepted.
  EXPECT_EQ(decode_stream(frame(0x82, kHello, 8)).frames.at(0).payload, kHello);
}

TEST(ReferenceFrameDecoder, AStreamCutShortIsTruncatedNotAnError) {
  Bytes payload(300);
  for (std::size_t i = 0; i < payload.size(); ++i) payload[i] = static_cast<std::uint8_t>(i);
  const Bytes whole = frame(0x82, payload);
  constexpr std::size_t kHeader = 8;
  for (std::size_t cut = 1; cut < whole.size(); ++cut) {
    const DecodeResult result = decode_stream(std::span(whole).first(cut));
    EXPECT_TRUE(result.frames.empty()) << cut;
    EXPECT_TRUE(result.truncated) << cut;
    EXPECT_FALSE(result.error) << cut;
    // Past its key, the frame is followed as far as it arrived.
    ASSERT_EQ(result.unfinished.has_value(), cut >= kHeader) << cut;
    if (!result.unfinished) continue;
    EXPECT_EQ(result.unfinished->length, payload.size()) << cut;
    EXPECT_EQ(result.unfinished->so_far.opcode, 0x2) << cut;
    const Bytes arrived(payload.begin(), payload.begin() + static_cast<long>(cut - kHeader));
    EXPECT_EQ(result.unfinished->so_far.payload, arrived) << cut;
  }
}

TEST(ReferenceFrameDecoder, FollowsALengthOf2To63Minus1AsFarAsItArrived) {
  Bytes stream{0x82, 0xff, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
  stream.insert(stream.end(), kKey.begin(), kKey.end());
  for (std::size_t i = 0; i < kHello.size(); ++i) stream.push_back(kHello[i] ^ kKey[i % 4]);
  const DecodeResult result = decode_stream(stream, {.max_message_size = ~std::uint64_t{0}});
  ASSERT_TRUE(result.unfinished);
  EXPECT_EQ(result.unfinished->length, (std::uint64_t{1} << 63) - 1);
  EXPECT_EQ(result.unfinished->so_far.payload, kHello);
  EXPECT_FALSE(result.error);
}

TEST(ReferenceFrameDecoder, AnUnfinishedControlFrameIsNotFollowed) {
  const Bytes ping = frame(0x89, kHello);
  EXPECT_FALSE(decode_stream(std::span(ping).first(ping.size() - 1)).unfinished);
}

struct ErrorCase {
  const char* name;
  Bytes stream;
  ProtocolError error;
  std::size_t error_frame;
};

class ProtocolErrors : public testing::TestWithParam<ErrorCase> {};

TEST_P(ProtocolErrors, AreReportedAtTheFrameThatCausedThem) {
  DecodeLimits limits;
  limits.max_message_size = 1000;
  const DecodeResult result = decode_stream(GetParam().stream, limits);
  ASSERT_TRUE(result.error);
  EXPECT_EQ(*result.error, GetParam().error) << protocol_error_name(*result.error);
  EXPECT_EQ(result.error_frame, GetParam().error_frame);
  EXPECT_EQ(result.frames.size(), GetParam().error_frame);
}

Bytes unmasked_hello() {
  return {0x81, 0x05, 'H', 'e', 'l', 'l', 'o'};
}

Bytes length_with_top_bit() {
  return {0x82, 0xff, 0x80, 0, 0, 0, 0, 0, 0, 0, 0x37, 0xfa, 0x21, 0x3d};
}

INSTANTIATE_TEST_SUITE_P(
    EveryError, ProtocolErrors,
    testing::Values(
        ErrorCase{"unmasked", frame(0x81, kHello) + unmasked_hello(), ProtocolError::unmasked_frame,
                  1},
        ErrorCase{"rsv1", frame(0xc1, kHello), ProtocolError::reserved_bits, 0},
        ErrorCase{"rsv3", frame(0x91, kHello), ProtocolError::reserved_bits, 0},
        ErrorCase{"opcode3", frame(0x83, kHello), ProtocolError::reserved_opcode, 0},
        ErrorCase{"opcode11", frame(0x8b, kHello), ProtocolError::reserved_opcode, 0},
        ErrorCase{"long_ping", frame(0x89, Bytes(126)), ProtocolError::control_frame_too_long, 0},
        ErrorCase{"ping_without_fin", frame(0x09, {}), ProtocolError::control_frame_fragmented, 0},
        ErrorCase{"lone_continuation", frame(0x80, kHello),
                  ProtocolError::continuation_without_message, 0},
        ErrorCase{"text_inside_message", frame(0x01, kHello) + frame(0x81, kHello),
                  ProtocolError::data_frame_inside_message, 1},
        ErrorCase{"top_bit", length_with_top_bit(), ProtocolError::length_top_bit_set, 0},
        ErrorCase{"too_large", frame(0x02, Bytes(600)) + frame(0x80, Bytes(401)),
                  ProtocolError::message_too_large, 1},
        ErrorCase{"close_1005", frame(0x88, {0x03, 0xed}), ProtocolError::invalid_close_code, 0},
        ErrorCase{"close_999", frame(0x88, {0x03, 0xe7}), ProtocolError::invalid_close_code, 0},
        ErrorCase{"close_5000", frame(0x88, {0x13, 0x88}), ProtocolError::invalid_close_code, 0},
        ErrorCase{"close_one_byte", frame(0x88, {0x03}), ProtocolError::close_payload_one_byte, 0}),
    [](const auto& param) { return std::string(param.param.name); });

TEST(ReferenceFrameDecoder, AcceptsValidCloseFrames) {
  for (const Bytes& payload : {Bytes{}, Bytes{0x03, 0xe8}, Bytes{0x03, 0xe8, 'b', 'y', 'e'},
                               Bytes{0x0b, 0xb8}, Bytes{0x13, 0x87}}) {
    const DecodeResult result = decode_stream(frame(0x88, payload));
    EXPECT_FALSE(result.error) << protocol_error_name(*result.error);
    ASSERT_EQ(result.frames.size(), 1u);
    EXPECT_EQ(result.frames[0].payload, payload);
  }
}

TEST(ReferenceFrameDecoder, AMessageExactlyAtTheLimitIsAllowed) {
  DecodeLimits limits;
  limits.max_message_size = 1000;
  const DecodeResult result =
      decode_stream(frame(0x02, Bytes(600)) + frame(0x80, Bytes(400)), limits);
  EXPECT_FALSE(result.error);
  EXPECT_EQ(result.frames.size(), 2u);
}

// The strict policies a parser may declare: UTF-8 text and close reasons, minimal lengths.
constexpr DecodeLimits kUtf8{.utf8 = true};
constexpr DecodeLimits kMinimal{.minimal_lengths = true};

std::optional<ProtocolError> error_of(const Bytes& stream, DecodeLimits limits) {
  return decode_stream(stream, limits).error;
}

Bytes first(const Bytes& stream, std::size_t n) {
  return {stream.begin(), stream.begin() + static_cast<long>(n)};
}

TEST(ReferencePolicies, Utf8AcceptsEveryCharacterLengthAndItsEdges) {
  const Bytes text{'a',  0xc2, 0x80, 0xe0, 0xa0, 0x80, 0xed, 0x9f, 0xbf, 0xef,
                   0xbf, 0xbf, 0xf0, 0x90, 0x80, 0x80, 0xf4, 0x8f, 0xbf, 0xbf};
  EXPECT_FALSE(error_of(frame(0x81, text), kUtf8));
  // Split anywhere across fragments, with a ping between them.
  for (std::size_t cut = 0; cut <= text.size(); ++cut) {
    const Bytes rest(text.begin() + static_cast<long>(cut), text.end());
    EXPECT_FALSE(
        error_of(frame(0x01, first(text, cut)) + frame(0x89, {}) + frame(0x80, rest), kUtf8))
        << cut;
  }
  // A character cut by the end of the stream is not an error yet.
  EXPECT_FALSE(error_of(first(frame(0x81, text), 8), kUtf8));
}

TEST(ReferencePolicies, Utf8RejectsMalformedTextAtTheFrameThatShowsIt) {
  for (const Bytes& bad :
       {Bytes{0xff}, Bytes{0xc0, 0x80}, Bytes{0xc1, 0xbf}, Bytes{0xe0, 0x9f, 0x80},
        Bytes{0xed, 0xa0, 0x80}, Bytes{0xf0, 0x8f, 0xbf, 0xbf}, Bytes{0xf4, 0x90, 0x80, 0x80},
        Bytes{0xf5}, Bytes{0x80}, Bytes{0xc2, 'a'}}) {
    EXPECT_EQ(error_of(frame(0x81, bad), kUtf8), ProtocolError::invalid_utf8);
    EXPECT_FALSE(error_of(frame(0x81, bad), {}));     // without the policy, bytes are bytes
    EXPECT_FALSE(error_of(frame(0x82, bad), kUtf8));  // and binary is never text
    const DecodeResult result = decode_stream(frame(0x01, {'o', 'k'}) + frame(0x00, bad), kUtf8);
    EXPECT_EQ(result.error, ProtocolError::invalid_utf8);
    EXPECT_EQ(result.error_frame, 1u);
  }
  // A message may not end inside a character, and a truncated frame's bytes so far must be valid.
  EXPECT_EQ(error_of(frame(0x01, {0xe2, 0x82}) + frame(0x80, {}), kUtf8),
            ProtocolError::invalid_utf8);
  const Bytes long_bad = frame(0x81, Bytes(200, 0xff));
  EXPECT_EQ(error_of(first(long_bad, 20), kUtf8), ProtocolError::invalid_utf8);
}

TEST(ReferencePolicies, Utf8AppliesToCloseReasons) {
  EXPECT_FALSE(error_of(frame(0x88, {0x03, 0xe8, 'o', 'k'}), kUtf8));
  EXPECT_EQ(error_of(frame(0x88, {0x03, 0xe8, 0xff}), kUtf8), ProtocolError::invalid_utf8);
  EXPECT_EQ(error_of(frame(0x88, {0x03, 0xe8, 0xe2, 0x82}), kUtf8), ProtocolError::invalid_utf8);
  EXPECT_FALSE(error_of(frame(0x88, {0x03, 0xe8, 0xff}), {}));
}

TEST(ReferencePolicies, CloseReasonsAloneCanBeUtf8) {
  constexpr DecodeLimits kReasons{.utf8_close_reasons = true};
  EXPECT_EQ(error_of(frame(0x88, {0x03, 0xe8, 0xff}), kReasons), ProtocolError::invalid_utf8);
  EXPECT_FALSE(error_of(frame(0x81, {0xff}), kReasons));
}

// Invalid text in a frame cut short and in a whole fragment of an open message is found at once,
// or only once its message ends.
TEST(ReferencePolicies, Utf8AtMessageEndWaitsForTheMessageToEnd) {
  const Bytes fragment = frame(0x01, {'a', 0xff, 'b', 'c'});
  const Bytes cut_short = first(fragment, fragment.size() - 2);
  const Bytes whole_message = fragment + frame(0x80, {'d'});
  for (const bool at_end : {false, true}) {
    const DecodeLimits limits{.utf8 = true, .utf8_at_message_end = at_end};
    for (const Bytes& open : {cut_short, fragment})
      EXPECT_EQ(error_of(open, limits).has_value(), !at_end) << open.size();
    EXPECT_EQ(error_of(whole_message, limits), ProtocolError::invalid_utf8);
  }
}

TEST(ReferencePolicies, MinimalLengthsRejectsEveryLongerEncoding) {
  EXPECT_EQ(error_of(frame(0x82, Bytes(125), 2), kMinimal), ProtocolError::non_minimal_length);
  EXPECT_EQ(error_of(frame(0x82, Bytes(0), 8), kMinimal), ProtocolError::non_minimal_length);
  EXPECT_EQ(error_of(frame(0x82, Bytes(65535), 8), kMinimal), ProtocolError::non_minimal_length);
  EXPECT_FALSE(error_of(frame(0x82, Bytes(126), 2), kMinimal));
  EXPECT_FALSE(error_of(frame(0x82, Bytes(65536), 8), kMinimal));
  EXPECT_FALSE(error_of(frame(0x82, Bytes(125), 2), {}));
}

TEST(ReferencePolicies, WholeHeaderReportsALengthErrorOnceTheKeyIsIn) {
  constexpr DecodeLimits kWhole{
      .max_message_size = 1000, .minimal_lengths = true, .whole_header = true};
  const Bytes too_large = frame(0x82, Bytes(1001));
  const Bytes top_bit{0x82, 0xff, 0x80, 0, 0, 0, 0, 0, 0, 0, 0x37, 0xfa, 0x21, 0x3d};
  const Bytes non_minimal = frame(0x82, Bytes(5), 2);
  for (const auto& [stream, error] : {std::pair{too_large, ProtocolError::message_too_large},
                                      std::pair{top_bit, ProtocolError::length_top_bit_set},
                                      std::pair{non_minimal, ProtocolError::non_minimal_length}}) {
    const std::size_t key_end = stream[1] == 0xff ? 14 : 8;
    const DecodeResult before_key = decode_stream(first(stream, key_end - 1), kWhole);
    EXPECT_EQ(before_key.error, error);
    EXPECT_TRUE(before_key.error_pending);  // not reporting it yet is right too
    const DecodeResult with_key = decode_stream(first(stream, key_end), kWhole);
    EXPECT_EQ(with_key.error, error);
    EXPECT_FALSE(with_key.error_pending);
    DecodeLimits at_once = kWhole;
    at_once.whole_header = false;
    const DecodeResult length_in = decode_stream(first(stream, key_end - 4), at_once);
    EXPECT_EQ(length_in.error, error);
    EXPECT_FALSE(length_in.error_pending);
  }
}

TEST(ReferenceFrameDecoder, AFrameWithSeveralFlawsOffersEachAsTheError) {
  // A continuation with no message open and no mask bit: a parser may check either first.
  const Bytes unmasked_continuation{0x80, 0x02, 'h', 'i'};
  const DecodeResult result = decode_stream(unmasked_continuation);
  EXPECT_EQ(result.error, ProtocolError::unmasked_frame);
  EXPECT_EQ(result.alternatives, std::vector{ProtocolError::continuation_without_message});
  EXPECT_FALSE(result.error_pending);
}

TEST(ReferenceFrameDecoder, AFlawShownBeforeItIsDueIsPending) {
  // A ping without FIN whose 16-bit length has not arrived: a parser may report it now or wait.
  const Bytes fragmented_ping = frame(0x09, Bytes(126));
  const DecodeResult early = decode_stream(first(fragmented_ping, 2));
  EXPECT_EQ(early.error, ProtocolError::control_frame_fragmented);
  EXPECT_TRUE(early.error_pending);
  const DecodeResult due = decode_stream(first(fragmented_ping, 4));
  EXPECT_EQ(due.error, ProtocolError::control_frame_fragmented);
  EXPECT_EQ(due.alternatives, std::vector{ProtocolError::control_frame_too_long});
  EXPECT_FALSE(due.error_pending);
}

}  // namespace
}  // namespace maskcheck::reference
