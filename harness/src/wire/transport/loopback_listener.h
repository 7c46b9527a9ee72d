// Where a client under test connects: a listening socket on 127.0.0.1, on a port the system
// picks, that hands over each connection as a TcpConnection.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "wire/transport/tcp_connection.h"

namespace maskcheck::wire {

class LoopbackListener {
 public:
  // Listening, or a one-line reason it is not.
  static std::variant<LoopbackListener, std::string> open();
  LoopbackListener(LoopbackListener&& other) noexcept;
  LoopbackListener& operator=(LoopbackListener&&) = delete;
  LoopbackListener(const LoopbackListener&) = delete;
  LoopbackListener& operator=(const LoopbackListener&) = delete;
  ~LoopbackListener();

  std::uint16_t port() const { return port_; }
  // The next connection, or nothing if none came before the deadline.
  std::optional<TcpConnection> accept(Clock::time_point deadline);

 private:
  LoopbackListener(int fd, std::uint16_t port) : fd_(fd), port_(port) {}

  int fd_ = -1;
  std::uint16_t port_ = 0;
};

}  // namespace maskcheck::wire
