// The client room's parts that need no client: its case ids, the messages it asks for, the cuts it
// makes, and the reading of a client's masked frames.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <variant>

#include "maskcheck/frame_builder.h"
#include "maskcheck/reference_frame_decoder.h"
#include "wire/clients/client_cases.h"
#include "wire/clients/fuzzed_sequence.h"
#include "wire/frame_reader.h"

namespace maskcheck::wire {
namespace {

// The plan's splits alone: no whole messages, fragments, fuzzed sequences or fresh keys.
ClientPlan splits_only() {
  ClientPlan plan;
  plan.whole = false;
  plan.fragments = false;
  plan.fresh_keys = false;
  plan.fuzzed_sequences = 0;
  return plan;
}

TEST(ClientCases, EveryIdNamesItsCase) {
  std::size_t cases = 0;
  for_each_client_case({}, [&](const ClientCase& c) {
    ++cases;
    const auto parsed = parse_client_case_id(client_case_id(c));
    const auto* back = std::get_if<ClientCase>(&parsed);
    EXPECT_TRUE(back && *back == c) << client_case_id(c);
    return true;
  });
  EXPECT_GT(cases, 10000u);
}

TEST(ClientCases, CompressedCasesNameThemselvesAndReadBack) {
  ClientPlan plan = splits_only();
  plan.header_sizes.clear();
  plan.compressing = DeflateParameters{12, false};
  plan.longest_compressed = 300;
  std::size_t cases = 0;
  for_each_client_case(plan, [&](const ClientCase& c) {
    ++cases;
    const std::string id = client_case_id(c);
    const auto parsed = parse_client_case_id(id);
    const auto* back = std::get_if<ClientCase>(&parsed);
    EXPECT_TRUE(back && *back == c) << id;
    const ClientExchange exchange = client_exchange(c, &*plan.compressing);
    FrameReader reader(Sender::server);
    MessageInflater inflater(*plan.compressing, 1 << 20);
    reader.inflate_with(&inflater);
    std::vector<std::uint8_t> inbox = exchange.stream;
    std::vector<WireEvent> events;
    EXPECT_FALSE(reader.read(inbox, events)) << id;
    EXPECT_EQ(events, exchange.expected.events) << id;
    return cases < 3000;  // the first lengths, every cut: enough to see each part
  });
  EXPECT_EQ(cases, 3000u);
}

TEST(ClientCases, RefusesIdsThatNameNoCase) {
  for (const char* id :
       {"wire:client:split:h6:n1:c0,0", "wire:client:split:h2:n200:c0,0",
        "wire:client:split:h2:n1:c5,2", "wire:client:binary", "wire:server:binary:n1",
        "wire:client:text:n1x", "wire:client:deflate:m1:f2:c0,0", "wire:client:deflate:m1:f1:c3,2",
        "wire:client:fuzz:s1", "wire:client:fuzz:s1:ix", "wire:client:fuzz:1:i2"}) {
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_client_case_id(id))) << id;
  }
}

TEST(ClientCases, TextIsUtf8OfEveryLengthClass) {
  reference::DecodeLimits limits;
  limits.utf8 = true;
  for (std::size_t n = 0; n <= 300; ++n) {
    const std::vector<std::uint8_t> text = message_payload(true, n);
    ASSERT_EQ(text.size(), n);
    std::vector<std::uint8_t> frame;
    append_frame(frame, {kFin | 0x1, text, {1, 2, 3, 4}});
    EXPECT_FALSE(reference::decode_stream(frame, limits).error) << n;
  }
  const std::vector<std::uint8_t> text = message_payload(true, 40);
  for (std::uint8_t lead : {0x61, 0xc3, 0xe2, 0xf0})
    EXPECT_NE(std::find(text.begin(), text.end(), lead), text.end()) << int{lead};
}

TEST(ClientCases, SplitsCutInsideTheStreamAndAskForBothEchoes) {
  // Up to 64 KiB + 1: the longer ones cut the same way and take seconds to build.
  for_each_client_case(splits_only(), [](const ClientCase& c) {
    if (c.length > 65537) return true;
    const ClientExchange exchange = client_exchange(c);
    for (std::size_t i = 0; i < exchange.cuts.size(); ++i) {
      EXPECT_GT(exchange.cuts[i], i == 0 ? 0 : exchange.cuts[i - 1]) << client_case_id(c);
      EXPECT_LT(exchange.cuts[i], exchange.stream.size()) << client_case_id(c);
    }
    EXPECT_EQ(exchange.expected.events.size(), 2u);
    EXPECT_EQ(exchange.expected.events[0].payload.size(), c.length);
    return true;
  });
}

TEST(ClientCases, PingInsideEchoSendsThePingLaterAndExpectsItsPong) {
  const auto parsed = parse_client_case_id("wire:client:ping-inside-echo:n70001");
  ASSERT_TRUE(std::holds_alternative<ClientCase>(parsed));
  const ClientExchange exchange = client_exchange(std::get<ClientCase>(parsed));
  EXPECT_TRUE(exchange.pong_anywhere);
  EXPECT_TRUE(exchange.cuts.empty());
  FrameReader reader(Sender::server);
  std::vector<std::uint8_t> inbox = exchange.stream;
  std::vector<WireEvent> events;
  EXPECT_FALSE(reader.read(inbox, events));
  inbox = exchange.once_echoing;
  EXPECT_FALSE(reader.read(inbox, events));
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].opcode, 0x2);
  EXPECT_EQ(events[0].payload.size(), 70001u);
  EXPECT_EQ(events[1].opcode, 0x9);
  ASSERT_EQ(exchange.expected.events.size(), 2u);
  EXPECT_EQ(exchange.expected.events[0], events[0]);
  EXPECT_EQ(exchange.expected.events[1].opcode, 0xa);
  EXPECT_EQ(exchange.expected.events[1].payload, events[1].payload);
}

