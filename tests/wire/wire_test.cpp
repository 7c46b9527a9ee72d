// The wire room's parts that need no server: the loopback rule, the handshake's accept value, the
// policy file, the reading of server frames, and what the oracle expects.
#include <gtest/gtest.h>
#include <sys/socket.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <variant>
#include <vector>

#include "maskcheck/reference_frame_decoder.h"
#include "streams/frame_builder.h"
#include "wire/exchange/echo_comparison.h"
#include "wire/protocol/frame_reader.h"
#include "wire/protocol/opening_handshake.h"
#include "wire/servers/server_expectation.h"
#include "wire/servers/server_policy.h"
#include "wire/servers/server_session.h"
#include "wire/transport/loopback_listener.h"
#include "wire/transport/loopback_url.h"
#include "wire/transport/read_barrier.h"

namespace maskcheck::wire {
namespace {

TEST(LoopbackUrl, TakesLoopbackAddressesOnly) {
  const auto v4 = parse_loopback_url("ws://127.0.0.1:8080/chat");
  ASSERT_TRUE(std::holds_alternative<LoopbackUrl>(v4));
  EXPECT_EQ(std::get<LoopbackUrl>(v4).port, 8080);
  EXPECT_EQ(std::get<LoopbackUrl>(v4).path, "/chat");
  const auto v6 = parse_loopback_url("ws://[::1]:9/");
  ASSERT_TRUE(std::holds_alternative<LoopbackUrl>(v6));
  EXPECT_EQ(std::get<LoopbackUrl>(v6).family, AF_INET6);
  EXPECT_TRUE(std::holds_alternative<LoopbackUrl>(parse_loopback_url("ws://localhost:1")));
  for (const char* refused : {"ws://10.0.0.1:80/", "ws://example.com:80/", "wss://127.0.0.1:1/",
                              "ws://127.0.0.1/", "ws://127.0.0.1:0/", "ws://[::2]:80/"}) {
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_loopback_url(refused))) << refused;
  }
}

