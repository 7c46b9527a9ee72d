// A non-blocking loopback TCP connection with TCP_NODELAY, so every write goes out as its own
// segment at once: to a server under test, or accepted from a client under test. Writing never
// waits for the peer to read: whatever arrives meanwhile is kept in the inbox, or a peer blocked on
// sending an echo and maskcheck blocked on sending the rest of a frame would wait for each other
// forever.
#pragma once

#include <netinet/in.h>
#include <sys/socket.h>

#include <chrono>
#include <cstdint>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "wire/transport/loopback_url.h"

namespace maskcheck::wire {

using Clock = std::chrono::steady_clock;

// How a wait on the connection ended.
enum class Arrival {
  bytes,     // something arrived
  closed,    // the server ended the connection (FIN)
  reset,     // the server reset it (RST), or it failed otherwise
  timed_out  // nothing before the deadline
};

class TcpConnection {
 public:
  // Connected, or a one-line reason it is not.
  static std::variant<TcpConnection, std::string> open(const LoopbackUrl& url,
                                                       Clock::time_point deadline);
  // A connection accept() gave (a client under test's), made non-blocking with TCP_NODELAY.
  static TcpConnection adopt(int fd);
  TcpConnection(TcpConnection&& other) noexcept;
  TcpConnection& operator=(TcpConnection&& other) noexcept;
  TcpConnection(const TcpConnection&) = delete;
  TcpConnection& operator=(const TcpConnection&) = delete;
  ~TcpConnection();

  // Writes all of `bytes` unless the connection ends or the deadline passes first.
  Arrival send_all(std::span<const std::uint8_t> bytes, Clock::time_point deadline);
  // Reads what has arrived, waiting until something does or the deadline passes.
  Arrival receive(Clock::time_point deadline);
  // Reads what has arrived without waiting: Arrival::timed_out when nothing had.
  Arrival receive_now();
  // Sends FIN: the server sees the end of the stream.
  void shutdown_write();
  // Bytes written since the connection opened.
  std::uint64_t bytes_sent() const { return bytes_sent_; }

  std::vector<std::uint8_t>& inbox() { return inbox_; }
  const sockaddr_storage& local() const { return local_; }
  const sockaddr_storage& peer() const { return peer_; }
  int fd() const { return fd_; }

 private:
  explicit TcpConnection(int fd);
  void learn_addresses();
  Arrival wait(short events, Clock::time_point deadline);

  int fd_ = -1;
  std::uint64_t bytes_sent_ = 0;
  std::vector<std::uint8_t> inbox_;
  sockaddr_storage local_{};
  sockaddr_storage peer_{};
};

}  // namespace maskcheck::wire