TEST(FuzzedSequences, AreTheSameEveryTimeAndReadBackAsTheirEchoesAndPings) {
  std::size_t pinged_inside = 0;  // a ping between a message's fragments
  std::size_t pinged = 0;
  std::size_t cut = 0;
  std::size_t long_ones = 0;
  for (std::uint64_t index = 0; index < 200; ++index) {
    const ClientExchange exchange = fuzzed_sequence(7, index);
    const ClientExchange again = fuzzed_sequence(7, index);
    EXPECT_EQ(exchange.stream, again.stream) << index;
    EXPECT_EQ(exchange.cuts, again.cuts) << index;
    EXPECT_TRUE(exchange.pong_anywhere);
    for (std::size_t i = 0; i < exchange.cuts.size(); ++i) {
      EXPECT_GT(exchange.cuts[i], i == 0 ? 0 : exchange.cuts[i - 1]) << index;
      EXPECT_LT(exchange.cuts[i], exchange.stream.size()) << index;
    }
    // What the stream says, with each ping as the pong it asks for, pongs last.
    FrameReader reader(Sender::server);
    std::vector<std::uint8_t> inbox = exchange.stream;
    std::vector<WireEvent> events;
    ASSERT_FALSE(reader.read(inbox, events)) << index;
    EXPECT_TRUE(inbox.empty()) << index;
    for (WireEvent& event : events) {
      if (event.opcode == 0x9) event.opcode = 0xa;
    }
    std::stable_partition(events.begin(), events.end(),
                          [](const WireEvent& event) { return event.opcode != 0xa; });
    EXPECT_EQ(events, exchange.expected.events) << index;
    pinged_inside += reader.counts().controls_inside > 0;
    pinged += events.back().opcode == 0xa;
    cut += !exchange.cuts.empty();
    for (const WireEvent& event : events) long_ones += event.payload.size() > 65535;
  }
  EXPECT_GT(pinged_inside, 10u);
  EXPECT_GT(pinged, 50u);
  EXPECT_GT(cut, 100u);
  EXPECT_GT(long_ones, 10u);
  EXPECT_NE(fuzzed_sequence(7, 0).stream, fuzzed_sequence(8, 0).stream);
}

TEST(ClientCases, FuzzedSequencesNameThemselvesAndReadBack) {
  ClientPlan plan = splits_only();
  plan.header_sizes.clear();
  plan.fuzzed_sequences = 3;
  plan.seed = 9;
  std::vector<std::string> ids;
  for_each_client_case(plan, [&](const ClientCase& c) {
    ids.push_back(client_case_id(c));
    const auto parsed = parse_client_case_id(ids.back());
    const auto* back = std::get_if<ClientCase>(&parsed);
    EXPECT_TRUE(back && *back == c) << ids.back();
    EXPECT_EQ(client_exchange(c).stream, fuzzed_sequence(9, c.index).stream);
    return true;
  });
  EXPECT_EQ(ids, (std::vector<std::string>{"wire:client:fuzz:s9:i0", "wire:client:fuzz:s9:i1",
                                           "wire:client:fuzz:s9:i2"}));
}

TEST(ClientFrames, CountMessagesAndControlFramesBetweenFragments) {
  const std::vector<std::uint8_t> hello{'h', 'e', 'l', 'l', 'o'};
  std::vector<std::uint8_t> inbox;
  append_frame(inbox, {kFin | 0x9, hello, {5, 6, 7, 8}});
  append_frame(inbox, {0x01, hello, {1, 2, 3, 4}});
  append_frame(inbox, {kFin | 0xa, hello, {5, 6, 7, 8}});
  append_frame(inbox, {kFin | 0x0, hello, {9, 8, 7, 6}});
  append_frame(inbox, {kFin | 0x2, hello, {9, 8, 7, 5}});
  FrameReader reader(Sender::client);
  std::vector<WireEvent> events;
  EXPECT_FALSE(reader.read(inbox, events));
  reader.reset();
  EXPECT_EQ(reader.counts().messages, 2u);
  EXPECT_EQ(reader.counts().compressed, 0u);
  EXPECT_EQ(reader.counts().controls_inside, 1u);
}

TEST(ClientFrames, UnmasksEachFrameWithItsOwnKey) {
  const std::vector<std::uint8_t> hello{'h', 'e', 'l', 'l', 'o'};
  std::vector<std::uint8_t> inbox;
  append_frame(inbox, {0x01, hello, {1, 2, 3, 4}});
  append_frame(inbox, {kFin | 0x0, hello, {9, 8, 7, 6}});
  FrameReader reader(Sender::client);
  std::vector<WireEvent> events;
  EXPECT_FALSE(reader.read(inbox, events));
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].payload,
            std::vector<std::uint8_t>({'h', 'e', 'l', 'l', 'o', 'h', 'e', 'l', 'l', 'o'}));
  EXPECT_EQ(reader.keys(), (std::vector<Key>{{1, 2, 3, 4}, {9, 8, 7, 6}}));
}

TEST(ClientFrames, AnUnmaskedClientFrameIsAFinding) {
  std::vector<std::uint8_t> inbox;
  append_frame(inbox, {kFin | 0x2, {}, {}, 0, false});
  FrameReader reader(Sender::client);
  std::vector<WireEvent> events;
  const auto problem = reader.read(inbox, events);
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->find("unmasked"), std::string::npos);
}

}  // namespace
}  // namespace maskcheck::wire
