#include "registry/plugin_library.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace maskcheck {

std::variant<PluginLibrary, std::string> open_plugin_library(const std::string& path,
                                                             const char* symbol,
                                                             std::string_view header,
                                                             std::string_view option) {
  const std::string prefix = std::string(option) + ": ";
  std::error_code error;
  std::string absolute = std::filesystem::absolute(path, error).lexically_normal().string();
  void* library = dlopen(absolute.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) return prefix + "cannot load " + path + ": " + dlerror();
  void* function = dlsym(library, symbol);
  if (function == nullptr) {
    return prefix + path + " defines no " + symbol + "() (see maskcheck/" + std::string(header) +
           ")";
  }
  return PluginLibrary{function, std::move(absolute)};
}

bool is_valid_name(const char* name) {
  const std::string_view text = name ? name : "";
  return !text.empty() && std::ranges::all_of(text, [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || c == '.';
  });
}

std::string quoted(const char* name) {
  return "'" + std::string(name ? name : "(null)") + "'";
}

std::string load_each_listed(const char* variable, const LoadLibrary& load) {
  const char* list = std::getenv(variable);
  std::string_view rest = list ? list : "";
  while (!rest.empty()) {
    const std::size_t colon = rest.find(':');
    const std::string_view item = rest.substr(0, colon);
    rest = colon == std::string_view::npos ? "" : rest.substr(colon + 1);
    if (item.empty()) continue;
    const std::size_t equals = item.find('=');
    std::vector<std::string> only;
    if (equals != std::string_view::npos) {
      for (std::string_view names = item.substr(equals + 1); !names.empty();) {
        const std::size_t comma = names.find(',');
        if (comma != 0) only.emplace_back(names.substr(0, comma));
        names = comma == std::string_view::npos ? "" : names.substr(comma + 1);
      }
    }
    if (std::string error = load(std::string(item.substr(0, equals)), only); !error.empty())
      return std::string(variable) + ": " + error;
  }
  return "";
}

}  // namespace maskcheck
