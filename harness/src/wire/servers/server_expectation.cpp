#include "wire/servers/server_expectation.h"

#include <algorithm>

#include "maskcheck/frame_parser_interface.h"
#include "streams/event_comparison.h"
#include "streams/wire_frames.h"

namespace maskcheck::wire {

namespace {

using reference::DecodedFrame;

// The stream's `index`-th frame, as far as it holds it.
WireFrame frame_at(std::span<const std::uint8_t> stream, std::size_t index) {
  WireFrame found;
  std::size_t seen = 0;
  for_each_wire_frame(stream, [&](const WireFrame& frame) {
    found = frame;
    return seen++ < index;
  });
  return found;
}

}  // namespace

WireExpectation expect_from(const reference::DecodeResult& decoded, const ServerPolicy& policy,
                            std::span<const std::uint8_t> stream) {
  WireExpectation expected;
  for (const DecodedFrame& event : whole_messages(decoded.frames)) {
    if (event.opcode == opcode::close) {
      const auto code = close_code({event.opcode, event.payload});
      if (code && policy.refused_close_codes.contains(*code)) {
        expected.ending = Ending::error;
        expected.close_codes = policy.codes_for(reference::ProtocolError::invalid_close_code);
        expected.error_words = "close code " + std::to_string(*code) + ", which the server refuses";
        expected.may_lose_last_replies = policy.close_drops_pending_replies;
        expected.may_drop =
            policy.closes_without_frame.contains(reference::ProtocolError::invalid_close_code);
        return expected;
      }
      expected.ending = Ending::client_close;
      expected.empty_close_allowed = !code;
      if (code && policy.echoes_close_code) expected.close_codes = {*code};
      if (!code) expected.close_codes = {1000};
      expected.may_lose_last_replies = policy.close_drops_pending_replies;
      return expected;  // the server reads nothing after a close
    }
    if (event.opcode == opcode::ping) {
      expected.events.push_back({opcode::pong, event.payload});
    } else if (event.opcode != opcode::pong) {
      expected.events.push_back({event.opcode, event.payload});
    }
  }
  const WireFrame failing = frame_at(stream, decoded.error_frame);
  const bool whole = failing.end != WireFrame::kUnknown && failing.end <= stream.size();
  if (decoded.error && !decoded.error_pending && whole) {
    expected.ending = Ending::error;
    expected.may_lose_last_replies = policy.close_drops_pending_replies;
    std::vector<reference::ProtocolError> flaws{*decoded.error};
    flaws.insert(flaws.end(), decoded.alternatives.begin(), decoded.alternatives.end());
    for (reference::ProtocolError flaw : flaws) {
      for (std::uint16_t code : policy.codes_for(flaw, failing.opcode() == opcode::close)) {
        if (std::ranges::find(expected.close_codes, code) == expected.close_codes.end())
          expected.close_codes.push_back(code);
      }
      expected.may_drop = expected.may_drop || policy.closes_without_frame.contains(flaw);
      expected.error_words +=
          (expected.error_words.empty() ? "" : " or ") + std::string(protocol_error_name(flaw));
    }
    return expected;
  }
  const bool message_open = !decoded.frames.empty() && [&] {
    for (auto frame = decoded.frames.rbegin(); frame != decoded.frames.rend(); ++frame) {
      if (frame->opcode < 0x8) return !frame->fin;
    }
    return false;
  }();
  // A server may read a frame whole before it checks it: a stream ending inside the failing frame
  // may get its error, or nothing yet.
  if (decoded.truncated || decoded.error || message_open) {
    expected.ending = Ending::unfinished;
    expected.may_lose_last_replies = policy.close_drops_pending_replies;
  }
  return expected;
}

}  // namespace maskcheck::wire
