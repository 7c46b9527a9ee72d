#include "wire/transport/loopback_url.h"

#include <arpa/inet.h>

#include <charconv>

namespace maskcheck::wire {

namespace {

bool is_loopback(int family, const std::string& address) {
  if (family == AF_INET) {
    in_addr ip{};
    return inet_pton(AF_INET, address.c_str(), &ip) == 1 && (ntohl(ip.s_addr) >> 24) == 127;
  }
  in6_addr ip{};
  return inet_pton(AF_INET6, address.c_str(), &ip) == 1 && IN6_IS_ADDR_LOOPBACK(&ip);
}

}  // namespace

std::variant<LoopbackUrl, std::string> parse_loopback_url(std::string_view url) {
  constexpr std::string_view kScheme = "ws://";
  const std::string quoted = "'" + std::string(url) + "'";
  if (url.substr(0, kScheme.size()) != kScheme)
    return quoted + " is not a ws:// URL (wss:// is not supported: maskcheck speaks plain TCP)";
  std::string_view rest = url.substr(kScheme.size());
  const std::size_t slash = rest.find('/');
  const std::string_view authority = rest.substr(0, slash);
  LoopbackUrl parsed;
  parsed.host = authority;
  if (slash != std::string_view::npos) parsed.path = rest.substr(slash);
  std::string_view host;
  std::string_view port;
  if (authority.substr(0, 1) == "[") {
    const std::size_t close = authority.find(']');
    if (close == std::string_view::npos) return quoted + ": unclosed '[' in the address";
    host = authority.substr(1, close - 1);
    if (authority.substr(close + 1, 1) != ":") return quoted + ": the URL needs a port";
    port = authority.substr(close + 2);
    parsed.family = AF_INET6;
  } else {
    const std::size_t colon = authority.rfind(':');
    if (colon == std::string_view::npos) return quoted + ": the URL needs a port";
    host = authority.substr(0, colon);
    port = authority.substr(colon + 1);
  }
  unsigned number = 0;
  const auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), number);
  if (port.empty() || error != std::errc{} || end != port.data() + port.size() || number == 0 ||
      number > 65535) {
    return quoted + ": the port must be 1..65535";
  }
  parsed.port = static_cast<std::uint16_t>(number);
  parsed.address = host == "localhost" ? "127.0.0.1" : std::string(host);
  if (!is_loopback(parsed.family, parsed.address)) {
    return quoted + ": maskcheck connects only to loopback addresses (127.0.0.0/8, [::1], " +
           "localhost)";
  }
  return parsed;
}

std::string loopback_url(std::uint16_t port) {
  return "ws://127.0.0.1:" + std::to_string(port) + "/";
}

}  // namespace maskcheck::wire
