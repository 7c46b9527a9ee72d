// A live echo server over one of the broken parsers (tests/broken_parsers), on the block kernel:
// `broken_echo_server NAME`. maskcheck wire must catch each, naming the case its repro line shows.
#include <cstdio>
#include <string_view>

#include "broken_parsers.h"
#include "echo_server.h"
#include "maskcheck/kernel_registry.h"

int main(int argc, char** argv) {
  using namespace maskcheck;
  if (argc != 2) {
    std::fprintf(stderr, "usage: broken_echo_server BROKEN_PARSER_NAME\n");
    return 2;
  }
  for (const testing::BrokenParser& broken : testing::broken_parsers()) {
    if (std::string_view(broken.parser.name) != argv[1]) continue;
    servers::EchoServerOptions options;
    options.parser = &broken.parser;
    options.kernel = find_kernel("block");
    return servers::run_echo_server(options);
  }
  std::fprintf(stderr, "broken_echo_server: no broken parser '%s'\n", argv[1]);
  return 2;
}
