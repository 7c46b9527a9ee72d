// permessage-deflate's codec and negotiation against RFC 7692's own examples and rules.
#include <gtest/gtest.h>

#include <string>
#include <variant>
#include <vector>

#include "streams/frame_builder.h"
#include "wire/protocol/deflate_negotiation.h"
#include "wire/protocol/frame_reader.h"
#include "wire/protocol/message_deflate.h"
#include "wire/servers/compressed_cases.h"

namespace maskcheck::wire {
namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes bytes_of(std::string_view text) {
  return {text.begin(), text.end()};
}

Bytes inflated(MessageInflater& inflater, const Bytes& payload) {
  auto result = inflater.inflate(payload);
  if (auto* reason = std::get_if<std::string>(&result)) ADD_FAILURE() << *reason;
  auto* message = std::get_if<Bytes>(&result);
  return message ? *message : Bytes{};
}

TEST(MessageDeflate, CompressesHelloAsTheRfcDoes) {  // RFC 7692 7.2.3.1 and 7.2.3.2
  MessageCompressor compressor({15, false});
  EXPECT_EQ(compressor.compress(bytes_of("Hello")),
            (Bytes{0xf2, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00}));
  EXPECT_EQ(compressor.compress(bytes_of("Hello")), (Bytes{0xf2, 0x00, 0x11, 0x00, 0x00}));
}

TEST(MessageDeflate, AnEmptyMessageAfterAnotherIsOneEmptyBlock) {
  MessageCompressor compressor({15, false});
  MessageInflater inflater({15, false}, 1 << 20);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(inflated(inflater, compressor.compress({})), Bytes{});
}

TEST(MessageDeflate, WithoutContextTakeoverEachMessageStartsAfresh) {
  MessageCompressor compressor({15, true});
  const Bytes first = compressor.compress(bytes_of("Hello"));
  EXPECT_EQ(compressor.compress(bytes_of("Hello")), first);
}

TEST(MessageDeflate, InflatesTheRfcExamples) {  // 7.2.3.1 to 7.2.3.5
  MessageInflater inflater({15, false}, 1 << 20);
  EXPECT_EQ(inflated(inflater, {0xf2, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00}), bytes_of("Hello"));
  EXPECT_EQ(inflated(inflater, {0xf2, 0x00, 0x11, 0x00, 0x00}), bytes_of("Hello"));
  EXPECT_EQ(inflated(inflater, {0x00, 0x05, 0x00, 0xfa, 0xff, 0x48, 0x65, 0x6c, 0x6c, 0x6f, 0x00}),
            bytes_of("Hello"));
  EXPECT_EQ(inflated(inflater, {0xf3, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00, 0x00}),
            bytes_of("Hello"));
  EXPECT_EQ(inflated(inflater, {0xf2, 0x48, 0x05, 0x00, 0x00, 0x00, 0xff, 0xff, 0xca, 0xc9, 0xc9,
                                0x07, 0x00}),
            bytes_of("Hello"));
}

TEST(MessageDeflate, AFinalBlockKeepsTheWindowForTheNextMessage) {
  MessageInflater inflater({15, false}, 1 << 20);
  EXPECT_EQ(inflated(inflater, {0xf3, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00, 0x00}),
            bytes_of("Hello"));
  // "Hello" again, as a back-reference into the message before (7.2.3.2).
  EXPECT_EQ(inflated(inflater, {0xf2, 0x00, 0x11, 0x00, 0x00}), bytes_of("Hello"));
}

TEST(MessageDeflate, RoundTripsEveryWindowAcrossMessages) {
  for (unsigned bits = 8; bits <= 15; ++bits) {
    for (const bool fresh : {false, true}) {
      MessageCompressor compressor({bits, fresh});
      MessageInflater inflater({bits, fresh}, 1 << 20);
      for (std::size_t length : {0, 1, 300, 5000, 70000}) {
        Bytes message(length);
        for (std::size_t i = 0; i < length; ++i)
          message[i] = static_cast<std::uint8_t>("abcdefgh"[(i * i + length) % 8]);
        EXPECT_EQ(inflated(inflater, compressor.compress(message)), message)
            << bits << " bits, length " << length;
      }
    }
  }
}

TEST(MessageDeflate, RefusesWhatDoesNotInflateOrGrowsTooLarge) {
  MessageInflater inflater({15, true}, 100);
  EXPECT_TRUE(std::holds_alternative<std::string>(inflater.inflate(Bytes{0xff, 0xff, 0xff})));
  MessageCompressor compressor({15, true});
  const auto big = inflater.inflate(compressor.compress(Bytes(1000, 'a')));
  ASSERT_TRUE(std::holds_alternative<std::string>(big));
  EXPECT_NE(std::get<std::string>(big).find("size limit of 100"), std::string::npos);
  // Compressed data after a final block is no longer the message's.
  MessageInflater after({15, false}, 1 << 20);
  EXPECT_TRUE(std::holds_alternative<std::string>(
      after.inflate(Bytes{0xf3, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00, 0xf2, 0x48, 0x05, 0x00})));
  // After a final block only an empty stored block's first byte (00) may come: no other byte, and
  // not two.
  for (const Bytes& rest : {Bytes{0x01}, Bytes{0x00, 0x00}}) {
    Bytes payload{0xf3, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00};
    payload.insert(payload.end(), rest.begin(), rest.end());
    MessageInflater fresh({15, false}, 1 << 20);
    EXPECT_TRUE(std::holds_alternative<std::string>(fresh.inflate(payload))) << rest.size();
  }
  // A message of exactly the limit is taken.
  MessageInflater exact({15, true}, 1000);
  EXPECT_EQ(inflated(exact, compressor.compress(Bytes(1000, 'a'))), Bytes(1000, 'a'));
}

DeflateAgreement agreed(const std::string& offer_text, const std::string& answer) {
  const auto offer = parse_offer(offer_text);
  EXPECT_TRUE(std::holds_alternative<DeflateOffer>(offer)) << offer_text;
  auto result = read_answer(std::get<DeflateOffer>(offer), answer);
  if (auto* reason = std::get_if<std::string>(&result)) ADD_FAILURE() << *reason;
  auto* agreement = std::get_if<DeflateAgreement>(&result);
  return agreement ? *agreement : DeflateAgreement{};
}

std::string refused(const std::string& offer_text, const std::string& answer) {
  auto result = read_answer(std::get<DeflateOffer>(parse_offer(offer_text)), answer);
  auto* reason = std::get_if<std::string>(&result);
  return reason ? *reason : "accepted";
}

TEST(DeflateNegotiation, AnAnswerSetsEachDirection) {
  const DeflateAgreement plain =
      agreed("permessage-deflate; client_max_window_bits", "permessage-deflate");
  EXPECT_EQ(plain.client, (DeflateParameters{15, false}));
  EXPECT_EQ(plain.server, (DeflateParameters{15, false}));
  const DeflateAgreement narrowed =
      agreed("permessage-deflate; client_max_window_bits",
             "permessage-deflate; server_no_context_takeover; client_max_window_bits=10; "
             "client_no_context_takeover; server_max_window_bits=\"12\"");
  EXPECT_EQ(narrowed.client, (DeflateParameters{10, true}));
  EXPECT_EQ(narrowed.server, (DeflateParameters{12, true}));
  // An answer may give the client the very window it offered.
  EXPECT_EQ(agreed("permessage-deflate; client_max_window_bits=12",
                   "permessage-deflate; client_max_window_bits=12")
                .client.window_bits,
            12u);
}

TEST(DeflateNegotiation, AnOfferReadsBackAsItsHeader) {
  for (const std::string text :
       {"permessage-deflate", "permessage-deflate; client_max_window_bits",
        "permessage-deflate; server_no_context_takeover; client_no_context_takeover; "
        "server_max_window_bits=9; client_max_window_bits=8"}) {
    EXPECT_EQ(std::get<DeflateOffer>(parse_offer(text)).header(), text);
  }
  EXPECT_TRUE(std::holds_alternative<std::string>(parse_offer("x-webkit-deflate-frame")));
  EXPECT_TRUE(std::holds_alternative<std::string>(parse_offer("permessage-deflate; level=9")));
  EXPECT_TRUE(std::holds_alternative<std::string>(
      parse_offer("permessage-deflate; server_max_window_bits=16")));
}

TEST(DeflateNegotiation, RefusesAnswersTheRfcForbids) {
  const std::string offer = "permessage-deflate; server_max_window_bits=10";
  EXPECT_NE(refused(offer, "").find("declined"), std::string::npos);
  EXPECT_NE(refused(offer, "permessage-deflate").find("left out server_max_window_bits"),
            std::string::npos);
  EXPECT_NE(
      refused(offer, "permessage-deflate; server_max_window_bits=11").find("over the offered"),
      std::string::npos);
  EXPECT_NE(
      refused(offer, "permessage-deflate; server_max_window_bits=10; client_max_window_bits=9")
          .find("not offered"),
      std::string::npos);
  EXPECT_NE(refused(offer, "permessage-deflate; server_max_window_bits=10, permessage-deflate")
                .find("must be one"),
            std::string::npos);
  EXPECT_NE(refused(offer, "permessage-deflate; server_max_window_bits=010").find("8 to 15"),
            std::string::npos);
  EXPECT_NE(refused("permessage-deflate; client_max_window_bits",
                    "permessage-deflate; client_max_window_bits")
                .find("no value"),
            std::string::npos);
  EXPECT_NE(refused("permessage-deflate; server_no_context_takeover", "permessage-deflate")
                .find("left out server_no_context_takeover"),
            std::string::npos);
}

TEST(DeflateNegotiation, WindowBitsRunFrom8To15) {
  const std::string offer = "permessage-deflate; client_max_window_bits";
  for (const unsigned bits : {7u, 8u, 15u, 16u}) {
    const std::string answer = "permessage-deflate; server_max_window_bits=" + std::to_string(bits);
    const std::string verdict = refused(offer, answer);
    if (bits >= 8 && bits <= 15) {
      EXPECT_EQ(verdict, "accepted") << bits;
      EXPECT_EQ(agreed(offer, answer).server.window_bits, bits);
    } else {
      EXPECT_NE(verdict.find("8 to 15"), std::string::npos) << bits << ": " << verdict;
    }
  }
}

TEST(DeflateNegotiation, ReadsParametersWhateverTheSpacesAroundThem) {
  const DeflateAgreement tight = agreed("permessage-deflate;client_max_window_bits",
                                        "permessage-deflate;client_max_window_bits=9 \t");
  EXPECT_EQ(tight.client.window_bits, 9u);
  const DeflateAgreement loose =
      agreed("permessage-deflate; client_max_window_bits",
             " permessage-deflate ;  server_no_context_takeover ; client_max_window_bits = 10");
  EXPECT_EQ(loose.client.window_bits, 10u);
  EXPECT_TRUE(loose.server.no_context_takeover);
}

TEST(DeflateNegotiation, DescribesEachSideFromMaskchecksPlace) {
  const DeflateAgreement agreement{{10, true}, {15, false}};
  EXPECT_EQ(describe(agreement),
            "maskcheck's messages: 10-bit window, no context takeover; the server's: 15-bit "
            "window, context takeover");
  EXPECT_EQ(describe(agreement, Sender::server),
            "the client's messages: 10-bit window, no context takeover; maskcheck's: 15-bit "
            "window, context takeover");
}

TEST(DeflateNegotiation, AServerTakesTheFirstOfferItCan) {
  auto taken = accept_offer(
      "x-webkit-deflate-frame, permessage-deflate; level=1, permessage-deflate; "
      "server_no_context_takeover; server_max_window_bits=10; client_max_window_bits");
  ASSERT_TRUE(std::holds_alternative<DeflateAcceptance>(taken)) << std::get<std::string>(taken);
  const auto& accepted = std::get<DeflateAcceptance>(taken);
  EXPECT_EQ(accepted.header,
            "permessage-deflate; server_no_context_takeover; server_max_window_bits=10");
  EXPECT_EQ(accepted.agreed.server, (DeflateParameters{10, true}));
  EXPECT_EQ(accepted.agreed.client, (DeflateParameters{15, false}));
  // What maskcheck answers, read back as a client reads it, agrees the same.
  auto read_back = read_answer(accepted.offer, accepted.header);
  ASSERT_TRUE(std::holds_alternative<DeflateAgreement>(read_back));
  EXPECT_EQ(std::get<DeflateAgreement>(read_back).server, accepted.agreed.server);

  const auto none = [](const std::string& offers) {
    auto result = accept_offer(offers);
    auto* reason = std::get_if<std::string>(&result);
    return reason ? *reason : "taken";
  };
  EXPECT_NE(none("").find("offered no permessage-deflate"), std::string::npos);
  EXPECT_NE(none("x-webkit-deflate-frame").find("offered no permessage-deflate"),
            std::string::npos);
  EXPECT_NE(none("permessage-deflate; server_max_window_bits").find("can be taken"),
            std::string::npos);
  // A list's empty elements are ignored (RFC 7230 section 7).
  EXPECT_EQ(none(", permessage-deflate,"), "taken");
  // An offer that asks nothing: maskcheck's messages in a 15-bit window, with context takeover.
  auto plain = accept_offer("permessage-deflate");
  ASSERT_TRUE(std::holds_alternative<DeflateAcceptance>(plain));
  EXPECT_EQ(std::get<DeflateAcceptance>(plain).agreed.server, (DeflateParameters{15, false}));
}

TEST(CompressedCases, ReadBackAsTheirMessagesWhateverTheAgreement) {
  for (const DeflateParameters sender :
       {DeflateParameters{15, false}, DeflateParameters{9, true}}) {
    for (const std::size_t length : {0, 1, 5, 300, 70000}) {
      for (const unsigned fragments : {1u, 3u}) {
        // A client's frames (masked), or a server's.
        const Sender from = fragments == 3 && length > 100 ? Sender::server : Sender::client;
        const CompressedStream stream =
            compressed_stream({length, fragments, {1, 2, 3, 4}, 0, 0}, sender, from);
        FrameReader reader(from);
        MessageInflater inflater(sender, 1 << 20);
        reader.inflate_with(&inflater);
        std::vector<std::uint8_t> inbox = stream.bytes;
        std::vector<WireEvent> events;
        EXPECT_FALSE(reader.read(inbox, events));
        EXPECT_TRUE(inbox.empty());
        EXPECT_EQ(events, stream.messages) << length << " bytes in " << fragments;
        EXPECT_EQ(reader.keys().size(), from == Sender::client ? fragments + 1 : 0);
      }
    }
  }
}

TEST(CompressedCases, ALengthCompressedForOneAgreementIsNotReusedForAnother) {
  // 70,000 letters reach back past a 9-bit window: 15-bit output does not inflate with 9 bits.
  for (const DeflateParameters sender :
       {DeflateParameters{15, false}, DeflateParameters{9, true}}) {
    const CompressedStream stream = compressed_stream({70000, 1, {}, 0, 0}, sender, Sender::server);
    FrameReader reader(Sender::server);
    MessageInflater inflater(sender, 1 << 20);
    reader.inflate_with(&inflater);
    std::vector<std::uint8_t> inbox = stream.bytes;
    std::vector<WireEvent> events;
    EXPECT_FALSE(reader.read(inbox, events)) << sender.window_bits;
    EXPECT_EQ(events, stream.messages);
  }
}

TEST(CompressedCases, CutEveryFirstFrameAndNameThemselves) {
  std::size_t cases = 0;
  std::size_t whole_headers = 0;
  for_each_compressed_case({15, false}, 300, Sender::client, [&](const CompressedCase& c) {
    ++cases;
    const std::string id = compressed_case_id(c);
    const auto parsed = parse_compressed_case_id(id);
    EXPECT_TRUE(std::holds_alternative<CompressedCase>(parsed)) << id;
    if (auto* back = std::get_if<CompressedCase>(&parsed)) EXPECT_EQ(compressed_case_id(*back), id);
    const CompressedStream stream = compressed_stream(c, {15, false});
    EXPECT_LE(c.second_cut, stream.bytes.size()) << id;
    if (c.first_cut == 0 && c.second_cut == 6) ++whole_headers;
    return true;
  });
  EXPECT_GT(cases, 5000u);
  EXPECT_EQ(whole_headers, 2 * 18u);  // each length up to 300, in one frame and in three
  for (const std::string bad :
       {"wire:deflate:m3:f2:k00000000:server:c0,1", "wire:deflate:m3:f1:k00000000:client:c0,1",
        "wire:deflate:m3:f1:k0000:server:c0,1", "wire:deflate:m3:f1:k00000000:server:c2,1"}) {
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_compressed_case_id(bad))) << bad;
  }
}