// RFC 6455 section 1.3's example.
TEST(OpeningHandshake, AcceptIsTheRfcExample) {
  EXPECT_EQ(accept_for("dGhlIHNhbXBsZSBub25jZQ=="), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
  EXPECT_EQ(random_key().size(), 24u);
  EXPECT_NE(random_key(), random_key());
}

// The ends of a loopback connection: maskcheck's (a client) and the server's, accepted.
struct LoopbackPair {
  std::optional<TcpConnection> client;
  std::optional<TcpConnection> server;
};

LoopbackPair connected_pair() {
  LoopbackPair pair;
  auto listening = LoopbackListener::open();
  if (!std::holds_alternative<LoopbackListener>(listening)) return pair;
  auto& listener = std::get<LoopbackListener>(listening);
  const auto deadline = Clock::now() + std::chrono::seconds(10);
  auto url = parse_loopback_url("ws://127.0.0.1:" + std::to_string(listener.port()) + "/");
  auto opened = TcpConnection::open(std::get<LoopbackUrl>(url), deadline);
  if (!std::holds_alternative<TcpConnection>(opened)) return pair;
  pair.client.emplace(std::move(std::get<TcpConnection>(opened)));
  pair.server = listener.accept(deadline);
  return pair;
}

Arrival send_text(TcpConnection& connection, std::string_view text, Clock::time_point deadline) {
  return connection.send_all({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()},
                             deadline);
}

// A header's tokens are an RFC 7230 list: any case, blanks around each element, other elements
// beside them. maskcheck, as a client's server, must take such a request.
TEST(OpeningHandshake, TakesTokensInAnyCaseWithBlanksAmongOthers) {
  LoopbackPair pair = connected_pair();
  ASSERT_TRUE(pair.client && pair.server);
  const auto deadline = Clock::now() + std::chrono::seconds(10);
  ASSERT_EQ(send_text(*pair.client,
                      "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: h2c,\tWEBSOCKET\r\n"
                      "Connection: keep-alive ,UPGRADE\t, close\r\n"
                      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                      "Sec-WebSocket-Version: 13\r\n\r\n",
                      deadline),
            Arrival::bytes);
  Nonce nonce{};
  EXPECT_EQ(accept_websocket(*pair.server, deadline, nonce), "");
}

// A request that arrives in three reads: the HTTP parser takes the start line and each whole field
// as they come, and the rest is given to it from where it stopped.
TEST(OpeningHandshake, TakesARequestThatArrivesInPieces) {
  LoopbackPair pair = connected_pair();
  ASSERT_TRUE(pair.client && pair.server);
  const auto deadline = Clock::now() + std::chrono::seconds(10);
  const std::vector<std::string> pieces = {
      "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnec",
      "tion: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-Web",
      "Socket-Version: 13\r\n\r\n"};
  // Apart in time, so each is most likely its own read; merged, the test only proves less.
  std::thread client([&] {
    for (const std::string& piece : pieces) {
      send_text(*pair.client, piece, deadline);
      std::this_thread::sleep_for(std::chrono::milliseconds(150));
    }
  });
  Nonce nonce{};
  const std::string problem = accept_websocket(*pair.server, deadline, nonce);
  client.join();
  EXPECT_EQ(problem, "");
  EXPECT_EQ(nonce, *nonce_of("dGhlIHNhbXBsZSBub25jZQ=="));
}

// The kernel can answer with a piece already counted received but an unread count from before it
// came: an answer saying all is read is trusted only after one in which every byte had arrived.
TEST(ReadConfirmation, TrustsNoUnreadCountTakenBeforeEveryByteWasIn) {
  using Verdict = ReadConfirmation::Verdict;
  ReadConfirmation torn;
  EXPECT_EQ(torn.take({100, 0}, 107), Verdict::ask_later);    // the last piece not yet in
  EXPECT_EQ(torn.take({107, 0}, 107), Verdict::ask_at_once);  // in, and "read": torn or true
  EXPECT_EQ(torn.take({107, 7}, 107), Verdict::ask_later);    // torn: the piece was still unread
  EXPECT_EQ(torn.take({107, 0}, 107), Verdict::read);
  ReadConfirmation prompt;
  EXPECT_EQ(prompt.take({107, 0}, 107), Verdict::ask_at_once);
  EXPECT_EQ(prompt.take({107, 0}, 107), Verdict::read);
}

TEST(ReadBarrier, CountsWhatTheServerReceivedAndHasNotRead) {
  LoopbackPair pair = connected_pair();
  ASSERT_TRUE(pair.client && pair.server);
  const std::uint8_t bytes[5] = {1, 2, 3, 4, 5};
  const auto deadline = Clock::now() + std::chrono::seconds(10);
  ASSERT_EQ(pair.client->send_all(bytes, deadline), Arrival::bytes);
  ReadBarrier barrier;
  std::optional<ServerSide> side;
  do {
    side = barrier.server_side(*pair.client);
    ASSERT_TRUE(side.has_value()) << barrier.problem();
  } while (side->received < 5 && Clock::now() < deadline);
  EXPECT_EQ(side->received, 5u);
  EXPECT_EQ(side->unread, 5u);
}

// A server socket closed with a reset is gone from the kernel at once: it has read all it ever
// will, and the barrier must not wait on it.
TEST(ReadBarrier, ASocketTheServerClosedHasNothingUnread) {
  LoopbackPair pair = connected_pair();
  ASSERT_TRUE(pair.client && pair.server);
  const std::uint8_t bytes[5] = {1, 2, 3, 4, 5};
  ASSERT_EQ(pair.client->send_all(bytes, Clock::now() + std::chrono::seconds(10)), Arrival::bytes);
  const linger reset{1, 0};
  ASSERT_EQ(setsockopt(pair.server->fd(), SOL_SOCKET, SO_LINGER, &reset, sizeof reset), 0);
  pair.server.reset();
  ReadBarrier barrier;
  const auto side = barrier.server_side(*pair.client);
  ASSERT_TRUE(side.has_value()) << barrier.problem();
  EXPECT_EQ(side->received, pair.client->bytes_sent());
  EXPECT_EQ(side->unread, 0u);
}

TEST(ServerPolicy, ReadsEveryField) {
  const auto parsed = parse_policy(R"({"server": "s", "max_message_size": 100, "utf8": false,
      "error_close_codes": {"default": [1002], "invalid-close-code": ["no-code", 1002]},
      "closes_without_frame": ["reserved-bits"], "close_reply": "any",
      "close_drops_pending_replies": true, "refused_close_codes": [1014],
      "utf8_checked": "per-message"})");
  ASSERT_TRUE(std::holds_alternative<ServerPolicy>(parsed)) << std::get<std::string>(parsed);
  const ServerPolicy& policy = std::get<ServerPolicy>(parsed);
  EXPECT_EQ(policy.max_message_size, 100u);
  EXPECT_FALSE(policy.utf8);
  EXPECT_EQ(policy.codes_for(reference::ProtocolError::invalid_close_code),
            (std::vector<std::uint16_t>{kNoCode, 1002}));
  EXPECT_EQ(policy.codes_for(reference::ProtocolError::invalid_utf8),
            std::vector<std::uint16_t>{1002});
  EXPECT_TRUE(policy.closes_without_frame.contains(reference::ProtocolError::reserved_bits));
  EXPECT_FALSE(policy.echoes_close_code);
  EXPECT_TRUE(policy.close_drops_pending_replies);
  EXPECT_TRUE(policy.refused_close_codes.contains(1014));
  EXPECT_TRUE(policy.utf8_at_message_end);
}

