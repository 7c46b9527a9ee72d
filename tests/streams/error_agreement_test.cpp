// How a parser's error is held against the reference decoder's: a parser declaring the reference's
// order must report the reference's first flaw at its due byte; any other may report any flaw of a
// failing frame, from the byte that shows it on. Shown with a parser that reports one fixed error
// on its first read, whatever it is given.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "maskcheck/reference_frame_decoder.h"
#include "streams/frame_builder.h"
#include "streams/stream_differ.h"

namespace maskcheck {
namespace {

struct Blurter {
  const maskcheck_parser_events* events;
  maskcheck_frame_error error;
  bool said = false;
};

constexpr const char* kVariants[] = {"default"};

template <maskcheck_frame_error kError>
constexpr Parser blurter(std::uint32_t policies) {
  return {"blurter",
          "reports one error on its first read",
          {0, 0, 0, MASKCHECK_WRITES_NOTHING_BEFORE, 0},
          MASKCHECK_DELIVERS_MESSAGES,
          MASKCHECK_ALL_ERRORS,
          policies,
          0,
          kVariants,
          1,
          [](const maskcheck_parser_kernel*, const maskcheck_parser_options*,
             const maskcheck_parser_events* events) -> void* {
            return new Blurter{events, kError};
          },
          [](void* self, std::uint8_t*, std::size_t) {
            auto& blurter = *static_cast<Blurter*>(self);
            if (!blurter.said) blurter.events->on_error(blurter.events->context, blurter.error);
            blurter.said = true;
          },
          [](void* self) { delete static_cast<Blurter*>(self); }};
}

// Whether `parser` passes `stream` in one read.
bool passes(const Parser& parser, std::span<const std::uint8_t> stream) {
  const reference::DecodeResult expected =
      reference::decode_stream(stream, decode_limits(parser, 1 << 20));
  StreamDiffer differ(stream.size());
  const std::string id = "blurter";
  return !differ.check({parser, nullptr}, {stream, {}, expected, {1 << 20, 0}}, CaseName(id));
}

// A continuation frame with no message open and no mask bit: unmasked-frame is the reference's
// first flaw, continuation-without-message its other.
std::vector<std::uint8_t> two_flaws() {
  const std::array<std::uint8_t, 2> payload{'h', 'i'};
  std::vector<std::uint8_t> stream;
  append_frame(stream, {.first_byte = 0x80, .payload = payload, .masked = false});
  return stream;
}

TEST(ErrorAgreement, AnyFlawOfTheFrameUnlessInTheReferencesOrder) {
  const std::vector<std::uint8_t> stream = two_flaws();
  constexpr std::uint32_t kOrder = MASKCHECK_POLICY_REFERENCE_ORDER;
  EXPECT_TRUE(passes(blurter<MASKCHECK_ERROR_UNMASKED_FRAME>(0), stream));
  EXPECT_TRUE(passes(blurter<MASKCHECK_ERROR_CONTINUATION_WITHOUT_MESSAGE>(0), stream));
  EXPECT_FALSE(passes(blurter<MASKCHECK_ERROR_RESERVED_BITS>(0), stream));
  EXPECT_TRUE(passes(blurter<MASKCHECK_ERROR_UNMASKED_FRAME>(kOrder), stream));
  EXPECT_FALSE(passes(blurter<MASKCHECK_ERROR_CONTINUATION_WITHOUT_MESSAGE>(kOrder), stream));
}

TEST(ErrorAgreement, EarlyOnlyUnlessInTheReferencesOrder) {
  // A ping without FIN whose 16-bit length has not arrived: shown, not yet due.
  const std::vector<std::uint8_t> payload(126);
  std::vector<std::uint8_t> stream;
  append_frame(stream, {.first_byte = 0x09, .payload = payload});
  stream.resize(3);
  EXPECT_TRUE(passes(blurter<MASKCHECK_ERROR_CONTROL_FRAME_FRAGMENTED>(0), stream));
  EXPECT_FALSE(passes(
      blurter<MASKCHECK_ERROR_CONTROL_FRAME_FRAGMENTED>(MASKCHECK_POLICY_REFERENCE_ORDER), stream));
}

}  // namespace
}  // namespace maskcheck
