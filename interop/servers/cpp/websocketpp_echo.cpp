// Echo server over websocketpp 0.8.2 (Debian's libwebsocketpp-dev) on Boost.Asio, for maskcheck
// wire: one thread, one io_context, the library's own answers to pings, closes and errors. Under
// MASKCHECK_DEFLATE=1 with its permessage-deflate extension (zlib), which compresses every message.
#include <boost/asio/signal_set.hpp>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <websocketpp/config/asio_no_tls.hpp>
#include <websocketpp/extensions/permessage_deflate/enabled.hpp>
#include <websocketpp/server.hpp>

#include "echo_environment.h"

namespace {

using maskcheck::interop::counting;

// The same server with the extension: the library's configuration is a type.
struct DeflateConfig : websocketpp::config::asio {
  using permessage_deflate_type =
      websocketpp::extensions::permessage_deflate::enabled<permessage_deflate_config>;
};

constexpr std::size_t kMaxMessage = 16 * 1024 * 1024;

// Sends every text and binary message back whole, with its opcode.
template <typename Server>
void serve(Server& server, boost::asio::io_context& io) {
  server.clear_access_channels(websocketpp::log::alevel::all);  // the access log writes to stdout
  // Only fatal errors on stderr: each error case would otherwise log a line or two.
  server.clear_error_channels(websocketpp::log::elevel::all);
  server.set_error_channels(websocketpp::log::elevel::fatal);
  server.init_asio(&io);
  server.set_max_message_size(kMaxMessage);  // also the limit of a frame's declared length
  // A write that follows an unacknowledged one would otherwise wait for the client's delayed ACK.
  server.set_tcp_post_init_handler([&server](websocketpp::connection_hdl connection) {
    boost::system::error_code ignored;
    auto& socket = server.get_con_from_hdl(connection)->get_socket();
    socket.set_option(boost::asio::ip::tcp::no_delay(true), ignored);
  });
  server.set_message_handler(
      [&server](websocketpp::connection_hdl connection, typename Server::message_ptr message) {
        if (counting() && message->get_opcode() == websocketpp::frame::opcode::binary) return;
        websocketpp::lib::error_code error;
        server.send(connection, message->get_payload(), message->get_opcode(), error);
        // Unanswered but said: the connection is closing, or the text is not UTF-8 (0.8.2 lets
        // through a message whose last frame, a continuation, ends inside a character).
        if (error)
          std::fprintf(stderr, "websocketpp echo server: no echo: %s\n", error.message().c_str());
      });
  server.listen(boost::asio::ip::tcp::endpoint(boost::asio::ip::address_v4::loopback(), 0));
  server.start_accept();
}

// Serves until SIGTERM or SIGINT.
template <typename Config>
int run() {
  // Declared first, destroyed last: its handlers own the connections.
  boost::asio::io_context io{1};
  // SIGTERM stops the loop at once; open connections are freed with io's handlers, unclosed.
  boost::asio::signal_set signals(io, SIGTERM, SIGINT);
  signals.async_wait([&io](const boost::system::error_code&, int) { io.stop(); });
  websocketpp::server<Config> server;
  try {
    serve(server, io);
  } catch (const std::exception& exception) {
    std::fprintf(stderr, "websocketpp echo server: %s\n", exception.what());
    return 1;
  }
  boost::system::error_code error;
  const auto local = server.get_local_endpoint(error);
  if (error) {
    std::fprintf(stderr, "websocketpp echo server: %s\n", error.message().c_str());
    return 1;
  }
  std::printf("listening %u\n", local.port());
  std::fflush(stdout);
  io.run();
  return 0;
}

}  // namespace

int main() {
  return maskcheck::interop::deflating() ? run<DeflateConfig>() : run<websocketpp::config::asio>();
}
