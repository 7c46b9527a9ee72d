// Echo client over Boost.Beast's websocket::stream (Boost 1.74, Debian's libboost-dev), for
// maskcheck wire --client: connects to $MASKCHECK_URL and sends back every message, each as one
// frame with the opcode it came with. Beast answers pings and the close inside its reads.
// MASKCHECK_DEFLATE=1 offers permessage-deflate; MASKCHECK_FAST_PRNG=1 masks with
// secure_prng(false).
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "echo_client_url.h"
#include "echo_environment.h"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

constexpr std::size_t kMaxMessage = 64 * 1024 * 1024;

// MASKCHECK_DEFLATE=1: offer permessage-deflate, and compress every message once agreed.
websocket::permessage_deflate deflate_option() {
  websocket::permessage_deflate option;
  option.client_enable = maskcheck::interop::deflating();
  return option;
}

}  // namespace

int main() {
  const auto url = maskcheck::clients::url_from_environment();
  if (!url) return 2;
  try {
    asio::io_context io;
    websocket::stream<tcp::socket> ws(io);
    ws.next_layer().connect({asio::ip::make_address(url->host), url->port});
    ws.next_layer().set_option(tcp::no_delay(true));
    ws.read_message_max(kMaxMessage);
    ws.auto_fragment(false);  // the echo goes back as one frame, not cut at the write buffer
    ws.set_option(deflate_option());
    // MASKCHECK_FAST_PRNG=1: mask keys from Beast's PCG (secure_prng(false)), not its ChaCha.
    ws.secure_prng(!maskcheck::interop::set_to_one("MASKCHECK_FAST_PRNG"));
    ws.handshake(url->host + ":" + std::to_string(url->port), url->path);
    for (;;) {
      beast::flat_buffer buffer;
      beast::error_code error;
      ws.read(buffer, error);
      if (error) return 0;  // the close is answered, or the connection ended: the turn is over
      ws.text(ws.got_text());
      ws.write(buffer.data(), error);
      if (error) return 0;
    }
  } catch (const std::exception& error) {
    std::fprintf(stderr, "echo client: %s\n", error.what());
    return 1;
  }
}
