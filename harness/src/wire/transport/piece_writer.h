// Writes a case's bytes in pieces, each its own read on the peer: after each write the read barrier
// waits until the peer has read every byte so far, taking in whatever it sends meanwhile.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "wire/transport/read_barrier.h"
#include "wire/transport/tcp_connection.h"

namespace maskcheck::wire {

struct Written {
  bool all = true;                     // false: the peer ended the connection before every byte
  std::optional<std::string> stalled;  // the peer stopped reading: which write, in a line
};

// Where each piece of a stream of `size` bytes cut at `cuts` begins and ends; a cut that repeats
// the one before it makes no piece.
struct Piece {
  std::size_t begin = 0;
  std::size_t end = 0;
};
std::vector<Piece> pieces_of(std::size_t size, std::span<const std::size_t> cuts);

// `barrier` null: the pieces are written one after another without waiting. Counts each write.
Written write_pieces(TcpConnection& connection, ReadBarrier* barrier,
                     std::span<const std::uint8_t> stream, std::span<const std::size_t> cuts,
                     Clock::time_point deadline, std::uint64_t& writes, std::string_view peer);

}  // namespace maskcheck::wire
