#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "commands.h"
#include "maskcheck/entry_point.h"
#include "maskcheck/kernel_registry.h"
#include "run_tally.h"

namespace maskcheck::cli {

namespace {

std::string_view footprints(EntryPoint entry) {
  switch (entry) {
    case EntryPoint::words:
      return "reads [src, src+n4)  writes [dst, dst+n4)  n4 % 4 == 0, dst <= src";
    case EntryPoint::imprecise:
      return "reads [src, src+R)   writes [dst, dst+R)   R = ((n>>2)+1)*4, dst = src-D";
    case EntryPoint::inplace: return "reads and writes [data, data+((n+3)&~3))";
    case EntryPoint::exact: return "reads [src, src+n)   writes [dst, dst+n)   returns (phase+n)&3";
  }
  return "";
}

}  // namespace

int list_command(bool json) {
  if (json) {
    nlohmann::json out{{"kernels", nlohmann::json::array()},
                       {"entry_points", nlohmann::json::array()}};
    for (const Kernel* kernel : all_kernels()) {
      nlohmann::json entry{{"name", kernel->name},
                           {"runs_here", kernel->cpu_supports()},
                           {"summary", kernel->summary}};
      if (const std::string path = plugin_path(kernel->name); !path.empty()) entry["plugin"] = path;
      out["kernels"].push_back(entry);
    }
    for (EntryPoint entry : kAllEntryPoints) {
      out["entry_points"].push_back(
          {{"name", entry_point_name(entry)}, {"contract", footprints(entry)}});
    }
    std::printf("%s\n", out.dump(2).c_str());
    return kExitPass;
  }
  std::printf("kernels:\n");
  const int width = kernel_column_width();
  for (const Kernel* kernel : all_kernels()) {
    const std::string path = plugin_path(kernel->name);
    const std::string origin = path.empty() ? "" : " (plug-in " + path + ")";
    std::printf("  %-*s %-10s %.*s%s\n", width, std::string(kernel->name).c_str(),
                kernel->cpu_supports() ? "runs here" : "skipped",
                static_cast<int>(kernel->summary.size()), kernel->summary.data(), origin.c_str());
  }
  std::printf("entry points:\n");
  for (EntryPoint entry : kAllEntryPoints) {
    std::printf("  %-10s %.*s\n", std::string(entry_point_name(entry)).c_str(),
                static_cast<int>(footprints(entry).size()), footprints(entry).data());
  }
  return kExitPass;
}

}  // namespace maskcheck::cli
