#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/commands.h"
#include "cli/run_tally.h"
#include "registry/kernel_registry.h"
#include "registry/parser_registry.h"

namespace maskcheck::cli {

int list_command(bool json) {
  if (json) {
    nlohmann::json out{{"kernels", nlohmann::json::array()}};
    for (const Kernel* kernel : all_kernels()) {
      nlohmann::json entries = nlohmann::json::array();
      for (const Entry& entry : kernel->entries)
        entries.push_back({{"name", entry.name}, {"contract", describe_contract(entry)}});
      nlohmann::json described{{"name", kernel->name},
                               {"runs_here", kernel->runs_here()},
                               {"summary", kernel->summary},
                               {"fits_the_parser", kernel->functions != nullptr},
                               {"entry_points", entries}};
      if (const std::string path = plugin_path(kernel->name); !path.empty())
        described["plugin"] = path;
      out["kernels"].push_back(described);
    }
    out["parsers"] = nlohmann::json::array();
    for (const Parser* parser : all_parsers()) {
      nlohmann::json described{{"name", parser->name},
                               {"summary", parser->summary ? parser->summary : ""},
                               {"contract", describe_parser(*parser)}};
      if (const std::string path = parser_plugin_path(parser->name); !path.empty())
        described["plugin"] = path;
      out["parsers"].push_back(described);
    }
    std::printf("%s\n", out.dump(2).c_str());
    return kExitPass;
  }
  std::printf("kernels, each with its entry points and their declared contracts:\n");
  const int width = kernel_column_width();
  for (const Kernel* kernel : all_kernels()) {
    const std::string path = plugin_path(kernel->name);
    const std::string origin = path.empty() ? "" : " (plug-in " + path + ")";
    std::printf("  %-*s %-10s %.*s%s\n", width, std::string(kernel->name).c_str(),
                kernel->runs_here() ? "runs here" : "skipped",
                static_cast<int>(kernel->summary.size()), kernel->summary.data(), origin.c_str());
    std::size_t entry_width = 9;
    for (const Entry& entry : kernel->entries)
      entry_width = std::max(entry_width, std::string_view(entry.name).size());
    for (const Entry& entry : kernel->entries) {
      std::printf("      %-*s %s\n", static_cast<int>(entry_width), entry.name,
                  describe_contract(entry).c_str());
    }
    if (kernel->functions == nullptr) {
      std::printf("      (split and stream skip it: %s)\n", kParserNeeds);
    }
  }
  std::printf("parsers, each with its declared receive-buffer contract:\n");
  std::size_t parser_width = 10;
  for (const Parser* parser : all_parsers())
    parser_width = std::max(parser_width, std::string_view(parser->name).size());
  for (const Parser* parser : all_parsers()) {
    const std::string path = parser_plugin_path(parser->name);
    std::printf("  %-*s %s%s\n      %s\n", static_cast<int>(parser_width), parser->name,
                parser->summary ? parser->summary : "",
                path.empty() ? "" : (" (plug-in " + path + ")").c_str(),
                describe_parser(*parser).c_str());
  }
  return kExitPass;
}

}  // namespace maskcheck::cli
