#include "upgrade_request.h"

#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/parser.hpp>

#include "wire/protocol/opening_handshake.h"

namespace maskcheck::servers {

namespace http = boost::beast::http;

UpgradeRequest parse_upgrade_request(const std::string& received) {
  UpgradeRequest parsed;
  http::request_parser<http::empty_body> parser;
  parser.eager(false);
  boost::beast::error_code error;
  parsed.consumed = parser.put(boost::asio::buffer(received.data(), received.size()), error);
  if (error == http::error::need_more) {
    parsed.incomplete = true;
    return parsed;
  }
  if (error) {
    parsed.error = error.message();
    return parsed;
  }
  const auto& request = parser.get();
  const auto key = request["Sec-WebSocket-Key"];
  if (key.empty() || request.method() != http::verb::get) {
    parsed.error = "not a WebSocket upgrade";
    return parsed;
  }
  parsed.key.assign(key.data(), key.size());
  return parsed;
}

std::string upgrade_response(const std::string& key) {
  return "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
         "Sec-WebSocket-Accept: " +
         wire::accept_for(key) + "\r\n\r\n";
}

}  // namespace maskcheck::servers
