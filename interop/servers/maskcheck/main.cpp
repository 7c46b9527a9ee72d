// maskcheck's parser as a live echo server: `maskcheck_echo_server [--kernel K] [--parser P]
// [--variant V] [--plugin LIB] [--parser-plugin LIB] [--stay-open]`, for maskcheck wire.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "echo_server.h"
#include "registry/kernel_registry.h"
#include "registry/parser_registry.h"
#include "maskcheck/unmask_selection.h"

int main(int argc, char** argv) {
  using namespace maskcheck;
  CLI::App app{"an echo server over a parser maskcheck runs, for maskcheck wire"};
  std::string kernel_name = std::string(fastest_unmask().name);
  std::string parser_name = builtin_parser().name;
  std::string variant_name = "in-place";
  std::vector<std::string> plugins;
  std::vector<std::string> parser_plugins;
  app.add_option("--kernel", kernel_name,
                 "the kernel under the parser (default: the fastest here)");
  app.add_option("--parser", parser_name, "the parser (default: maskcheck's own)");
  app.add_option("--variant", variant_name, "the parser's variant (default: in-place)");
  app.add_option("--plugin", plugins, "a kernel plug-in library (repeatable)");
  app.add_option("--parser-plugin", parser_plugins, "a parser plug-in library (repeatable)");
  bool stays_open = false;
  app.add_flag("--stay-open", stays_open,
               "when a client shuts down its writing, keep the connection until it closes");
  CLI11_PARSE(app, argc, argv);
  for (const std::string& plugin : plugins) {
    if (auto error = load_plugin(plugin); !error.empty()) {
      std::fprintf(stderr, "echo server: %s\n", error.c_str());
      return 2;
    }
  }
  for (const std::string& plugin : parser_plugins) {
    if (auto error = load_parser_plugin(plugin); !error.empty()) {
      std::fprintf(stderr, "echo server: %s\n", error.c_str());
      return 2;
    }
  }
  servers::EchoServerOptions options;
  options.parser = find_parser(parser_name);
  if (!options.parser) {
    std::fprintf(stderr, "echo server: no parser '%s'\n", parser_name.c_str());
    return 2;
  }
  if (options.parser->takes_kernel) {
    options.kernel = find_kernel(kernel_name);
    if (!options.kernel || !options.kernel->runs_here() ||
        !parser_fits(*options.parser, *options.kernel)) {
      std::fprintf(
          stderr,
          "echo server: kernel '%s' is unknown, cannot run here or does not fit the parser\n",
          kernel_name.c_str());
      return 2;
    }
  }
  const auto variant = find_variant(*options.parser, variant_name);
  if (!variant) {
    std::fprintf(stderr, "echo server: the parser has no variant '%s'\n", variant_name.c_str());
    return 2;
  }
  options.variant = *variant;
  options.stays_open_after_end = stays_open;
  // MASKCHECK_COUNT=1 (maskcheck throughput): binary messages are taken, not echoed; text still is.
  const char* counting = std::getenv("MASKCHECK_COUNT");
  options.counting = counting != nullptr && std::string_view(counting) == "1";
  return servers::run_echo_server(options);
}
