#include "echo_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
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
      if (n == 0) return !lingering_ && end_of_stream();
      if (n < 0) return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
      if (!parser_) {
        if (!upgrade(data, static_cast<std::size_t>(n))) return false;
      } else if (!closing_) {
        options_.parser->consume(parser_, data, static_cast<std::size_t>(n));
      }
      if (!flush()) return false;
      if (closing_ && outbox_.empty()) return linger();
    }
  }
  // Sends what is queued; false if the connection failed.
  bool flush() {
    if (holding()) return true;
    while (sent_ < outbox_.size()) {
      const ssize_t n = send(fd_, outbox_.data() + sent_, outbox_.size() - sent_, MSG_NOSIGNAL);
      if (n < 0) return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
      sent_ += static_cast<std::size_t>(n);
    }
    outbox_.clear();
    sent_ = 0;
    return true;
  }
  bool wants_to_write() const { return sent_ < outbox_.size() && !holding(); }
  bool wants_to_read() const { return !ended_; }
  bool finished() const { return closing_ && !wants_to_write(); }
  // Once finished, the connection ends only after the client's stream does: closing a socket
  // with the client's bytes still arriving resets it, and a reset throws away the replies the
  // kernel has not sent yet (the echo before a close, when the client reads slowly). Writing is
  // shut down and what comes is read and dropped. False: nothing more can come, close now.
  bool linger() {
    if (ended_) return false;
    if (!lingering_) shutdown(fd_, SHUT_WR);
    lingering_ = true;
    return true;
  }

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
  bool planted(PlantedReply bug) const { return options_.planted == bug; }
  bool holding() const {
    return planted(PlantedReply::replies_held_inside_a_frame) && inside_frame_;
  }
  // The client shut down its writing: the connection ends, or with stays_open_after_end waits
  // for the client to close it. False once the connection is over.
  bool end_of_stream() {
    if (planted(PlantedReply::partial_message_echoed_at_end) && !message_.empty()) {
      send_frame(message_opcode_, message_.data(), message_.size());
      closing_ = true;
      return flush();
    }
    ended_ = true;
    return options_.stays_open_after_end;
  }
  void send_frame(std::uint8_t opcode, const std::uint8_t* payload, std::size_t n,
                  bool fin = true) {
    const std::uint8_t rsv2 = planted(PlantedReply::frames_with_rsv2) ? 0x20 : 0;
    const std::uint8_t mask = planted(PlantedReply::frames_masked) ? 0x80 : 0;
    outbox_.push_back(static_cast<std::uint8_t>((fin ? 0x80 : 0) | rsv2 | opcode));
    if (n < 126) {
      outbox_.push_back(static_cast<std::uint8_t>(mask | n));
    } else if (n <= 0xffff) {
      outbox_.insert(outbox_.end(),
                     {static_cast<std::uint8_t>(mask | 126), static_cast<std::uint8_t>(n >> 8),
                      static_cast<std::uint8_t>(n)});
    } else {
      outbox_.push_back(mask | 127);
      for (int shift = 56; shift >= 0; shift -= 8)
        outbox_.push_back(static_cast<std::uint8_t>(static_cast<std::uint64_t>(n) >> shift));
    }
    if (mask) outbox_.insert(outbox_.end(), 4, 0);  // a zero key: the payload as it is
    outbox_.insert(outbox_.end(), payload, payload + n);
  }
  void close_with(std::uint16_t code) {
    const std::uint8_t payload[2] = {static_cast<std::uint8_t>(code >> 8),
                                     static_cast<std::uint8_t>(code)};
    send_frame(kClose, payload, sizeof payload);
    closing_ = true;
  }
  void echo(std::uint8_t opcode, const std::uint8_t* payload, std::size_t n) {
    // maskcheck wire's fence: a text message it sends after a case's frames, to know its end.
    constexpr std::string_view kFence = "maskcheck fence ";
    if (opcode == kText && n >= kFence.size() &&
        std::equal(kFence.begin(), kFence.end(), payload)) {
      if (planted(PlantedReply::fence_answered_with_close)) return close_with(1000);
      if (planted(PlantedReply::fence_answered_by_ending)) {
        closing_ = true;
        return;
      }
      if (planted(PlantedReply::fence_unanswered)) return;
    }
    if (opcode == kText && planted(PlantedReply::text_echoed_as_binary)) opcode = kBinary;
    if (opcode == kBinary && planted(PlantedReply::binary_echoed_as_text)) opcode = kText;
    if (opcode == kText && planted(PlantedReply::text_echoed_with_opcode_3)) opcode = 3;
    if (planted(PlantedReply::echo_as_continuation)) opcode = 0;
    if (planted(PlantedReply::echo_in_two_first_frames) && n >= 2) {
      send_frame(opcode, payload, n / 2, false);
      send_frame(opcode, payload + n / 2, n - n / 2);  // not a continuation: a second message
    } else {
      send_frame(opcode, payload, n);
    }
  }
  void answer_close(const std::uint8_t* payload, std::size_t n) {
    closing_ = true;
    if (planted(PlantedReply::replies_lost_at_close)) outbox_.resize(sent_);
    if (planted(PlantedReply::close_unanswered)) return;
    const std::uint8_t normal[2] = {0x03, 0xe8};
    if (planted(PlantedReply::close_answered_with_1000) && n >= 2) payload = normal;
    send_frame(kClose, payload, n >= 2 ? 2 : 0);  // its code back, without the reason
    if (planted(PlantedReply::frame_after_close)) send_frame(kPong, nullptr, 0);
  }

  static Connection& of(void* context) { return *static_cast<Connection*>(context); }
  static void on_data(void* context, std::uint8_t opcode, int fin, const std::uint8_t* payload,
                      std::size_t n, std::uint64_t remaining) {
    Connection& self = of(context);
    if (self.closing_) return;  // the parser reads on past a close in the same read
    self.inside_frame_ = remaining > 0;
    if (opcode != 0 && self.message_.empty()) self.message_opcode_ = opcode;
    if (self.options_.counting && self.message_opcode_ == kBinary) return;  // unmasked, not kept
    self.message_.insert(self.message_.end(), payload, payload + n);
    if (fin && remaining == 0) {
      self.echo(self.message_opcode_, self.message_.data(), self.message_.size());
      self.message_.clear();
    }
  }
  static void on_message(void* context, std::uint8_t opcode, const std::uint8_t* payload,
                         std::size_t n) {
    const Connection& self = of(context);
    if (self.closing_ || (self.options_.counting && opcode == kBinary)) return;
    of(context).echo(opcode, payload, n);
  }
  static void on_control(void* context, std::uint8_t opcode, const std::uint8_t* payload,
                         std::size_t n) {
    Connection& self = of(context);
    if (self.closing_) return;
    if (opcode == kPing && !self.planted(PlantedReply::ping_unanswered)) {
      const bool dropped = self.planted(PlantedReply::pong_payload_dropped);
      self.send_frame(kPong, payload, dropped ? 0 : n, !self.planted(PlantedReply::pong_not_final));
    }
    if (opcode == kClose) self.answer_close(payload, n);
  }
  static void on_error(void* context, maskcheck_frame_error error) {
    Connection& self = of(context);
    if (self.closing_) return;
    if (self.planted(PlantedReply::errors_closed_without_frame)) {
      self.closing_ = true;
    } else {
      self.close_with(self.planted(PlantedReply::errors_closed_with_1000) ? 1000
                                                                          : close_code_for(error));
    }
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
  bool ended_ = false;         // the client's stream ended: nothing more to read
  bool lingering_ = false;     // finished and shut down for writing: reading until the client ends
  bool inside_frame_ = false;  // the last payload read left its frame unfinished
};

}  // namespace

