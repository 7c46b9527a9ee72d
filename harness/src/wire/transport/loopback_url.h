// A ws:// URL that names a loopback address: 127.0.0.0/8, ::1 or localhost. maskcheck writes
// deliberately broken frames at servers; it never aims them anywhere but this machine.
#pragma once

#include <netinet/in.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

namespace maskcheck::wire {

struct LoopbackUrl {
  int family = AF_INET;  // AF_INET or AF_INET6
  std::string address;   // numeric: 127.0.0.1 or ::1
  std::uint16_t port = 0;
  std::string host;  // the Host header: address and port as the URL wrote them
  std::string path = "/";
};

// The URL, or a one-line reason it is not one maskcheck connects to.
std::variant<LoopbackUrl, std::string> parse_loopback_url(std::string_view url);

// "ws://127.0.0.1:PORT/": the URL of a server listening on the IPv4 loopback.
std::string loopback_url(std::uint16_t port);

}  // namespace maskcheck::wire
