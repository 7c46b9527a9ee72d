#include "fuzz_kernels.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "maskcheck/kernel_registry.h"

namespace maskcheck::fuzz {

namespace {

// MASKCHECK_PLUGINS=lib1.so:lib2.so adds their kernels (maskcheck/plugin_kernel.h), so users fuzz
// their own kernel with this target as built. A library that does not load ends the run.
void load_plugins_from_environment() {
  const char* list = std::getenv("MASKCHECK_PLUGINS");
  if (list == nullptr) return;
  std::string_view rest = list;
  while (!rest.empty()) {
    const std::size_t colon = rest.find(':');
    const std::string path(rest.substr(0, colon));
    rest = colon == std::string_view::npos ? "" : rest.substr(colon + 1);
    if (path.empty()) continue;
    if (const std::string error = load_plugin(path); !error.empty()) {
      std::fprintf(stderr, "kernel_diff: MASKCHECK_PLUGINS: %s\n", error.c_str());
      std::exit(2);
    }
  }
}

}  // namespace

std::vector<const Kernel*> kernels_under_fuzz() {
  load_plugins_from_environment();
  std::vector<const Kernel*> kernels;
  for (const Kernel* kernel : all_kernels()) {
    // The reference is the oracle inside every differ; comparing it with itself finds nothing.
    if (kernel != &reference_kernel() && kernel->cpu_supports()) kernels.push_back(kernel);
  }
  return kernels;
}

}  // namespace maskcheck::fuzz
