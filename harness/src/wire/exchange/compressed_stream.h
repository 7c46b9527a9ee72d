// The compressed cases of a permessage-deflate connection, either way: a text message of `length`
// bytes compressed and sent in one frame or three (RSV1 on the first, the compressed bytes cut
// between them), then a second message repeating the first one's start (with context takeover, a
// back-reference into it), the whole cut into three writes, each its own read on the peer, at every
// pair of the split cases' cut points over the first frame (frame_cuts.h). The peer must echo both
// messages; its echoes, compressed or not, are inflated and compared byte for byte.
// Ids: a server's in servers/compressed_cases.h, a client's in clients/client_cases.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "maskcheck/unmask_functions.h"
#include "wire/protocol/frame_reader.h"
#include "wire/protocol/message_deflate.h"

namespace maskcheck::wire {

struct CompressedCase {
  std::size_t length = 0;  // the first message's, before compression
  unsigned fragments = 1;  // 1 or 3
  Key key{};
  std::size_t first_cut = 0;
  std::size_t second_cut = 0;
};

struct CompressedStream {
  std::vector<std::uint8_t> bytes;
  std::vector<WireEvent> messages;  // what the server must echo
  std::size_t first_header = 0;     // the first frame's header and payload sizes
  std::size_t first_payload = 0;
};

// Both messages compressed as `sender` (what the peer agreed maskcheck's messages may be), in
// frames as `from` sends them: a client's masked with the case's key, a server's unmasked.
CompressedStream compressed_stream(const CompressedCase& c, const DeflateParameters& sender,
                                   Sender from = Sender::client);

// Visits the cases of messages up to `longest` bytes in a fixed order until `visit` returns false;
// the cuts are over the frames `from` sends.
bool for_each_compressed_case(const DeflateParameters& sender, std::uint64_t longest, Sender from,
                              const std::function<bool(const CompressedCase&)>& visit);

}  // namespace maskcheck::wire
