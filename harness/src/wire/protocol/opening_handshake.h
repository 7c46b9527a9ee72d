// The opening handshake (RFC 6455 section 4), both sides. As a client: a GET with Upgrade and a
// random Sec-WebSocket-Key, and the server's answer checked: status 101, "Upgrade: websocket",
// "Connection: Upgrade", and Sec-WebSocket-Accept equal to base64(SHA-1(key + the RFC's GUID)). As
// a server: a client's GET checked the same way, and answered 101. As a client it may offer
// extensions (permessage-deflate); as a server it accepts permessage-deflate when asked to. SHA-1,
// base64 and the random key come from libcrypto; HTTP is read by Beast's parser.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "wire/protocol/deflate_negotiation.h"
#include "wire/transport/loopback_url.h"
#include "wire/transport/tcp_connection.h"

namespace maskcheck::wire {

// The request's key: 16 random bytes in base64.
std::string random_key();
// base64(SHA-1(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11")), what the server must answer.
std::string accept_for(const std::string& key);

// A client's Sec-WebSocket-Key decoded: the 16-byte nonce its handshake sends in the clear.
using Nonce = std::array<std::uint8_t, 16>;

// Runs the handshake on a fresh connection, offering `extensions` (Sec-WebSocket-Extensions) if
// not empty; the server's answer to them goes into `*answered`, the nonce sent into `*sent`.
// Empty on success (bytes the server sent after its answer stay in the connection's inbox), else
// one line saying what went wrong.
std::string open_websocket(TcpConnection& connection, const LoopbackUrl& url,
                           Clock::time_point deadline, const std::string& extensions = {},
                           std::string* answered = nullptr, Nonce* sent = nullptr);
// The nonce a key holds, if it is 16 bytes in base64.
std::optional<Nonce> nonce_of(const std::string& key);

// Reads a client's opening request on a fresh connection and answers 101; the request's nonce
// goes into `*nonce`. With `deflate`, the client must offer permessage-deflate, and the first
// offer that can be taken is accepted, its agreement in `*deflate`. Empty on success (frames the
// client sent after its request stay in the inbox), else one line saying what went wrong.
std::string accept_websocket(TcpConnection& connection, Clock::time_point deadline, Nonce& nonce,
                             std::optional<DeflateAgreement>* deflate = nullptr);

}  // namespace maskcheck::wire
