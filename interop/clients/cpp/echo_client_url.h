// $MASKCHECK_URL, "ws://127.0.0.1:PORT/", as the C++ echo clients need it.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

namespace maskcheck::clients {

struct Url {
  std::string text;
  std::string host;
  std::uint16_t port = 0;
  std::string path;
};

// The URL, or nothing after a line on stderr.
inline std::optional<Url> url_from_environment() {
  const char* set = std::getenv("MASKCHECK_URL");
  const std::string text = set ? set : "";
  const std::string scheme = "ws://";
  const std::size_t colon = text.rfind(':');
  const std::size_t slash = text.find('/', scheme.size());
  if (text.compare(0, scheme.size(), scheme) != 0 || colon == std::string::npos ||
      colon < scheme.size() || slash == std::string::npos || slash < colon) {
    std::fprintf(stderr, "echo client: MASKCHECK_URL '%s' is not ws://HOST:PORT/PATH\n",
                 text.c_str());
    return std::nullopt;
  }
  const int port = std::atoi(text.substr(colon + 1, slash - colon - 1).c_str());
  if (port <= 0 || port > 65535) {
    std::fprintf(stderr, "echo client: MASKCHECK_URL '%s' has no port\n", text.c_str());
    return std::nullopt;
  }
  return Url{text, text.substr(scheme.size(), colon - scheme.size()),
             static_cast<std::uint16_t>(port), text.substr(slash)};
}

}  // namespace maskcheck::clients