TEST(CompressedFrames, Rsv1OnlyOnAMessagesFirstFrame) {
  MessageCompressor compressor({15, false});
  MessageInflater inflater({15, false}, 1 << 20);
  const std::vector<std::uint8_t> packed = compressor.compress(bytes_of("Hello"));
  const std::span<const std::uint8_t> all = packed;
  const auto read = [&](std::uint8_t second_first_byte, MessageInflater* with) {
    std::vector<std::uint8_t> inbox;
    append_frame(inbox, {0x40 | 0x1, all.first(2), {}, 0, false});
    append_frame(inbox, {second_first_byte, all.subspan(2), {}, 0, false});
    FrameReader reader;
    reader.inflate_with(with);
    std::vector<WireEvent> events;
    auto problem = reader.read(inbox, events);
    return std::make_pair(problem.value_or(""), events);
  };
  const auto [fine, events] = read(kFin, &inflater);
  EXPECT_EQ(fine, "");
  EXPECT_EQ(events, (std::vector<WireEvent>{{0x1, bytes_of("Hello")}}));
  EXPECT_NE(read(kFin | 0x40, &inflater).first.find("RSV1 not on a message's first frame"),
            std::string::npos);
  EXPECT_NE(read(kFin, nullptr).first.find("no extension was agreed"), std::string::npos);
}

TEST(CompressedFrames, OnlyMessagesWithRsv1CountAsCompressed) {
  MessageCompressor compressor({15, false});
  MessageInflater inflater({15, false}, 1 << 20);
  std::vector<std::uint8_t> inbox;
  append_frame(inbox, {kFin | 0x40 | 0x1, compressor.compress(bytes_of("Hello")), {}, 0, false});
  append_frame(inbox, {kFin | 0x1, bytes_of("Hello"), {}, 0, false});
  FrameReader reader;
  reader.inflate_with(&inflater);
  std::vector<WireEvent> events;
  EXPECT_FALSE(reader.read(inbox, events));
  EXPECT_EQ(events, (std::vector<WireEvent>{{0x1, bytes_of("Hello")}, {0x1, bytes_of("Hello")}}));
  EXPECT_EQ(reader.counts().messages, 2u);
  EXPECT_EQ(reader.counts().compressed, 1u);
}

}  // namespace
}  // namespace maskcheck::wire
