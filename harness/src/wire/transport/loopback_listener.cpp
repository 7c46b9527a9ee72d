#include "wire/transport/loopback_listener.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace maskcheck::wire {

std::variant<LoopbackListener, std::string> LoopbackListener::open() {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, IPPROTO_TCP);
  if (fd < 0) return std::string("socket(): ") + std::strerror(errno);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  if (bind(fd, reinterpret_cast<const sockaddr*>(&address), size) != 0 || listen(fd, 16) != 0 ||
      getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) != 0) {
    const std::string reason = std::string("cannot listen on 127.0.0.1: ") + std::strerror(errno);
    close(fd);
    return reason;
  }
  return LoopbackListener(fd, ntohs(address.sin_port));
}

LoopbackListener::LoopbackListener(LoopbackListener&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), port_(other.port_) {}

LoopbackListener::~LoopbackListener() {
  if (fd_ >= 0) close(fd_);
}

std::optional<TcpConnection> LoopbackListener::accept(Clock::time_point deadline) {
  for (;;) {
    const int fd = accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd >= 0) return TcpConnection::adopt(fd);
    if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR && errno != ECONNABORTED)
      return std::nullopt;
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return std::nullopt;
    pollfd entry{fd_, POLLIN, 0};
    poll(&entry, 1, static_cast<int>(std::min<long long>(left, 1000)));
  }
}

}  // namespace maskcheck::wire
