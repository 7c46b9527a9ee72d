#include "echo_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "upgrade_request.h"

namespace maskcheck::servers {

namespace {

constexpr std::size_t kReceiveBuffer = 512 * 1024;

// RFC 6455 opcodes and the close codes this server sends.
constexpr std::uint8_t kText = 1;
constexpr std::uint8_t kBinary = 2;
constexpr std::uint8_t kClose = 8;
constexpr std::uint8_t kPing = 9;
constexpr std::uint8_t kPong = 10;

std::uint16_t close_code_for(maskcheck_frame_error error) {
  switch (error) {
    case MASKCHECK_ERROR_INVALID_UTF8: return 1007;
    case MASKCHECK_ERROR_MESSAGE_TOO_LARGE: return 1009;
    default: return 1002;
  }
}

class Connection {
 public:
  Connection(int fd, const EchoServerOptions& options)
      : fd_(fd),
        options_(options),
        buffer_(options.parser->buffer.read_before + kReceiveBuffer +
                options.parser->buffer.read_after) {}
  ~Connection() {
    if (parser_) options_.parser->destroy(parser_);
    close(fd_);
  }

  // Reads what has arrived and answers it; false once the connection is over.
  bool on_readable() {
    const std::size_t before = options_.parser->buffer.read_before;
    for (;;) {
      std::uint8_t* data = buffer_.data() + before;
      const ssize_t n = recv(fd_, data, kReceiveBuffer, 0);
      if (n == 0) return false;
      if (n < 0) return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
      if (!parser_) {
        if (!upgrade(data, static_cast<std::size_t>(n))) return false;
      } else if (!closing_) {
        options_.parser->consume(parser_, data, static_cast<std::size_t>(n));
      }
      if (!flush()) return false;
      if (closing_ && outbox_.empty()) return false;
    }
  }
  // Sends what is queued; false if the connection failed.
  bool flush() {
    while (sent_ < outbox_.size()) {
      const ssize_t n = send(fd_, outbox_.data() + sent_, outbox_.size() - sent_, MSG_NOSIGNAL);
      if (n < 0) return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
      sent_ += static_cast<std::size_t>(n);
    }
    outbox_.clear();
    sent_ = 0;
    return true;
  }
  bool wants_to_write() const { return sent_ < outbox_.size(); }
  bool finished() const { return closing_ && !wants_to_write(); }

 private:
  bool upgrade(const std::uint8_t* data, std::size_t n) {
    request_.append(reinterpret_cast<const char*>(data), n);
    const UpgradeRequest parsed = parse_upgrade_request(request_);
    if (parsed.incomplete) return true;
    if (!parsed.error.empty()) {
      queue("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n");
      closing_ = true;
      return true;
    }
    queue(upgrade_response(parsed.key));
    events_ = {this, on_data, on_message, on_control, on_error};
    maskcheck_parser_kernel view{};
    if (options_.kernel) view = parser_kernel_view(*options_.kernel);
    kernel_view_ = view;
    const maskcheck_parser_options parser_options{options_.max_message_size, options_.variant};
    parser_ = options_.parser->create(options_.kernel ? &kernel_view_ : nullptr, &parser_options,
                                      &events_);
    if (!parser_) return false;
    // Frames that came with the request: into the buffer, so the padding contract still holds.
    if (parsed.consumed < request_.size()) {
      const std::size_t rest = request_.size() - parsed.consumed;
      std::uint8_t* at = buffer_.data() + options_.parser->buffer.read_before;
      std::memcpy(at, request_.data() + parsed.consumed, rest);
      options_.parser->consume(parser_, at, rest);
    }
    request_.clear();
    return true;
  }

  void queue(const std::string& text) { outbox_.insert(outbox_.end(), text.begin(), text.end()); }
  void send_frame(std::uint8_t opcode, const std::uint8_t* payload, std::size_t n) {
    outbox_.push_back(static_cast<std::uint8_t>(0x80 | opcode));
    if (n < 126) {
      outbox_.push_back(static_cast<std::uint8_t>(n));
    } else if (n <= 0xffff) {
      outbox_.insert(outbox_.end(),
                     {126, static_cast<std::uint8_t>(n >> 8), static_cast<std::uint8_t>(n)});
    } else {
      outbox_.push_back(127);
      for (int shift = 56; shift >= 0; shift -= 8)
        outbox_.push_back(static_cast<std::uint8_t>(static_cast<std::uint64_t>(n) >> shift));
    }
    outbox_.insert(outbox_.end(), payload, payload + n);
  }
  void close_with(std::uint16_t code) {
    const std::uint8_t payload[2] = {static_cast<std::uint8_t>(code >> 8),
                                     static_cast<std::uint8_t>(code)};
    send_frame(kClose, payload, sizeof payload);
    closing_ = true;
  }

