#include "wire/transport/piece_writer.h"

namespace maskcheck::wire {

std::vector<Piece> pieces_of(std::size_t size, std::span<const std::size_t> cuts) {
  std::vector<Piece> pieces;
  std::size_t begin = 0;
  for (std::size_t piece = 0; piece <= cuts.size(); ++piece) {
    const std::size_t end = piece < cuts.size() ? cuts[piece] : size;
    if (end == begin) continue;
    pieces.push_back({begin, end});
    begin = end;
  }
  return pieces;
}

Written write_pieces(TcpConnection& connection, ReadBarrier* barrier,
                     std::span<const std::uint8_t> stream, std::span<const std::size_t> cuts,
                     Clock::time_point deadline, std::uint64_t& writes, std::string_view peer) {
  const std::vector<Piece> pieces = pieces_of(stream.size(), cuts);
  for (std::size_t piece = 0; piece < pieces.size(); ++piece) {
    const auto [begin, end] = pieces[piece];
    Arrival sent = connection.send_all(stream.subspan(begin, end - begin), deadline);
    if (sent == Arrival::bytes && barrier) sent = barrier->wait(connection, deadline);
    ++writes;
    if (sent == Arrival::timed_out) {
      return {false, std::string(peer) + " stopped reading: write " + std::to_string(piece) +
                         " (stream bytes " + std::to_string(begin) + ".." + std::to_string(end) +
                         ") was not read in time"};
    }
    if (sent != Arrival::bytes) return {false, std::nullopt};  // it ended the connection
  }
  return {};
}

}  // namespace maskcheck::wire
