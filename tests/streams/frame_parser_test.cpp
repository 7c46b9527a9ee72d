// The parser on its own: the RFC's examples in one read, a payload continued across reads, and
// error names that match the reference decoder's, so the stream differ can compare them.
#include "maskcheck/frame_parser.h"

#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "maskcheck/reference_frame_decoder.h"
#include "maskcheck/unmask_selection.h"
#include "registry/kernel_registry.h"

namespace maskcheck {
namespace {

struct Event {
  std::uint8_t opcode;
  std::vector<std::uint8_t> bytes;
  std::uint64_t remaining;
  bool operator==(const Event&) const = default;
};

struct Recorder final : FrameHandler {
  void on_data(std::uint8_t opcode, bool, std::span<const std::uint8_t> fragment,
               std::uint64_t remaining) override {
    events.push_back({opcode, {fragment.begin(), fragment.end()}, remaining});
    fragments_at.push_back(fragment.data());
  }
  void on_control(std::uint8_t opcode, std::span<const std::uint8_t> payload) override {
    events.push_back({opcode, {payload.begin(), payload.end()}, 0});
  }
  void on_error(FrameError error) override { errors.push_back(error); }
  std::vector<Event> events;
  std::vector<const std::uint8_t*> fragments_at;
  std::vector<FrameError> errors;
};

// A receive buffer with the contract's padding around the read.
struct ReceiveBuffer {
  explicit ReceiveBuffer(std::vector<std::uint8_t> read)
      : bytes(kReceivePrePadding + read.size() + kReceivePostPadding) {
    std::copy(read.begin(), read.end(), bytes.begin() + kReceivePrePadding);
    length = read.size();
  }
  std::uint8_t* data() { return bytes.data() + kReceivePrePadding; }
  std::vector<std::uint8_t> bytes;
  std::size_t length;
};

const std::vector<std::uint8_t> kRfcHello{0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d,
                                          0x7f, 0x9f, 0x4d, 0x51, 0x58};
const std::vector<std::uint8_t> kHelloPayload{'H', 'e', 'l', 'l', 'o'};

TEST(FrameParser, UnmasksTheRfcHelloInPlaceOverItsHeader) {
  for (MoveBack move_back : {MoveBack::over_header, MoveBack::over_key, MoveBack::in_place}) {
    Recorder recorder;
    FrameParser parser(*find_kernel("block")->functions, recorder, {1 << 20, move_back});
    ReceiveBuffer buffer(kRfcHello);
    parser.consume(buffer.data(), buffer.length);
    ASSERT_EQ(recorder.events.size(), 1u);
    EXPECT_EQ(recorder.events[0], (Event{0x1, kHelloPayload, 0}));
  }
}

// Every variant's place is an allowed one, so the bytes are right wherever a payload lands: only
// its address shows a variant moving it elsewhere (and `in-place` losing the speed it is for).
TEST(FrameParser, EachVariantPutsThePayloadWhereItsNameSays) {
  // The hello frame: two bytes of header, then the key, then the payload at byte 6.
  const std::pair<MoveBack, std::size_t> kPlaces[] = {
      {MoveBack::over_header, 0}, {MoveBack::over_key, 2}, {MoveBack::in_place, 6}};
  for (const auto& [move_back, at] : kPlaces) {
    Recorder recorder;
    FrameParser parser(*find_kernel("block")->functions, recorder, {1 << 20, move_back});
    ReceiveBuffer buffer(kRfcHello);
    parser.consume(buffer.data(), buffer.length);
    ASSERT_EQ(recorder.fragments_at.size(), 1u);
    EXPECT_EQ(recorder.fragments_at[0], buffer.data() + at) << static_cast<int>(move_back);
  }
}

TEST(FrameParser, CarriesTheKeyAcrossReads) {
  Recorder recorder;
  FrameParser parser(*find_kernel("block")->functions, recorder);
  for (std::size_t at = 0; at < kRfcHello.size(); at += 3) {
    const std::size_t end = std::min(at + 3, kRfcHello.size());
    ReceiveBuffer buffer({kRfcHello.begin() + at, kRfcHello.begin() + end});
    parser.consume(buffer.data(), buffer.length);
  }
  std::vector<std::uint8_t> delivered;
  for (const Event& event : recorder.events)
    delivered.insert(delivered.end(), event.bytes.begin(), event.bytes.end());
  EXPECT_EQ(delivered, kHelloPayload);
  EXPECT_EQ(recorder.events.back().remaining, 0u);
}

TEST(FrameParser, StopsAtTheFirstErrorAndStaysStopped) {
  Recorder recorder;
  FrameParser parser(*find_kernel("block")->functions, recorder);
  ReceiveBuffer unmasked({0x81, 0x02, 'h', 'i'});
  parser.consume(unmasked.data(), unmasked.length);
  ReceiveBuffer hello(kRfcHello);
  parser.consume(hello.data(), hello.length);
  EXPECT_TRUE(parser.failed());
  EXPECT_EQ(recorder.errors, std::vector{FrameError::unmasked_frame});
  EXPECT_TRUE(recorder.events.empty());
}

TEST(FrameParser, RunsOnTheFastestKernelByDefault) {
  Recorder recorder;
  const FrameParser parser(recorder);
  EXPECT_EQ(parser.kernel().words, fastest_unmask().entries.words);
  EXPECT_EQ(parser.kernel().imprecise, fastest_unmask().entries.imprecise);
}

TEST(FrameParser, ErrorNamesMatchTheReferenceDecoders) {
  using reference::ProtocolError;
  for (int i = 0; i <= static_cast<int>(FrameError::close_payload_one_byte); ++i) {
    EXPECT_EQ(frame_error_name(static_cast<FrameError>(i)),
              reference::protocol_error_name(static_cast<ProtocolError>(i)));
  }
  EXPECT_EQ(static_cast<int>(FrameError::close_payload_one_byte),
            static_cast<int>(ProtocolError::close_payload_one_byte));
}

}  // namespace
}  // namespace maskcheck