  static Connection& of(void* context) { return *static_cast<Connection*>(context); }
  static void on_data(void* context, std::uint8_t opcode, int fin, const std::uint8_t* payload,
                      std::size_t n, std::uint64_t remaining) {
    Connection& self = of(context);
    if (self.closing_) return;  // the parser reads on past a close in the same read
    if (opcode != 0 && self.message_.empty()) self.message_opcode_ = opcode;
    if (self.options_.counting && self.message_opcode_ == kBinary) return;  // unmasked, not kept
    self.message_.insert(self.message_.end(), payload, payload + n);
    if (fin && remaining == 0) {
      self.send_frame(self.message_opcode_, self.message_.data(), self.message_.size());
      self.message_.clear();
    }
  }
  static void on_message(void* context, std::uint8_t opcode, const std::uint8_t* payload,
                         std::size_t n) {
    const Connection& self = of(context);
    if (self.closing_ || (self.options_.counting && opcode == kBinary)) return;
    of(context).send_frame(opcode, payload, n);
  }
  static void on_control(void* context, std::uint8_t opcode, const std::uint8_t* payload,
                         std::size_t n) {
    Connection& self = of(context);
    if (self.closing_) return;
    if (opcode == kPing) self.send_frame(kPong, payload, n);
    if (opcode == kClose) {
      self.send_frame(kClose, payload, n >= 2 ? 2 : 0);  // its code back, without the reason
      self.closing_ = true;
    }
  }
  static void on_error(void* context, maskcheck_frame_error error) {
    Connection& self = of(context);
    if (!self.closing_) self.close_with(close_code_for(error));
  }

  int fd_;
  const EchoServerOptions& options_;
  std::vector<std::uint8_t> buffer_;
  std::string request_;
  void* parser_ = nullptr;
  maskcheck_parser_events events_{};
  maskcheck_parser_kernel kernel_view_{};
  std::uint8_t message_opcode_ = kText;
  std::vector<std::uint8_t> message_;
  std::vector<std::uint8_t> outbox_;
  std::size_t sent_ = 0;
  bool closing_ = false;
};

}  // namespace

int run_echo_server(const EchoServerOptions& options) {
  const int listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  if (listener < 0 || bind(listener, reinterpret_cast<sockaddr*>(&address), size) != 0 ||
      listen(listener, 128) != 0 ||
      getsockname(listener, reinterpret_cast<sockaddr*>(&address), &size) != 0) {
    std::fprintf(stderr, "echo server: cannot listen: %s\n", std::strerror(errno));
    return 1;
  }
  const int poller = epoll_create1(EPOLL_CLOEXEC);
  epoll_event listening{EPOLLIN, {.fd = listener}};
  epoll_ctl(poller, EPOLL_CTL_ADD, listener, &listening);
  std::printf("listening %u\n", ntohs(address.sin_port));
  std::fflush(stdout);

  std::unordered_map<int, std::unique_ptr<Connection>> connections;
  epoll_event ready[64];
  for (;;) {
    const int count = epoll_wait(poller, ready, 64, -1);
    for (int i = 0; i < count; ++i) {
      const int fd = ready[i].data.fd;
      if (fd == listener) {
        const int accepted = accept4(listener, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (accepted < 0) continue;
        const int one = 1;
        setsockopt(accepted, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        epoll_event watch{EPOLLIN, {.fd = accepted}};
        epoll_ctl(poller, EPOLL_CTL_ADD, accepted, &watch);
        connections.emplace(accepted, std::make_unique<Connection>(accepted, options));
        continue;
      }
      Connection& connection = *connections.at(fd);
      bool alive = true;
      if (ready[i].events & (EPOLLIN | EPOLLERR | EPOLLHUP)) alive = connection.on_readable();
      if (alive && (ready[i].events & EPOLLOUT)) alive = connection.flush();
      if (!alive || connection.finished()) {
        epoll_ctl(poller, EPOLL_CTL_DEL, fd, nullptr);
        connections.erase(fd);  // closes it
        continue;
      }
      epoll_event watch{EPOLLIN | (connection.wants_to_write() ? EPOLLOUT : 0u), {.fd = fd}};
      epoll_ctl(poller, EPOLL_CTL_MOD, fd, &watch);
    }
  }
}

}  // namespace maskcheck::servers
