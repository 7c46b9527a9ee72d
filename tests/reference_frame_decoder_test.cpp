// The reference frame decoder on the RFC's own examples, every length encoding, a stream cut
// short at every byte, and one stream per protocol error.
#include "maskcheck/reference_frame_decoder.h"

#include <gtest/gtest.h>

#include <array>
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

}  // namespace
}  // namespace maskcheck::reference