TEST(ServerPolicy, RefusesWhatItCannotRead) {
  for (const char* bad :
       {"[]", "{\"utf8\": 1}", "{\"colour\": 1}", "{\"close_reply\": \"maybe\"}",
        "{\"utf8_checked\": \"later\"}", R"({"error_close_codes": {"bad-bits": [1002]}})",
        R"({"error_close_codes": {"default": [999]}})", R"({"error_close_codes": {"default": []}})",
        "{"}) {
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_policy(bad))) << bad;
  }
}

std::vector<reference::ProtocolError> every_protocol_error() {
  std::vector<reference::ProtocolError> errors;
  for (int value = 0; value <= static_cast<int>(reference::ProtocolError::non_minimal_length);
       ++value) {
    errors.push_back(static_cast<reference::ProtocolError>(value));
  }
  return errors;
}

TEST(ServerPolicy, NamesEveryErrorClass) {
  for (const reference::ProtocolError error : every_protocol_error()) {
    const std::string name(reference::protocol_error_name(error));
    const auto parsed = parse_policy(R"({"error_close_codes": {")" + name + R"(": [1011]}})");
    ASSERT_TRUE(std::holds_alternative<ServerPolicy>(parsed)) << name;
    EXPECT_EQ(std::get<ServerPolicy>(parsed).codes_for(error), std::vector<std::uint16_t>{1011})
        << name;
  }
}

TEST(ServerPolicy, EveryErrorMayCloseWithoutAFrameUnderAStar) {
  const auto parsed = parse_policy(R"({"closes_without_frame": ["*"]})");
  ASSERT_TRUE(std::holds_alternative<ServerPolicy>(parsed));
  const ServerPolicy& policy = std::get<ServerPolicy>(parsed);
  for (const reference::ProtocolError error : every_protocol_error()) {
    EXPECT_TRUE(policy.closes_without_frame.contains(error))
        << reference::protocol_error_name(error);
  }
}

TEST(ServerPolicy, TakesCloseCodes1000To4999) {
  for (const int code : {999, 1000, 4999, 5000}) {
    const auto parsed =
        parse_policy(R"({"error_close_codes": {"default": [)" + std::to_string(code) + "]}}");
    EXPECT_EQ(std::holds_alternative<ServerPolicy>(parsed), code >= 1000 && code <= 4999) << code;
  }
}

TEST(ServerPolicy, AnInvalidCloseReasonHasCodesOfItsOwn) {
  using reference::ProtocolError;
  const auto parsed = parse_policy(R"({"error_close_codes": {"default": [1002],
      "invalid-utf8": [1007], "invalid-utf8-in-close-reason": [1002, "no-code"]}})");
  ASSERT_TRUE(std::holds_alternative<ServerPolicy>(parsed)) << std::get<std::string>(parsed);
  const ServerPolicy& policy = std::get<ServerPolicy>(parsed);
  EXPECT_EQ(policy.codes_for(ProtocolError::invalid_utf8, true),
            (std::vector<std::uint16_t>{1002, kNoCode}));
  EXPECT_EQ(policy.codes_for(ProtocolError::invalid_utf8, false), std::vector<std::uint16_t>{1007});
  EXPECT_EQ(policy.codes_for(ProtocolError::reserved_bits, true), std::vector<std::uint16_t>{1002});
}

