// The cases maskcheck, as the server, sends a client under test, which echoes every message:
// - every length 0..300 as a binary and as a text message (text of every UTF-8 length class, each
//   at every offset modulo 4), in one write: "wire:client:text:n37";
// - a binary message with a short one after it, cut into three writes that the client reads one by
//   one, for header sizes 2, 4 and 10 (7-, 16- and 64-bit lengths) at every pair of the cut points
//   the server checks use (frame_cuts.h): "wire:client:split:h4:n127:c3,40";
// - a text message in two fragments with a ping between them, each frame its own read: the client
//   answers the ping inside the message: "wire:client:ping-between-fragments:n17";
// - a binary message of 4097 bytes, 70001 or 1 MiB + 1, and a ping sent once its echo has begun:
//   the pong may come inside the echo (between its fragments) or after it, but it must come:
//   "wire:client:ping-inside-echo:n70001";
// - fuzzed message sequences (fuzzed_sequence.h): "wire:client:fuzz:s1:i42";
// - 32 messages to the client started twice: no mask key may come again on one connection, nor
//   a key of the first process in the second: "wire:client:fresh-keys";
// - on a permessage-deflate connection, the compressed cases (compressed_cases.h) in frames as a
//   server sends them: "wire:client:deflate:m300:f3:c3,40".
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "wire/exchange/echo_comparison.h"
#include "wire/protocol/message_deflate.h"

namespace maskcheck::wire {

enum class ClientCaseKind {
  whole,
  split,
  ping_between_fragments,
  ping_inside_echo,
  fuzzed,
  fresh_keys,
  compressed
};

struct ClientCase {
  ClientCaseKind kind = ClientCaseKind::whole;
  bool text = false;         // whole: a text message, else binary
  unsigned header_size = 2;  // split: 2, 4 or 10
  std::size_t length = 0;    // payload bytes of the message under test
  std::size_t first_cut =
      0;  // split: writes are [0, first_cut), [first_cut, second_cut), [second_cut, end)
  std::size_t second_cut = 0;
  unsigned fragments = 1;  // compressed: the first message in 1 or 3 frames
  std::uint64_t seed = 0;  // fuzzed: the seed's index-th sequence
  std::uint64_t index = 0;

  bool operator==(const ClientCase&) const = default;
};

struct ClientPlan {
  bool whole = true;
  std::vector<unsigned> header_sizes{2, 4, 10};
  bool fragments = true;
  bool fresh_keys = true;
  std::uint64_t fuzzed_sequences = 256;
  std::uint64_t seed = 1;
  // On a permessage-deflate connection, maskcheck's agreed side: the compressed cases of messages
  // up to `longest_compressed` bytes run after the splits.
  std::optional<DeflateParameters> compressing;
  std::uint64_t longest_compressed = std::uint64_t{1} << 30;
  // Only the cases of this section (wire/requirements/requirement.h: "5.5", "7692:7.2"); empty:
  // all.
  std::string section;
};

// Visits the plan's cases in a fixed order until `visit` returns false.
bool for_each_client_case(const ClientPlan& plan,
                          const std::function<bool(const ClientCase&)>& visit);
std::uint64_t client_case_bytes(const ClientCase& c);

std::string client_case_id(const ClientCase& c);
// The case an id names, or a one-line reason it names none.
std::variant<ClientCase, std::string> parse_client_case_id(std::string_view id);

// What maskcheck writes for a case (the offsets where writes end), what it writes once the client's
// echo has begun, and what the client must send back for it (pongs in order among themselves, as
// the comparison takes them: echo_comparison.h).
struct ClientExchange {
  std::vector<std::uint8_t> stream;
  std::vector<std::size_t> cuts;
  std::vector<std::uint8_t> once_echoing;
  WireExpectation expected;
};
// (The fresh-keys case is a run of whole messages on each of two clients: client_session.h.) A
// compressed case needs `compressing`, maskcheck's agreed side.
ClientExchange client_exchange(const ClientCase& c, const DeflateParameters* compressing = nullptr);

// A message's payload: valid UTF-8 of exactly `length` bytes, or bytes of every value.
std::vector<std::uint8_t> message_payload(bool text, std::size_t length);

}  // namespace maskcheck::wire
