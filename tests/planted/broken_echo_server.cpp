// A live echo server with one planted bug, on maskcheck's parser and the block kernel:
// `broken_echo_server NAME`, NAME one of the broken parsers (tests/planted/broken_parsers) or of
// the bugs planted in the replies (echo_server.h). maskcheck wire must catch each, naming the case
// its repro line shows.
#include <cstdio>
#include <string_view>

#include "echo_server.h"
#include "planted/broken_parsers.h"
#include "registry/kernel_registry.h"
#include "registry/parser_registry.h"

int main(int argc, char** argv) {
  using namespace maskcheck;
  if (argc != 2) {
    std::fprintf(stderr, "usage: broken_echo_server BROKEN_PARSER_NAME\n");
    return 2;
  }
  servers::EchoServerOptions options;
  options.kernel = find_kernel("block");
  for (const testing::BrokenParser& broken : testing::broken_parsers()) {
    if (std::string_view(broken.parser.name) != argv[1]) continue;
    options.parser = &broken.parser;
    return servers::run_echo_server(options);
  }
  for (const servers::PlantedReplyName& planted : servers::planted_replies()) {
    if (planted.name != argv[1]) continue;
    options.parser = &builtin_parser();
    options.planted = planted.bug;
    return servers::run_echo_server(options);
  }
  std::fprintf(stderr, "broken_echo_server: no broken parser or planted reply '%s'\n", argv[1]);
  return 2;
}
