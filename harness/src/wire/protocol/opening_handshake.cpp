#include "wire/protocol/opening_handshake.h"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <algorithm>
#include <array>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/parser.hpp>
#include <span>
#include <variant>

namespace maskcheck::wire {

namespace {

namespace http = boost::beast::http;

constexpr std::string_view kGuid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

std::string base64(std::span<const unsigned char> bytes) {
  std::string text(4 * ((bytes.size() + 2) / 3), '\0');
  const int written = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(text.data()), bytes.data(),
                                      static_cast<int>(bytes.size()));
  text.resize(static_cast<std::size_t>(written));
  return text;
}

// Whether a comma-separated header value holds `token`, ignoring case ("keep-alive, Upgrade").
bool has_token(std::string_view value, std::string_view token) {
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
  while (!value.empty()) {
    const std::size_t comma = value.find(',');
    std::string_view item = value.substr(0, comma);
    while (!item.empty() && (item.front() == ' ' || item.front() == '\t')) item.remove_prefix(1);
    while (!item.empty() && (item.back() == ' ' || item.back() == '\t')) item.remove_suffix(1);
    if (item.size() == token.size() &&
        std::equal(item.begin(), item.end(), token.begin(),
                   [&](char a, char b) { return lower(a) == lower(b); })) {
      return true;
    }
    if (comma == std::string_view::npos) break;
    value.remove_prefix(comma + 1);
  }
  return false;
}

std::string request(const LoopbackUrl& url, const std::string& key, const std::string& extensions) {
  const std::string offer =
      extensions.empty() ? std::string() : "Sec-WebSocket-Extensions: " + extensions + "\r\n";
  return "GET " + url.path + " HTTP/1.1\r\nHost: " + url.host +
         "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: " + key +
         "\r\nSec-WebSocket-Version: 13\r\n" + offer + "\r\n";
}

std::string_view text_of(boost::beast::string_view value) {
  return {value.data(), value.size()};
}

// Feeds the inbox to `parser` until its header is done; then the header's bytes leave the inbox.
template <typename Parser>
std::string read_header(TcpConnection& connection, Parser& parser, Clock::time_point deadline,
                        std::string_view who) {
  parser.eager(false);
  std::vector<std::uint8_t>& inbox = connection.inbox();
  std::size_t parsed = 0;
  bool wants_bytes = inbox.empty();
  while (!parser.is_header_done()) {
    if (wants_bytes) {
      const Arrival arrived = connection.receive(deadline);
      if (arrived == Arrival::timed_out) {
        return who == "server" ? "no answer to the opening handshake in time"
                               : "no opening handshake from the client in time";
      }
      if (arrived != Arrival::bytes)
        return "the " + std::string(who) + " ended the connection during the opening handshake";
    }
    boost::beast::error_code error;
    parsed += parser.put(boost::asio::buffer(inbox.data() + parsed, inbox.size() - parsed), error);
    wants_bytes = error == http::error::need_more;
    if (error && !wants_bytes)
      return "the " + std::string(who) + "'s opening handshake is not HTTP: " + error.message();
  }
  inbox.erase(inbox.begin(), inbox.begin() + static_cast<std::ptrdiff_t>(parsed));
  return {};
}

}  // namespace

std::string random_key() {
  std::array<unsigned char, 16> bytes{};
  RAND_bytes(bytes.data(), static_cast<int>(bytes.size()));
  return base64(bytes);
}

std::string accept_for(const std::string& key) {
  const std::string joined = key + std::string(kGuid);
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned size = 0;
  EVP_Digest(joined.data(), joined.size(), digest.data(), &size, EVP_sha1(), nullptr);
  return base64(std::span(digest).first(size));
}

