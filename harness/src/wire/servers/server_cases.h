// The cases maskcheck sends a live server: a frame under test and a short frame after it, cut into
// three writes that the server reads one by one (for header sizes 6, 8 and 14, at every pair of
// cuts over the header, over payload offsets of every remainder modulo 4 and both sides of 16, 32,
// 64 and 128 bytes, and over the end of the frame and the next header); and the named streams,
// each written in its own reads. Ids are the parser checks' own, with the subject "wire" and the
// variant "server": "wire:split:h8:n127:k37fa213d:server:c3,40", "wire:stream:NAME:server"; and
// fuzzed cases, "wire:fuzz:s1:i1234"; on a permessage-deflate connection, the compressed cases
// (compressed_cases.h), "wire:deflate:m300:f3:k37fa213d:server:c3,40".
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "streams/split_space.h"
#include "streams/stream_catalogue.h"
#include "wire/protocol/message_deflate.h"
#include "wire/servers/compressed_cases.h"

namespace maskcheck::wire {

// A fuzzed case: the `index`-th stream `seed` makes (server_fuzz.h), the same every time.
struct FuzzedCase {
  std::uint64_t seed = 0;
  std::uint64_t index = 0;
};

struct ServerCase {
  // The permessage-deflate agreement: a handshake whose answer must keep RFC 7692's rules,
  // "wire:deflate:agreement:server", the first case of a compressed run; or else:
  bool agreement = false;
  const NamedStream* stream = nullptr;       // a named stream, or else:
  std::optional<FuzzedCase> fuzzed;          // a fuzzed one, or else:
  std::optional<CompressedCase> compressed;  // a compressed one, or else the split
  SplitCase split;
};

struct ServerPlan {
  std::vector<unsigned> header_sizes{6, 8, 14};
  bool streams = true;
  // Named streams and compressed messages longer than this are left out (the 16 and 64 MiB frames
  // take seconds each).
  std::uint64_t longest_stream = std::uint64_t{1} << 30;
  // On a permessage-deflate connection, maskcheck's agreed side: the compressed cases run, the
  // named streams do not (they read RSV1 as a protocol error, which deflate makes a message).
  std::optional<DeflateParameters> compressing;
  // Only the cases of this section (wire/requirements/requirement.h: "5.5", "7692:7.2"); empty:
  // all.
  std::string section;
};

// Visits the plan's cases in a fixed order until `visit` returns false.
bool for_each_server_case(const ServerPlan& plan,
                          const std::function<bool(const ServerCase&)>& visit);
std::uint64_t server_case_bytes(const ServerCase& c);

std::string server_case_id(const ServerCase& c);
// The case an id names, or a one-line reason it names none.
std::variant<ServerCase, std::string> parse_server_case_id(std::string_view id);

// The case's bytes (a split's or a fuzzed case's stream is built into `scratch`) and the offsets
// where writes end.
struct WireBytes {
  std::span<const std::uint8_t> stream;
  std::vector<std::size_t> cuts;
  // A compressed case's: the messages the server must echo (the reference decoder takes RSV1 for
  // an error, so it cannot say).
  std::optional<std::vector<WireEvent>> messages;
};
// `compressing`: maskcheck's agreed side of a permessage-deflate connection, which a compressed
// case needs.
WireBytes wire_bytes(const ServerCase& c, std::vector<std::uint8_t>& scratch,
                     const DeflateParameters* compressing = nullptr);

}  // namespace maskcheck::wire