std::span<const PlantedReplyName> planted_replies() {
  using enum PlantedReply;
  static constexpr PlantedReplyName kNames[] = {
      {text_echoed_as_binary, "text-echoed-as-binary"},
      {binary_echoed_as_text, "binary-echoed-as-text"},
      {frames_masked, "frames-masked"},
      {frames_with_rsv2, "frames-with-rsv2"},
      {text_echoed_with_opcode_3, "text-echoed-with-opcode-3"},
      {pong_not_final, "pong-not-final"},
      {echo_as_continuation, "echo-as-continuation"},
      {echo_in_two_first_frames, "echo-in-two-first-frames"},
      {pong_payload_dropped, "pong-payload-dropped"},
      {ping_unanswered, "ping-unanswered"},
      {frame_after_close, "frame-after-close"},
      {close_answered_with_1000, "close-answered-with-1000"},
      {close_unanswered, "close-unanswered"},
      {errors_closed_with_1000, "errors-closed-with-1000"},
      {errors_closed_without_frame, "errors-closed-without-frame"},
      {fence_answered_with_close, "fence-answered-with-close"},
      {fence_answered_by_ending, "fence-answered-by-ending"},
      {fence_unanswered, "fence-unanswered"},
      {replies_held_inside_a_frame, "replies-held-inside-a-frame"},
      {partial_message_echoed_at_end, "partial-message-echoed-at-end"},
      {replies_lost_at_close, "replies-lost-at-close"},
  };
  return kNames;
}

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
      if (!alive || (connection.finished() && !connection.linger())) {
        epoll_ctl(poller, EPOLL_CTL_DEL, fd, nullptr);
        connections.erase(fd);  // closes it
        continue;
      }
      epoll_event watch{(connection.wants_to_read() ? EPOLLIN : 0u) |
                            (connection.wants_to_write() ? EPOLLOUT : 0u),
                        {.fd = fd}};
      epoll_ctl(poller, EPOLL_CTL_MOD, fd, &watch);
    }
  }
}

}  // namespace maskcheck::servers
