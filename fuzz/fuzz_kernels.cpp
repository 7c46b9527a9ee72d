#include "fuzz_kernels.h"

#include <cstdio>
#include <cstdlib>

#include "registry/kernel_registry.h"

namespace maskcheck::fuzz {

std::vector<const Kernel*> kernels_under_fuzz() {
  // Users fuzz their own kernels with this target as built; one that does not load ends the run.
  if (const std::string error = load_plugins_from_environment(); !error.empty()) {
    std::fprintf(stderr, "kernel_diff: %s\n", error.c_str());
    std::exit(2);
  }
  std::vector<const Kernel*> kernels;
  for (const Kernel* kernel : all_kernels()) {
    // The reference is the oracle inside every differ; comparing it with itself finds nothing.
    if (kernel != &reference_kernel() && kernel->runs_here()) kernels.push_back(kernel);
  }
  return kernels;
}

}  // namespace maskcheck::fuzz
