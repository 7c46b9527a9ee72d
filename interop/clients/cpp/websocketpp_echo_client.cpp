// Echo client over websocketpp's client (websocketpp 0.8.2, Debian's libwebsocketpp-dev, on
// Boost.Asio), for maskcheck wire --client: connects to $MASKCHECK_URL and sends back every
// message with its opcode. websocketpp answers pings and the close itself. Under
// MASKCHECK_DEFLATE=1 with its permessage-deflate extension, which offers compression.
#include <cstdio>
#include <string>
#include <websocketpp/client.hpp>
#include <websocketpp/config/asio_no_tls_client.hpp>
#include <websocketpp/extensions/permessage_deflate/enabled.hpp>

#include "echo_client_url.h"
#include "echo_environment.h"

namespace {

// The same client with the extension: the library's configuration is a type.
struct DeflateConfig : websocketpp::config::asio_client {
  using permessage_deflate_type =
      websocketpp::extensions::permessage_deflate::enabled<permessage_deflate_config>;
};

constexpr std::size_t kMaxMessage = 64 * 1024 * 1024;

// Echoes until the connection ends.
template <typename Config>
int run(const std::string& url) {
  using Client = websocketpp::client<Config>;
  Client client;
  client.clear_access_channels(websocketpp::log::alevel::all);
  client.clear_error_channels(websocketpp::log::elevel::all);
  client.init_asio();
  // An echo written right after a read would otherwise wait for the server's delayed ACK.
  client.set_tcp_post_init_handler([&client](websocketpp::connection_hdl hdl) {
    boost::system::error_code ignored;
    client.get_con_from_hdl(hdl)->get_socket().set_option(boost::asio::ip::tcp::no_delay(true),
                                                          ignored);
  });
  client.set_message_handler(
      [&client](websocketpp::connection_hdl hdl, typename Client::message_ptr message) {
        websocketpp::lib::error_code ignored;  // a send after the close is refused; the run goes on
        client.send(hdl, message->get_payload(), message->get_opcode(), ignored);
      });
  websocketpp::lib::error_code error;
  typename Client::connection_ptr connection = client.get_connection(url, error);
  if (error) {
    std::fprintf(stderr, "echo client: %s\n", error.message().c_str());
    return 2;
  }
  connection->set_max_message_size(kMaxMessage);
  client.connect(connection);
  client.run();
  return 0;
}

}  // namespace

int main() {
  const auto url = maskcheck::clients::url_from_environment();
  if (!url) return 2;
  return maskcheck::interop::deflating() ? run<DeflateConfig>(url->text)
                                         : run<websocketpp::config::asio_client>(url->text);
}
