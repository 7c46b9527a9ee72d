// The client room's parts that need no client: its case ids, the messages it asks for, the cuts it
// makes, and the reading of a client's masked frames.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>
#include <variant>

#include "core/case_id.h"
#include "maskcheck/reference_frame_decoder.h"
#include "streams/frame_builder.h"
#include "wire/clients/client_cases.h"
#include "wire/clients/client_session.h"
#include "wire/clients/fuzzed_sequence.h"
#include "wire/clients/key_checks.h"
#include "wire/protocol/frame_reader.h"

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

// Keys made from their number: 1 -> 00000001.
std::vector<Key> keys_of(std::initializer_list<std::uint32_t> words) {
  std::vector<Key> keys;
  for (std::uint32_t word : words) {
    keys.push_back({static_cast<std::uint8_t>(word >> 24), static_cast<std::uint8_t>(word >> 16),
                    static_cast<std::uint8_t>(word >> 8), static_cast<std::uint8_t>(word)});
  }
  return keys;
}

TEST(KeyChecks, APeriodIsTheShortestSeenTwiceOver) {
  EXPECT_EQ(key_period(keys_of({1, 2, 3, 4, 1, 2, 3, 4, 1})), 4u);
  EXPECT_EQ(key_period(keys_of({1, 1})), 1u);
  EXPECT_EQ(key_period(keys_of({1, 2, 3, 1, 2})), 0u);  // a round and a bit is no period yet
  EXPECT_EQ(key_period(keys_of({1, 2, 3, 4, 5, 6})), 0u);
  EXPECT_EQ(key_word(keys_of({0x5e11a73c})[0]), 0x5e11a73cu);
  EXPECT_EQ(key_hex(keys_of({0x0011a73c})[0]), "0011a73c");
}

TEST(KeyChecks, FindsEveryFrameMaskedWithAWordOfTheNonce) {
  Nonce nonce{};
  for (std::size_t i = 0; i < nonce.size(); ++i) nonce[i] = static_cast<std::uint8_t>(i + 1);
  // The nonce's words: 01020304, 05060708, 090a0b0c, 0d0e0f10.
  const auto keys = keys_of({0x0d0e0f10, 7, 0x01020304, 0x02030405, 0x090a0b0c});
  EXPECT_EQ(frames_keyed_by_nonce(keys, nonce), (std::vector<std::size_t>{1, 3, 5}));
}

TEST(KeyChecks, APredictableConnectionNamesItsPeriodAndTheNoncesFrames) {
  Nonce nonce{};
  std::vector<Key> keys;
  for (int round = 0; round < 4; ++round) {
    for (std::uint32_t word : {0x01020304u, 2u, 3u, 4u}) keys.push_back(keys_of({word})[0]);
  }
  for (std::size_t i = 0; i < 4; ++i) nonce[i] = static_cast<std::uint8_t>(i + 1);
  const auto failure = predictable_keys("id", keys, nonce);
  ASSERT_TRUE(failure);
  EXPECT_EQ(failure->headline,
            "the client's mask keys come again on one connection: frame 5's key, 01020304, was "
            "frame 1's; all 16 come round every 4 frames");
  EXPECT_NE(failure->detail.find("frames 1, 5, 9, 13 (4 of 16) were masked with words of the "
                                 "client's Sec-WebSocket-Key"),
            std::string::npos)
      << failure->detail;
  EXPECT_FALSE(predictable_keys("id", keys_of({1, 2, 3, 4}), Nonce{}));
  // Nine frames keyed by the nonce: eight are listed.
  for (std::size_t i = 0; i < nonce.size(); ++i) nonce[i] = static_cast<std::uint8_t>(i + 1);
  const auto words = keys_of({0x01020304, 0x05060708, 0x090a0b0c, 0x0d0e0f10});
  std::vector<Key> nonce_keys;
  for (std::size_t i = 0; i < 9; ++i) nonce_keys.push_back(words[i % 4]);
  const auto many = predictable_keys("id", nonce_keys, nonce);
  ASSERT_TRUE(many);
  EXPECT_NE(many->detail.find("frames 1, 2, 3, 4, 5, 6, 7, 8, ... (9 of 9)"), std::string::npos)
      << many->detail;
}

TEST(KeyChecks, TheSecondFrameRepeatingTheFirstIsFound) {
  const auto failure = predictable_keys("id", keys_of({7, 7, 8}), Nonce{});
  ASSERT_TRUE(failure);
  EXPECT_EQ(failure->headline,
            "the client's mask keys come again on one connection: frame 2's key, 00000007, was "
            "frame 1's");
}

// The checks read the keys and the nonce and nothing past them: a key left in the vector's storage
// after its end, or the bytes after the nonce, match nothing (an off-by-one would read them).
TEST(KeyChecks, LookNoFurtherThanTheKeysAndTheNonce) {
  struct NonceAndNext {
    Nonce nonce{};
    std::array<std::uint8_t, 4> next{0x0a, 0x0b, 0x0c, 0x0d};
  } held;
  static_assert(sizeof(NonceAndNext) == 20, "the next bytes follow the nonce");
  EXPECT_TRUE(frames_keyed_by_nonce(keys_of({0x0a0b0c0d}), held.nonce).empty());

  Nonce nonce{0x01, 0x02, 0x03, 0x04};
  std::vector<Key> keys = keys_of({1, 2, 0x01020304});
  keys.pop_back();  // its bytes stay in the storage, past the end
  EXPECT_TRUE(frames_keyed_by_nonce(keys, nonce).empty());
  keys = keys_of({1, 2, 1});
  keys.pop_back();
  EXPECT_FALSE(predictable_keys("id", keys, Nonce{}));
}

TEST(KeyChecks, ASecondProcessRepeatingKeysIsCounted) {
  EXPECT_FALSE(keys_again("id", keys_of({1, 2}), keys_of({3, 4})));
  const auto failure = keys_again("id", keys_of({1, 2, 3}), keys_of({9, 3, 2, 8}));
  ASSERT_TRUE(failure);
  EXPECT_EQ(failure->headline,
            "the client's mask keys come again on a new connection: 2 of the second client's 4 "
            "keys were the first's (the first of them 00000003)");
}

TEST(KeySpread, CountsFramesZeroKeysAndDistinctKeys) {
  KeySpread spread;
  for (const Key& key : keys_of({0, 0x01020304, 0x01020304})) spread.count(key);
  EXPECT_EQ(spread.frames, 3u);
  EXPECT_EQ(spread.zero, 1u);
  EXPECT_EQ(spread.distinct.size(), 2u);
}

// Every case ends with the fence, whose echo is known by its number: four bytes, the shortest
// header, unmasked, as a client must read what a server sends.
TEST(ClientFence, CarriesItsNumberInTheShortestUnmaskedFrame) {
  const std::vector<std::uint8_t> payload = client_fence_payload(0x0a0b0c);
  EXPECT_EQ(payload, (std::vector<std::uint8_t>{0xfe, 0x0a, 0x0b, 0x0c}));
  EXPECT_EQ(client_fence_frame(payload),
            (std::vector<std::uint8_t>{0x82, 0x04, 0xfe, 0x0a, 0x0b, 0x0c}));
}

TEST(KeySpread, MergesFramesZerosAndDistinctKeys) {
  KeySpread run{10, 1, {1, 2}};
  run.merge({5, 2, {2, 3}});
  EXPECT_EQ(run.frames, 15u);
  EXPECT_EQ(run.zero, 3u);
  EXPECT_EQ(run.distinct.size(), 3u);
}

}  // namespace
}  // namespace maskcheck::wire
