#include "wire/servers/server_replay.h"

#include "wire/transport/piece_writer.h"

namespace maskcheck::wire {

std::variant<ServerReplay, std::string> server_replay(
    std::string_view case_id, const ServerTarget& target,
    const std::optional<DeflateAgreement>& agreement) {
  auto parsed = parse_server_case_id(case_id);
  if (auto* reason = std::get_if<std::string>(&parsed)) return *reason;
  const ServerCase& c = std::get<ServerCase>(parsed);
  if (c.agreement) return std::string("the agreement case is the handshake alone: no frames");
  if (c.compressed && !agreement)
    return std::string("a compressed case replays on a permessage-deflate connection");
  std::vector<std::uint8_t> scratch;
  const WireBytes bytes = wire_bytes(c, scratch, agreement ? &agreement->client : nullptr);
  DecodedStreams streams(target.policy);
  ServerReplay replay;
  if (target.deflate) replay.offer = target.deflate->header();
  replay.expected = expected_replies(c, bytes, streams, target.policy);
  for (const auto [begin, end] : pieces_of(bytes.stream.size(), bytes.cuts)) {
    const std::span<const std::uint8_t> piece = bytes.stream.subspan(begin, end - begin);
    replay.pieces.emplace_back(piece.begin(), piece.end());
  }
  return replay;
}

}  // namespace maskcheck::wire