std::string open_websocket(TcpConnection& connection, const LoopbackUrl& url,
                           Clock::time_point deadline, const std::string& extensions,
                           std::string* answered, Nonce* sent) {
  const std::string key = random_key();
  if (sent) *sent = *nonce_of(key);
  const std::string text = request(url, key, extensions);
  if (connection.send_all({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()},
                          deadline) != Arrival::bytes) {
    return "the server ended the connection before the handshake was sent";
  }
  http::response_parser<http::empty_body> parser;
  if (std::string problem = read_header(connection, parser, deadline, "server"); !problem.empty())
    return problem;
  const auto& answer = parser.get();
  if (answer.result_int() != 101) {
    return "the server refused the upgrade: HTTP " + std::to_string(answer.result_int()) + " " +
           std::string(text_of(answer.reason()));
  }
  if (!has_token(text_of(answer[http::field::upgrade]), "websocket"))
    return "the 101 answer lacks 'Upgrade: websocket'";
  if (!has_token(text_of(answer[http::field::connection]), "upgrade"))
    return "the 101 answer lacks 'Connection: Upgrade'";
  const std::string expected = accept_for(key);
  if (text_of(answer["Sec-WebSocket-Accept"]) != expected) {
    return "Sec-WebSocket-Accept is '" + std::string(text_of(answer["Sec-WebSocket-Accept"])) +
           "', not '" + expected + "'";
  }
  if (answered) *answered = std::string(text_of(answer["Sec-WebSocket-Extensions"]));
  if (extensions.empty() && !answer["Sec-WebSocket-Extensions"].empty()) {
    return "the server accepted an extension nobody offered: " +
           std::string(text_of(answer["Sec-WebSocket-Extensions"]));
  }
  return {};
}

std::optional<Nonce> nonce_of(const std::string& key) {
  if (key.size() != 24 || !key.ends_with("==")) return std::nullopt;
  constexpr int kDecoded = 18;  // 24 characters decode to 18 bytes, 2 of padding
  std::array<unsigned char, kDecoded> decoded{};
  if (EVP_DecodeBlock(decoded.data(), reinterpret_cast<const unsigned char*>(key.data()), 24) !=
      kDecoded)
    return std::nullopt;
  Nonce nonce;
  std::copy_n(decoded.begin(), nonce.size(), nonce.begin());
  return nonce;
}

std::string accept_websocket(TcpConnection& connection, Clock::time_point deadline, Nonce& nonce,
                             std::optional<DeflateAgreement>* deflate) {
  http::request_parser<http::empty_body> parser;
  if (std::string problem = read_header(connection, parser, deadline, "client"); !problem.empty())
    return problem;
  const auto& request = parser.get();
  if (request.method() != http::verb::get) return "the client's opening request is not a GET";
  if (!has_token(text_of(request[http::field::upgrade]), "websocket"))
    return "the client's opening request lacks 'Upgrade: websocket'";
  if (!has_token(text_of(request[http::field::connection]), "upgrade"))
    return "the client's opening request lacks 'Connection: Upgrade'";
  if (text_of(request["Sec-WebSocket-Version"]) != "13") {
    return "the client asks for Sec-WebSocket-Version '" +
           std::string(text_of(request["Sec-WebSocket-Version"])) + "', not 13";
  }
  const std::string key(text_of(request["Sec-WebSocket-Key"]));
  const auto decoded = nonce_of(key);
  if (!decoded) return "the client's Sec-WebSocket-Key '" + key + "' is not 16 bytes in base64";
  nonce = *decoded;
  std::string extensions;
  if (deflate) {
    auto accepted = accept_offer(std::string(text_of(request["Sec-WebSocket-Extensions"])));
    if (auto* reason = std::get_if<std::string>(&accepted)) return *reason;
    const auto& taken = std::get<DeflateAcceptance>(accepted);
    *deflate = taken.agreed;
    extensions = "Sec-WebSocket-Extensions: " + taken.header + "\r\n";
  }
  const std::string answer =
      "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
      "Connection: Upgrade\r\nSec-WebSocket-Accept: " +
      accept_for(key) + "\r\n" + extensions + "\r\n";
  if (connection.send_all({reinterpret_cast<const std::uint8_t*>(answer.data()), answer.size()},
                          deadline) != Arrival::bytes) {
    return "the client ended the connection before the handshake's answer was sent";
  }
  return {};
}

}  // namespace maskcheck::wire
