// An echo server over any parser maskcheck can run (its own on any kernel, a broken one from the
// tests, a plug-in): single-threaded, epoll, each connection reading into a 512 KiB receive buffer
// with the padding the parser declares on both sides, as the servers the parser checks stand for
// do. It sends back every message whole, answers pings, answers a close with its code, and closes
// with 1002 (1007 for UTF-8, 1009 for size) on a protocol error. So a parser, and the kernel under
// it, can be checked over real sockets too.
#pragma once

#include <cstdint>

#include "maskcheck/kernel.h"
#include "maskcheck/parser.h"

namespace maskcheck::servers {

struct EchoServerOptions {
  const Parser* parser = nullptr;
  const Kernel* kernel = nullptr;  // nullptr if the parser takes none
  unsigned variant = 0;
  std::uint64_t max_message_size = std::uint64_t{16} << 20;
  bool counting = false;  // binary messages unmasked and dropped, not echoed (maskcheck throughput)
};

// Listens on 127.0.0.1 at a free port, prints "listening PORT", and serves until killed.
// Returns only if it cannot listen (with the exit status to use).
int run_echo_server(const EchoServerOptions& options);

}  // namespace maskcheck::servers
