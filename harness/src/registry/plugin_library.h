// What loading kernel and parser plug-ins share: opening a library and finding its one function,
// checking names, and reading a list of libraries from an environment variable.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace maskcheck {

struct PluginLibrary {
  void* function;        // the symbol asked for
  std::string absolute;  // the library's path, absolute
};

// Opens `path` (never closed: what it declares lives in it) and finds `symbol`, declared in
// maskcheck/`header`, or says in one line why not, starting with `option` ("--plugin").
std::variant<PluginLibrary, std::string> open_plugin_library(const std::string& path,
                                                             const char* symbol,
                                                             std::string_view header,
                                                             std::string_view option);

// Names end up in case ids ("name:exact:n5:..."), so no ':' and nothing a shell would split.
bool is_valid_name(const char* name);
std::string quoted(const char* name);

using LoadLibrary =
    std::function<std::string(const std::string& path, const std::vector<std::string>& only)>;
// Calls `load` for every library the colon-separated list in `variable` names ("lib.so" or
// "lib.so=name,name"): "" or the first library's reason, prefixed with the variable's name.
std::string load_each_listed(const char* variable, const LoadLibrary& load);

}  // namespace maskcheck
