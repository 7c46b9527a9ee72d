// A server case as a replay outside maskcheck needs it: the offer its handshake makes, its bytes
// in the pieces maskcheck writes, and what the server owes for them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "wire/exchange/echo_comparison.h"
#include "wire/protocol/deflate_negotiation.h"
#include "wire/servers/server_session.h"

namespace maskcheck::wire {

struct ServerReplay {
  std::string offer;  // the Sec-WebSocket-Extensions value, or empty
  std::vector<std::vector<std::uint8_t>> pieces;
  WireExpectation expected;
};

// The replay of a case id against the target, on a connection that agreed `agreement` (a
// compressed case's bytes depend on it); or a one-line reason there is none (the agreement case
// is a handshake alone).
std::variant<ServerReplay, std::string> server_replay(
    std::string_view case_id, const ServerTarget& target,
    const std::optional<DeflateAgreement>& agreement);

}  // namespace maskcheck::wire
