#include "wire/transport/tcp_connection.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace maskcheck::wire {

namespace {

int milliseconds_until(Clock::time_point deadline) {
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return left <= 0 ? 0 : static_cast<int>(std::min<long long>(left, 1000 * 60 * 60));
}

}  // namespace

std::variant<TcpConnection, std::string> TcpConnection::open(const LoopbackUrl& url,
                                                             Clock::time_point deadline) {
  sockaddr_storage address{};
  socklen_t size = 0;
  if (url.family == AF_INET) {
    auto& ip = reinterpret_cast<sockaddr_in&>(address);
    ip.sin_family = AF_INET;
    ip.sin_port = htons(url.port);
    inet_pton(AF_INET, url.address.c_str(), &ip.sin_addr);
    size = sizeof ip;
  } else {
    auto& ip = reinterpret_cast<sockaddr_in6&>(address);
    ip.sin6_family = AF_INET6;
    ip.sin6_port = htons(url.port);
    inet_pton(AF_INET6, url.address.c_str(), &ip.sin6_addr);
    size = sizeof ip;
  }
  const int fd = socket(url.family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, IPPROTO_TCP);
  if (fd < 0) return std::string("socket(): ") + std::strerror(errno);
  TcpConnection connection(fd);
  const int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  const std::string where = url.address + " port " + std::to_string(url.port);
  if (connect(fd, reinterpret_cast<const sockaddr*>(&address), size) != 0) {
    if (errno != EINPROGRESS) return "cannot connect to " + where + ": " + std::strerror(errno);
    if (connection.wait(POLLOUT, deadline) == Arrival::timed_out)
      return "cannot connect to " + where + ": no answer in time";
    int error = 0;
    socklen_t length = sizeof error;
    getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length);
    if (error != 0) return "cannot connect to " + where + ": " + std::strerror(error);
  }
  connection.learn_addresses();
  return connection;
}

TcpConnection TcpConnection::adopt(int fd) {
  TcpConnection connection(fd);
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  const int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  connection.learn_addresses();
  return connection;
}

TcpConnection::TcpConnection(int fd) : fd_(fd) {}

void TcpConnection::learn_addresses() {
  socklen_t length = sizeof local_;
  getsockname(fd_, reinterpret_cast<sockaddr*>(&local_), &length);
  length = sizeof peer_;
  getpeername(fd_, reinterpret_cast<sockaddr*>(&peer_), &length);
}

TcpConnection::TcpConnection(TcpConnection&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      bytes_sent_(other.bytes_sent_),
      inbox_(std::move(other.inbox_)),
      local_(other.local_),
      peer_(other.peer_) {}

TcpConnection& TcpConnection::operator=(TcpConnection&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) close(fd_);
    fd_ = std::exchange(other.fd_, -1);
    bytes_sent_ = other.bytes_sent_;
    inbox_ = std::move(other.inbox_);
    local_ = other.local_;
    peer_ = other.peer_;
  }
  return *this;
}

TcpConnection::~TcpConnection() {
  if (fd_ >= 0) close(fd_);
}

Arrival TcpConnection::wait(short events, Clock::time_point deadline) {
  pollfd entry{fd_, events, 0};
  for (;;) {
    const int ready = poll(&entry, 1, milliseconds_until(deadline));
    if (ready > 0) return Arrival::bytes;
    if (ready == 0) return Arrival::timed_out;
    if (errno != EINTR) return Arrival::reset;
  }
}

Arrival TcpConnection::receive_now() {
  constexpr std::size_t kChunk = 1 << 16;
  bool got = false;
  for (;;) {
    const std::size_t had = inbox_.size();
    inbox_.resize(had + kChunk);
    const ssize_t n = recv(fd_, inbox_.data() + had, kChunk, 0);
    inbox_.resize(had + (n > 0 ? static_cast<std::size_t>(n) : 0));
    if (n > 0) {
      got = true;
      continue;
    }
    if (n == 0) return got ? Arrival::bytes : Arrival::closed;
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) return got ? Arrival::bytes : Arrival::timed_out;
    return got ? Arrival::bytes : Arrival::reset;
  }
}

Arrival TcpConnection::receive(Clock::time_point deadline) {
  for (;;) {
    const Arrival now = receive_now();
    if (now != Arrival::timed_out) return now;
    const Arrival waited = wait(POLLIN, deadline);
    if (waited != Arrival::bytes) return waited;
  }
}

Arrival TcpConnection::send_all(std::span<const std::uint8_t> bytes, Clock::time_point deadline) {
  while (!bytes.empty()) {
    const ssize_t n = send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n > 0) {
      bytes = bytes.subspan(static_cast<std::size_t>(n));
      bytes_sent_ += static_cast<std::uint64_t>(n);
      continue;
    }
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK) return Arrival::reset;
    // Full: take what the server sent meanwhile, so it can go on reading.
    pollfd entry{fd_, POLLOUT | POLLIN, 0};
    const int ready = poll(&entry, 1, milliseconds_until(deadline));
    if (ready == 0) return Arrival::timed_out;
    if (ready > 0 && (entry.revents & POLLIN) != 0 && receive_now() == Arrival::reset)
      return Arrival::reset;
  }
  return Arrival::bytes;
}

void TcpConnection::shutdown_write() {
  shutdown(fd_, SHUT_WR);
}

}  // namespace maskcheck::wire
