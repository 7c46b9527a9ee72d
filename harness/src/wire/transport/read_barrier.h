// Makes each piece of a split its own read on the server: after a write, waits until the server's
// socket has received every byte written so far and has none of them left unread (its counters,
// asked of the kernel over NETLINK_SOCK_DIAG by the connection's addresses). The server's read has
// then taken the whole piece, whatever its threads do, and has let go of the socket (the kernel
// locks the socket to answer), so the next piece arrives apart. One question costs a few
// microseconds and two system calls; no server cooperation is needed.
// (Waiting for this side's bytes to be acknowledged instead costs up to the server's delayed ACK,
// 40 ms, per piece.)
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "wire/transport/tcp_connection.h"

namespace maskcheck::wire {

// What the kernel says of the server's socket.
struct ServerSide {
  std::uint64_t received = 0;  // bytes its socket has received in all
  std::uint32_t unread = 0;    // of those, bytes no read has taken yet
};

// Whether the server has read every byte written so far, from the kernel's answers in turn. The
// kernel takes the unread count before it locks the socket for the byte counters, so one answer can
// pair an unread count from before a piece arrived with that piece counted as received (under load
// a piece then merged with the next): an unread count is trusted only from an answer that follows
// one in which every byte had arrived.
class ReadConfirmation {
 public:
  enum class Verdict { read, ask_at_once, ask_later };
  Verdict take(const ServerSide& answer, std::uint64_t sent);

 private:
  std::uint64_t received_before_ = 0;
};

class ReadBarrier {
 public:
  ReadBarrier();
  ~ReadBarrier();
  ReadBarrier(const ReadBarrier&) = delete;
  ReadBarrier& operator=(const ReadBarrier&) = delete;

  // The server's socket on `connection`, or nothing if the kernel would not say.
  std::optional<ServerSide> server_side(const TcpConnection& connection);
  // Waits until the server has read everything written so far, taking in whatever it sends
  // meanwhile. Arrival::bytes once it has; closed or reset if the connection ended; timed_out.
  Arrival wait(TcpConnection& connection, Clock::time_point deadline);
  // Why server_side() had no answer, for a one-line error.
  const std::string& problem() const { return problem_; }

 private:
  int socket_ = -1;
  std::string problem_;
};

}  // namespace maskcheck::wire
