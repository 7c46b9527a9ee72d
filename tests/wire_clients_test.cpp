// The client room's parts that need no client: its case ids, the messages it asks for, the cuts it
// makes, and the reading of a client's masked frames.
#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "maskcheck/frame_builder.h"
#include "maskcheck/reference_frame_decoder.h"
#include "wire/clients/client_cases.h"
#include "wire/frame_reader.h"

namespace maskcheck::wire {
namespace {

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
  ClientPlan plan{false, {}, false, false};
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
  for (const char* id : {"wire:client:split:h6:n1:c0,0", "wire:client:split:h2:n200:c0,0",
                         "wire:client:split:h2:n1:c5,2", "wire:client:binary",
                         "wire:server:binary:n1", "wire:client:text:n1x",
                         "wire:client:deflate:m1:f2:c0,0", "wire:client:deflate:m1:f1:c3,2"}) {
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
  for_each_client_case({false, {2, 4, 10}, false, false}, [](const ClientCase& c) {
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