std::vector<std::uint8_t> server_frame(std::uint8_t first_byte, std::vector<std::uint8_t> payload,
                                       bool masked = false) {
  std::vector<std::uint8_t> bytes{first_byte, static_cast<std::uint8_t>(payload.size())};
  if (masked) {
    bytes[1] |= 0x80;
    bytes.insert(bytes.end(), 4, 0);
  }
  bytes.insert(bytes.end(), payload.begin(), payload.end());
  return bytes;
}

// What a new reader finds wrong in a server's bytes, if anything.
std::optional<std::string> problem_in(std::vector<std::uint8_t> inbox) {
  FrameReader reader;
  std::vector<WireEvent> events;
  return reader.read(inbox, events);
}

TEST(ServerFrames, JoinsFragmentsAndKeepsControlFramesInPlace) {
  std::vector<std::uint8_t> inbox = server_frame(0x01, {'a'});
  for (const auto& more :
       {server_frame(0x89, {'p'}), server_frame(0x80, {'b'}), server_frame(0x82, {'c', 'd'})}) {
    inbox.insert(inbox.end(), more.begin(), more.end());
  }
  inbox.push_back(0x82);  // the start of a frame still to come
  FrameReader reader;
  std::vector<WireEvent> events;
  EXPECT_FALSE(reader.read(inbox, events));
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[0], (WireEvent{0x9, {'p'}}));
  EXPECT_EQ(events[1], (WireEvent{0x1, {'a', 'b'}}));
  EXPECT_EQ(events[2], (WireEvent{0x2, {'c', 'd'}}));
  EXPECT_EQ(inbox, std::vector<std::uint8_t>{0x82});
}

TEST(ServerFrames, AMaskedServerFrameIsAFinding) {
  const auto problem = problem_in(server_frame(0x81, {'x'}, true));
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->find("masked"), std::string::npos);
}

TEST(ServerFrames, EveryReservedOpcodeIsAFindingAndEveryOtherIsNot) {
  for (std::uint8_t opcode = 0; opcode < 16; ++opcode) {
    // A continuation opens no message: each opcode inside a text message, after its first frame.
    std::vector<std::uint8_t> inbox = server_frame(0x01, {'a'});
    const auto frame = server_frame(static_cast<std::uint8_t>(0x80 | opcode), {'x'});
    inbox.insert(inbox.end(), frame.begin(), frame.end());
    const auto problem = problem_in(inbox);
    const bool reserved = (opcode >= 3 && opcode <= 7) || opcode >= 11;
    EXPECT_EQ(problem && problem->find("reserved opcode") != std::string::npos, reserved)
        << "opcode " << int{opcode} << ": " << problem.value_or("no finding");
  }
}

// A text message and a ping, then a client close: the echo, the pong, a close echoing the code.
std::vector<std::uint8_t> message_ping_close(std::uint16_t code) {
  std::vector<std::uint8_t> stream;
  const std::vector<std::uint8_t> hello{'h', 'i'};
  const std::vector<std::uint8_t> close{static_cast<std::uint8_t>(code >> 8),
                                        static_cast<std::uint8_t>(code)};
  append_frame(stream, {kFin | 0x1, hello, {1, 2, 3, 4}});
  append_frame(stream, {kFin | 0x9, hello, {5, 6, 7, 8}});
  append_frame(stream, {kFin | 0x8, close, {9, 9, 9, 9}});
  return stream;
}

WireExpectation expect(const std::vector<std::uint8_t>& stream, const ServerPolicy& policy) {
  return expect_from(reference::decode_stream(stream, policy.decode_limits()), policy, stream);
}

