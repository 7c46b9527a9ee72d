// permessage-deflate's negotiation (RFC 7692 sections 5 and 7.1). The client's side: the offer
// maskcheck sends in Sec-WebSocket-Extensions, and the server's answer checked against it (one
// permessage-deflate, known parameters each at most once, window bits 8..15 and no larger than
// offered, client_max_window_bits only if offered), which gives each direction's parameters. The
// server's side: a client's offers, the first that can be taken answered as offered.
#pragma once

#include <optional>
#include <string>
#include <variant>

#include "wire/protocol/frame_reader.h"
#include "wire/protocol/message_deflate.h"

namespace maskcheck::wire {

struct DeflateOffer {
  bool server_no_context_takeover = false;
  bool client_no_context_takeover = false;
  std::optional<unsigned> server_max_window_bits;
  // Offered with no value: the client accepts whatever window the server asks it to use.
  bool client_max_window_bits = true;
  std::optional<unsigned> client_max_window_bits_value;

  // "permessage-deflate; client_max_window_bits", as the header's value.
  std::string header() const;
};

// What both sides agreed: the client's messages (maskcheck's) and the server's.
struct DeflateAgreement {
  DeflateParameters client;
  DeflateParameters server;
};

// "maskcheck's messages: 15-bit window, context takeover; the server's: 12-bit window, no context
// takeover", for maskcheck as the client (`maskcheck`), or as the server, the client's first.
std::string describe(const DeflateAgreement& agreement, Sender maskcheck = Sender::client);

// An offer written as its header value ("permessage-deflate; server_no_context_takeover"), or one
// line saying why it is not one.
std::variant<DeflateOffer, std::string> parse_offer(const std::string& text);

// The server's side, when maskcheck serves a client: the first of the client's offers
// (Sec-WebSocket-Extensions) that can be taken, the answer to send, and what it agrees; or one
// line saying why none can be.
struct DeflateAcceptance {
  DeflateOffer offer;
  std::string header;
  DeflateAgreement agreed;
};
std::variant<DeflateAcceptance, std::string> accept_offer(const std::string& offers);

// The server's Sec-WebSocket-Extensions (empty: it declined) read against the offer: the
// agreement, or one line saying what is wrong with the answer.
std::variant<DeflateAgreement, std::string> read_answer(const DeflateOffer& offer,
                                                        const std::string& answer);

}  // namespace maskcheck::wire
