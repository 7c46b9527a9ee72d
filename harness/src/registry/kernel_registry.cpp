#include "maskcheck/kernel_registry.h"

#include <dlfcn.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <deque>
#include <filesystem>

#include "maskcheck/avx2_unmask.h"
#include "maskcheck/block_unmask.h"
#include "maskcheck/cpu_features.h"
#include "maskcheck/plugin_kernel.h"
#include "maskcheck/reference_unmask.h"

namespace maskcheck {

namespace {

constexpr UnmaskFunctions kReferenceEntries{reference::unmask_words, reference::unmask_imprecise,
                                            reference::unmask_inplace, reference::unmask_exact};

const std::array<Kernel, 3> kBuiltins{{
    {"reference", "byte at a time; the oracle every other kernel is compared with",
     kReferenceEntries},
    {"block", "portable C++: 64-byte blocks, then a 32/16/8/4-byte tail", block::kEntries},
    {"avx2", "AVX2: 32-byte vectors, 128 bytes a step, stores aligned to 32 bytes", avx2::kEntries,
     cpu_has_avx2},
}};

struct LoadedKernel {
  Kernel kernel;
  std::string path;
};

// A deque: kernels handed out by find_kernel() stay where they are while more are loaded.
std::deque<LoadedKernel>& loaded_kernels() {
  static std::deque<LoadedKernel> loaded;
  return loaded;
}

const LoadedKernel* find_loaded(std::string_view name) {
  for (const LoadedKernel& loaded : loaded_kernels()) {
    if (loaded.kernel.name == name) return &loaded;
  }
  return nullptr;
}

// Names end up in case ids ("name:exact:n5:..."), so no ':' and nothing a shell would split.
bool is_valid_name(std::string_view name) {
  return !name.empty() && std::ranges::all_of(name, [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || c == '.';
  });
}

// Why a plug-in kernel cannot be registered, or "".
std::string check_plugin_kernel(const PluginKernel& kernel) {
  if (kernel.name == nullptr || !is_valid_name(kernel.name)) {
    return "a kernel name must be letters, digits, '-', '_' or '.', not '" +
           std::string(kernel.name ? kernel.name : "(null)") + "'";
  }
  if (find_kernel(kernel.name) != nullptr) {
    return "kernel '" + std::string(kernel.name) + "' is already registered";
  }
  const UnmaskFunctions& entries = kernel.entries;
  for (auto [present, entry] : {std::pair{entries.words != nullptr, "words"},
                                {entries.imprecise != nullptr, "imprecise"},
                                {entries.inplace != nullptr, "inplace"},
                                {entries.exact != nullptr, "exact"}}) {
    if (!present)
      return "kernel '" + std::string(kernel.name) + "' has no " + entry + " entry point";
  }
  return "";
}

}  // namespace

std::span<const Kernel> builtin_kernels() {
  return kBuiltins;
}

std::vector<const Kernel*> all_kernels() {
  std::vector<const Kernel*> kernels;
  for (const Kernel& kernel : kBuiltins) kernels.push_back(&kernel);
  for (const LoadedKernel& loaded : loaded_kernels()) kernels.push_back(&loaded.kernel);
  return kernels;
}

const Kernel* find_kernel(std::string_view name) {
  for (const Kernel& kernel : kBuiltins) {
    if (kernel.name == name) return &kernel;
  }
  const LoadedKernel* loaded = find_loaded(name);
  return loaded ? &loaded->kernel : nullptr;
}

const Kernel& reference_kernel() {
  return kBuiltins[0];
}

std::string load_plugin(const std::string& path) {
  std::error_code error;
  const std::string absolute = std::filesystem::absolute(path, error).lexically_normal().string();
  // Never closed: its kernels' names and functions live in it.
  void* library = dlopen(absolute.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) return "--plugin: cannot load " + path + ": " + dlerror();
  using Entry = decltype(&maskcheck_plugin_kernels);
  const auto entry = reinterpret_cast<Entry>(dlsym(library, "maskcheck_plugin_kernels"));
  if (entry == nullptr) {
    return "--plugin: " + path + " defines no maskcheck_plugin_kernels() (see plugin_kernel.h)";
  }
  std::size_t count = 0;
  unsigned abi = 0;
  const PluginKernel* kernels = entry(&count, &abi);
  if (abi != kPluginAbi) {
    return "--plugin: " + path + " was built for plug-in ABI " + std::to_string(abi) +
           ", this maskcheck has " + std::to_string(kPluginAbi) + ": rebuild it";
  }
  if (kernels == nullptr || count == 0) return "--plugin: " + path + " offers no kernels";
  const std::size_t loaded_before = loaded_kernels().size();
  for (std::size_t i = 0; i < count; ++i) {
    if (std::string why = check_plugin_kernel(kernels[i]); !why.empty()) {
      loaded_kernels().resize(loaded_before);  // all of a library's kernels or none
      return "--plugin: " + path + ": " + why;
    }
    Kernel kernel{kernels[i].name, kernels[i].summary ? kernels[i].summary : "",
                  kernels[i].entries};
    if (kernels[i].cpu_supports) kernel.cpu_supports = kernels[i].cpu_supports;
    loaded_kernels().push_back({kernel, absolute});
  }
  return "";
}

std::string load_plugins_from_environment() {
  const char* list = std::getenv("MASKCHECK_PLUGINS");
  std::string_view rest = list ? list : "";
  while (!rest.empty()) {
    const std::size_t colon = rest.find(':');
    const std::string path(rest.substr(0, colon));
    rest = colon == std::string_view::npos ? "" : rest.substr(colon + 1);
    if (path.empty()) continue;
    if (std::string error = load_plugin(path); !error.empty()) return "MASKCHECK_PLUGINS: " + error;
  }
  return "";
}

std::string plugin_path(std::string_view kernel_name) {
  const LoadedKernel* loaded = find_loaded(kernel_name);
  return loaded ? loaded->path : "";
}

std::string repro_command(std::string_view case_id) {
  const std::string path = plugin_path(case_id.substr(0, case_id.find(':')));
  return "maskcheck repro " + (path.empty() ? "" : "--plugin " + path + " ") + std::string(case_id);
}

}  // namespace maskcheck