TEST(WireExpectation, EchoesAPongAndTheCloseCode) {
  const WireExpectation expected = expect(message_ping_close(1000), ServerPolicy{});
  EXPECT_EQ(expected.ending, Ending::client_close);
  EXPECT_EQ(expected.close_codes, std::vector<std::uint16_t>{1000});
  ASSERT_EQ(expected.events.size(), 2u);
  const WireObservation right{
      {{0x1, {'h', 'i'}}, {0xa, {'h', 'i'}}, {0x8, {0x03, 0xe8}}}, Finish::closed, {}};
  EXPECT_FALSE(compare_wire(expected, right, "id"));
  WireObservation reordered = right;  // a pong may overtake an echo
  std::swap(reordered.events[0], reordered.events[1]);
  EXPECT_FALSE(compare_wire(expected, reordered, "id"));
  WireObservation other_code = right;
  other_code.events[2].payload = {0x03, 0xea};
  EXPECT_TRUE(compare_wire(expected, other_code, "id"));
  WireObservation lost_echo = right;
  lost_echo.events.erase(lost_echo.events.begin());
  EXPECT_TRUE(compare_wire(expected, lost_echo, "id"));
  ServerPolicy drops;
  drops.close_drops_pending_replies = true;
  EXPECT_FALSE(compare_wire(expect(message_ping_close(1000), drops), lost_echo, "id"));
}

TEST(ServerFrames, AControlFrameOver125BytesIsAFinding) {
  for (const std::size_t length : {125u, 126u}) {
    const std::vector<std::uint8_t> payload(length, 'p');
    std::vector<std::uint8_t> inbox;
    append_frame(inbox, {kFin | 0xa, payload, {}, 0, false});
    EXPECT_EQ(problem_in(inbox).has_value(), length > 125) << length << " bytes";
  }
}

TEST(ServerFrames, ATextOrBinaryFrameInsideAMessageIsAFinding) {
  for (const std::uint8_t first : {0x01, 0x02}) {
    for (const std::uint8_t next : {0x81, 0x82}) {
      std::vector<std::uint8_t> inbox = server_frame(first, {'a'});
      const auto frame = server_frame(next, {'b'});
      inbox.insert(inbox.end(), frame.begin(), frame.end());
      const auto problem = problem_in(inbox);
      ASSERT_TRUE(problem) << int{first} << " then " << int{next};
      EXPECT_NE(problem->find("inside another"), std::string::npos) << *problem;
    }
  }
}

TEST(WireComparison, ACloseCodeTakesTwoBytes) {
  EXPECT_EQ(close_code({0x8, {0x03}}), std::nullopt);
  EXPECT_EQ(close_code({0x8, {}}), std::nullopt);
  EXPECT_EQ(close_code({0x8, {0x03, 0xe9, 'x'}}), std::optional<std::uint16_t>(1001));
}

TEST(WireComparison, AnErrorThePolicyLetsDropMayEndTheConnectionButNotHang) {
  WireExpectation expected;
  expected.ending = Ending::error;
  expected.close_codes = {1002};
  expected.error_words = "unmasked-frame";
  const WireObservation ended{{}, Finish::closed, {}};
  const WireObservation hung{{}, Finish::timed_out, {}};
  EXPECT_TRUE(compare_wire(expected, ended, "id"));  // the policy wants a close frame
  expected.may_drop = true;
  EXPECT_FALSE(compare_wire(expected, ended, "id"));
  EXPECT_TRUE(compare_wire(expected, hung, "id"));
}

TEST(WireExpectation, ACloseWithNoCodeMayBeAnsweredEmptyOrWith1000) {
  std::vector<std::uint8_t> stream;
  append_frame(stream, {kFin | 0x8, {}, {9, 9, 9, 9}});
  const WireExpectation expected = expect(stream, ServerPolicy{});
  EXPECT_EQ(expected.ending, Ending::client_close);
  EXPECT_TRUE(expected.empty_close_allowed);
  EXPECT_EQ(expected.close_codes, std::vector<std::uint16_t>{1000});
}

TEST(WireExpectation, AWholeFaultyFrameIsAnErrorEvenWithATruncatedOneAfterIt) {
  std::vector<std::uint8_t> stream;
  const std::vector<std::uint8_t> hi{'h', 'i'};
  append_frame(stream, {kFin | 0x1, hi, {}, 0, false});  // unmasked: the error
  append_frame(stream, {kFin | 0x1, hi, {1, 2, 3, 4}});
  stream.resize(stream.size() - 1);  // the next frame stops short
  const WireExpectation expected = expect(stream, ServerPolicy{});
  EXPECT_EQ(expected.ending, Ending::error);
  EXPECT_EQ(expected.close_codes, std::vector<std::uint16_t>{1002});
}

