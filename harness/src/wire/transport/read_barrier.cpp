#include "wire/transport/read_barrier.h"

#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/sock_diag.h>
#include <linux/tcp.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <thread>

namespace maskcheck::wire {

namespace {

// One address family's ends: the server's socket's source is our peer, its destination us.
template <typename Ip, auto kPort, auto kAddress>
void copy_ends(inet_diag_sockid& id, const sockaddr_storage& server,
               const sockaddr_storage& client) {
  const auto& from = reinterpret_cast<const Ip&>(server);
  const auto& to = reinterpret_cast<const Ip&>(client);
  id.idiag_sport = from.*kPort;
  id.idiag_dport = to.*kPort;
  std::memcpy(id.idiag_src, &(from.*kAddress), sizeof(from.*kAddress));
  std::memcpy(id.idiag_dst, &(to.*kAddress), sizeof(to.*kAddress));
}

inet_diag_sockid server_socket_id(const TcpConnection& connection) {
  inet_diag_sockid id{};
  if (connection.peer().ss_family == AF_INET) {
    copy_ends<sockaddr_in, &sockaddr_in::sin_port, &sockaddr_in::sin_addr>(id, connection.peer(),
                                                                           connection.local());
  } else {
    copy_ends<sockaddr_in6, &sockaddr_in6::sin6_port, &sockaddr_in6::sin6_addr>(
        id, connection.peer(), connection.local());
  }
  id.idiag_cookie[0] = INET_DIAG_NOCOOKIE;
  id.idiag_cookie[1] = INET_DIAG_NOCOOKIE;
  return id;
}

}  // namespace

ReadBarrier::ReadBarrier()
    : socket_(socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_SOCK_DIAG)) {
  if (socket_ < 0) problem_ = std::string("netlink socket: ") + std::strerror(errno);
}

ReadBarrier::~ReadBarrier() {
  if (socket_ >= 0) close(socket_);
}

std::optional<ServerSide> ReadBarrier::server_side(const TcpConnection& connection) {
  if (socket_ < 0) return std::nullopt;
  struct {
    nlmsghdr header;
    inet_diag_req_v2 request;
  } message{};
  message.header.nlmsg_len = sizeof message;
  message.header.nlmsg_type = SOCK_DIAG_BY_FAMILY;
  message.header.nlmsg_flags = NLM_F_REQUEST;
  message.request.sdiag_family = static_cast<std::uint8_t>(connection.peer().ss_family);
  message.request.sdiag_protocol = IPPROTO_TCP;
  message.request.idiag_states = ~0u;
  message.request.idiag_ext = 1 << (INET_DIAG_INFO - 1);
  message.request.id = server_socket_id(connection);
  sockaddr_nl kernel{};
  kernel.nl_family = AF_NETLINK;
  if (sendto(socket_, &message, sizeof message, 0, reinterpret_cast<const sockaddr*>(&kernel),
             sizeof kernel) < 0) {
    problem_ = std::string("netlink request: ") + std::strerror(errno);
    return std::nullopt;
  }
  alignas(nlmsghdr) char reply[4096];
  const ssize_t n = recv(socket_, reply, sizeof reply, 0);
  const auto* header = reinterpret_cast<const nlmsghdr*>(reply);
  if (n < static_cast<ssize_t>(sizeof(nlmsghdr)) || !NLMSG_OK(header, static_cast<unsigned>(n))) {
    problem_ = "netlink: no answer about the server's socket";
    return std::nullopt;
  }
  if (header->nlmsg_type == NLMSG_ERROR) {
    const auto* error = static_cast<const nlmsgerr*>(NLMSG_DATA(header));
    // The server closed the socket: nothing is left unread, and nothing more will be.
    if (error->error == -ENOENT) return ServerSide{connection.bytes_sent(), 0};
    problem_ = std::string("netlink: the kernel would not describe the server's socket: ") +
               std::strerror(-error->error);
    return std::nullopt;
  }
  const auto* socket = static_cast<const inet_diag_msg*>(NLMSG_DATA(header));
  ServerSide side{0, socket->idiag_rqueue};
  int left = static_cast<int>(header->nlmsg_len - NLMSG_LENGTH(sizeof *socket));
  for (auto* attribute = reinterpret_cast<const rtattr*>(socket + 1); RTA_OK(attribute, left);
       attribute = RTA_NEXT(attribute, left)) {
    constexpr std::size_t kNeeded = offsetof(tcp_info, tcpi_bytes_received) + sizeof(__u64);
    if (attribute->rta_type == INET_DIAG_INFO && RTA_PAYLOAD(attribute) >= kNeeded) {
      tcp_info info{};
      std::memcpy(&info, RTA_DATA(attribute),
                  std::min<std::size_t>(RTA_PAYLOAD(attribute), sizeof info));
      side.received = info.tcpi_bytes_received;
      return side;
    }
  }
  problem_ = "netlink: the kernel gave no TCP counters for the server's socket";
  return std::nullopt;
}

ReadConfirmation::Verdict ReadConfirmation::take(const ServerSide& answer, std::uint64_t sent) {
  if (received_before_ == sent && answer.unread == 0) return Verdict::read;
  received_before_ = answer.received;
  return answer.received == sent && answer.unread == 0 ? Verdict::ask_at_once : Verdict::ask_later;
}

Arrival ReadBarrier::wait(TcpConnection& connection, Clock::time_point deadline) {
  ReadConfirmation confirmation;
  for (;;) {
    const Arrival arrived = connection.receive_now();
    if (arrived == Arrival::closed || arrived == Arrival::reset) return arrived;
    const std::optional<ServerSide> server = server_side(connection);
    if (!server) return Arrival::reset;
    switch (confirmation.take(*server, connection.bytes_sent())) {
      case ReadConfirmation::Verdict::read: return Arrival::bytes;
      case ReadConfirmation::Verdict::ask_at_once: continue;
      case ReadConfirmation::Verdict::ask_later: break;
    }
    if (Clock::now() >= deadline) return Arrival::timed_out;
    std::this_thread::sleep_for(std::chrono::microseconds(20));
  }
}

}  // namespace maskcheck::wire
