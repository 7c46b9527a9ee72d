#include "wire/transport/piece_writer.h"

namespace maskcheck::wire {

Written write_pieces(TcpConnection& connection, ReadBarrier* barrier,
                     std::span<const std::uint8_t> stream, std::span<const std::size_t> cuts,
                     Clock::time_point deadline, std::uint64_t& writes, std::string_view peer) {
  std::size_t begin = 0;
  for (std::size_t piece = 0; piece <= cuts.size(); ++piece) {
    const std::size_t end = piece < cuts.size() ? cuts[piece] : stream.size();
    if (end == begin) continue;
    Arrival sent = connection.send_all(stream.subspan(begin, end - begin), deadline);
    if (sent == Arrival::bytes && barrier) sent = barrier->wait(connection, deadline);
    ++writes;
    if (sent == Arrival::timed_out) {
      return {false, std::string(peer) + " stopped reading: write " + std::to_string(piece) +
                         " (stream bytes " + std::to_string(begin) + ".." + std::to_string(end) +
                         ") was not read in time"};
    }
    if (sent != Arrival::bytes) return {false, std::nullopt};  // it ended the connection
    begin = end;
  }
  return {};
}

}  // namespace maskcheck::wire