// A text message, and a close with code 1000, each ending inside a character.
struct NotUtf8 {
  std::vector<std::uint8_t> text_stream;
  std::vector<std::uint8_t> close_stream;
  NotUtf8() {
    const std::vector<std::uint8_t> bad_text{0xc3};
    const std::vector<std::uint8_t> bad_reason{0x03, 0xe8, 0xc3};
    append_frame(text_stream, {kFin | 0x1, bad_text, {1, 2, 3, 4}});
    append_frame(close_stream, {kFin | 0x8, bad_reason, {1, 2, 3, 4}});
  }
};

TEST(WireExpectation, AnInvalidCloseReasonTakesTheCloseReasonsCodes) {
  ServerPolicy policy;
  policy.utf8 = true;
  policy.close_codes[reference::ProtocolError::invalid_utf8] = {1007};
  policy.close_reason_utf8_codes = std::vector<std::uint16_t>{1002};
  const auto [text_stream, close_stream] = NotUtf8();
  EXPECT_EQ(expect(text_stream, policy).close_codes, std::vector<std::uint16_t>{1007});
  EXPECT_EQ(expect(close_stream, policy).close_codes, std::vector<std::uint16_t>{1002});
}

// gorilla's library checks close reasons, while its application echoes text as bytes.
TEST(WireExpectation, CloseReasonsAloneCanBeChecked) {
  const auto parsed = parse_policy(R"({"utf8": false, "close_reason_utf8": true})");
  ASSERT_TRUE(std::holds_alternative<ServerPolicy>(parsed)) << std::get<std::string>(parsed);
  const ServerPolicy& policy = std::get<ServerPolicy>(parsed);
  const auto [text_stream, close_stream] = NotUtf8();
  EXPECT_EQ(expect(text_stream, policy).ending, Ending::open);
  EXPECT_EQ(expect(close_stream, policy).ending, Ending::error);
  EXPECT_EQ(expect(close_stream, ServerPolicy{.utf8 = false}).ending, Ending::client_close);
}

TEST(WireExpectation, AMessageLeftOpenIsUnfinishedEvenBehindAPing) {
  const std::vector<std::uint8_t> part{'a'};
  std::vector<std::uint8_t> stream;
  append_frame(stream, {0x1, part, {1, 2, 3, 4}});  // no FIN: the message goes on
  EXPECT_EQ(expect(stream, ServerPolicy{}).ending, Ending::unfinished);
  append_frame(stream, {kFin | 0x9, part, {5, 6, 7, 8}});
  EXPECT_EQ(expect(stream, ServerPolicy{}).ending, Ending::unfinished);
  append_frame(stream, {kFin | 0x0, part, {5, 6, 7, 8}});
  EXPECT_EQ(expect(stream, ServerPolicy{}).ending, Ending::open);
}

TEST(WireExpectation, ARefusedCloseCodeIsAnError) {
  ServerPolicy policy;
  policy.refused_close_codes = {1014};
  const WireExpectation expected = expect(message_ping_close(1014), policy);
  EXPECT_EQ(expected.ending, Ending::error);
  EXPECT_EQ(expected.close_codes, std::vector<std::uint16_t>{1002});
}

// Every case that stays open ends with the fence: a server strict about the RFC's framing (a
// length in its shortest form, UTF-8 text) must read it as one text message.
TEST(ServerFence, IsMaskedTextWithTheShortestHeader) {
  const std::vector<std::uint8_t> payload = server_fence_payload(42);
  EXPECT_EQ(std::string(payload.begin(), payload.end()), "maskcheck fence 42");
  const std::vector<std::uint8_t> frame = server_fence_frame(payload);
  ASSERT_EQ(frame.size(), 6 + payload.size());
  EXPECT_EQ(frame[1], 0x80 | payload.size());
  const reference::DecodeResult decoded =
      reference::decode_stream(frame, {.utf8 = true, .minimal_lengths = true});
  EXPECT_FALSE(decoded.error);
  ASSERT_EQ(decoded.frames.size(), 1u);
  EXPECT_EQ(decoded.frames[0].opcode, opcode::text);
  EXPECT_TRUE(decoded.frames[0].fin);
  EXPECT_EQ(decoded.frames[0].payload, payload);
}

}  // namespace
}  // namespace maskcheck::wire
