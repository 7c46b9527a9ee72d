// Echo server over Boost.Beast's websocket::stream (Boost 1.74, Debian's libboost-dev), for
// maskcheck wire: asynchronous on one thread, as a single-threaded epoll loop reads its sockets.
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <utility>

#include "echo_environment.h"

namespace {

using maskcheck::interop::counting;

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

constexpr std::size_t kMaxMessage = 16 * 1024 * 1024;

// MASKCHECK_DEFLATE=1: permessage-deflate, every message compressed, 15-bit windows both ways.
websocket::permessage_deflate deflate_option() {
  websocket::permessage_deflate option;
  option.server_enable = maskcheck::interop::deflating();
  return option;
}

// One connection: read a whole message, write it back, read the next. Its pending handler owns it.
class Session : public std::enable_shared_from_this<Session> {
 public:
  explicit Session(tcp::socket socket) : ws_(std::move(socket)) {}

  void start() {
    // A pong written right after an echo would otherwise wait for the client's delayed ACK (40 ms).
    beast::error_code ignored;
    ws_.next_layer().set_option(tcp::no_delay(true), ignored);
    ws_.read_message_max(kMaxMessage);
    ws_.auto_fragment(false);  // the echo goes back as one frame, not cut at the write buffer
    ws_.set_option(deflate_option());
    ws_.async_accept([self = shared_from_this()](beast::error_code error) {
      if (!error) self->read();
    });
  }

 private:
  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code error, std::size_t) {
      // On a close or a protocol error Beast has already sent its close frame and torn down.
      if (error) return;
      if (counting() && !self->ws_.got_text()) {
        self->buffer_.clear();
        return self->read();
      }
      self->echo();
    });
  }

  void echo() {
    ws_.text(ws_.got_text());  // the same opcode back
    ws_.async_write(buffer_.data(),
                    [self = shared_from_this()](beast::error_code error, std::size_t) {
                      self->buffer_.clear();
                      if (!error) self->read();
                    });
  }

  websocket::stream<tcp::socket> ws_;
  beast::flat_buffer buffer_;
};

void accept(tcp::acceptor& acceptor) {
  acceptor.async_accept([&acceptor](beast::error_code error, tcp::socket socket) {
    if (error) return;  // the loop is stopping
    std::make_shared<Session>(std::move(socket))->start();
    accept(acceptor);
  });
}

}  // namespace

int main() {
  asio::io_context io{1};  // declared first, destroyed last: its handlers own the sessions
  // SIGTERM stops the loop at once; open sessions are freed with io's handlers, unclosed.
  asio::signal_set signals(io, SIGTERM, SIGINT);
  signals.async_wait([&io](const beast::error_code&, int) { io.stop(); });
  try {
    tcp::acceptor acceptor(io, tcp::endpoint(asio::ip::address_v4::loopback(), 0));
    std::printf("listening %u\n", acceptor.local_endpoint().port());
    std::fflush(stdout);
    accept(acceptor);
    io.run();
  } catch (const std::exception& exception) {
    std::fprintf(stderr, "beast echo server: %s\n", exception.what());
    return 1;
  }
  return 0;
}
