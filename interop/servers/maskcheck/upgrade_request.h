// The server's side of the opening handshake: a client's upgrade request read by Beast's parser,
// and the 101 answer with Sec-WebSocket-Accept (from the wire room's accept_for, libcrypto).
#pragma once

#include <cstddef>
#include <string>

namespace maskcheck::servers {

struct UpgradeRequest {
  bool incomplete = false;   // the request's header has not all arrived
  std::string error;         // not a WebSocket upgrade: why
  std::string key;           // Sec-WebSocket-Key
  std::size_t consumed = 0;  // the request's bytes; what follows are frames
};

UpgradeRequest parse_upgrade_request(const std::string& received);
std::string upgrade_response(const std::string& key);

}  // namespace maskcheck::servers
