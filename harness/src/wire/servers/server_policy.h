// What a server does where RFC 6455 leaves it a choice, declared in a small JSON file so the
// oracle expects exactly that: its message size limit, whether it checks UTF-8, which close codes
// it sends for each class of protocol error (or whether it may just drop the connection), and how
// it answers a client's close.
//
//   {"server": "ws 8.18.3 on Node 20", "max_message_size": 16777216, "utf8": true,
//    "error_close_codes": {"default": [1002], "invalid-utf8": [1007], "message-too-large": [1009]},
//    "closes_without_frame": [], "close_reply": "echo-code", "close_drops_pending_replies": false,
//    "refused_close_codes": [1014]}
// A close code list may hold "no-code": a close frame with an empty payload.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "maskcheck/reference_frame_decoder.h"
#include "wire/exchange/echo_comparison.h"

namespace maskcheck::wire {

struct ServerPolicy {
  std::string server = "a server declared as the RFC's defaults";
  std::uint64_t max_message_size = std::uint64_t{16} << 20;
  bool utf8 = true;
  // "close_reason_utf8": a server that takes text as bytes yet fails a close whose reason is not
  // UTF-8 (gorilla: the library checks close reasons, the application text).
  bool close_reason_utf8 = false;
  // "utf8_checked": "per-message", a server that finds invalid text only once its message ends;
  // by default, "per-frame", once the frame that makes it invalid is whole.
  bool utf8_at_message_end = false;
  std::vector<std::uint16_t> default_close_codes{1002};
  std::map<reference::ProtocolError, std::vector<std::uint16_t>> close_codes{
      {reference::ProtocolError::invalid_utf8, {1007}},
      {reference::ProtocolError::message_too_large, {1009}}};
  // The error classes after which the server may end the connection with no close frame.
  std::set<reference::ProtocolError> closes_without_frame;
  bool echoes_close_code = true;  // "close_reply": "echo-code", else "any"
  // "close_drops_pending_replies": the last echoes and pongs before a close or a protocol error
  // may be missing (the library closes before the application echoes what it read with the
  // close, or drops what it had queued); what does come back must still be the expected first
  // ones, exact.
  bool close_drops_pending_replies = false;
  // Close codes the RFC's registry allows but the server treats as invalid (gorilla: 1014): a
  // client's close with one is an invalid-close-code error there.
  std::set<std::uint16_t> refused_close_codes;

  // Invalid UTF-8 in a close frame's reason, where it gets codes of its own (error_close_codes'
  // "invalid-utf8-in-close-reason"; some servers say 1002 there and 1007 for text).
  std::optional<std::vector<std::uint16_t>> close_reason_utf8_codes;

  // The close codes the server may send for `error` (in a close frame's reason: `in_close`).
  const std::vector<std::uint16_t>& codes_for(reference::ProtocolError error,
                                              bool in_close = false) const;
  reference::DecodeLimits decode_limits() const;
};

// The policy in a JSON text, or a one-line reason it is not one.
std::variant<ServerPolicy, std::string> parse_policy(const std::string& text);
std::variant<ServerPolicy, std::string> load_policy(const std::string& path);

}  // namespace maskcheck::wire
