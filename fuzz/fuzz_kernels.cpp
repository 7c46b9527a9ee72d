#include "fuzz_kernels.h"

#include "maskcheck/kernel_registry.h"

namespace maskcheck::fuzz {

std::vector<const Kernel*> kernels_under_fuzz() {
  std::vector<const Kernel*> kernels;
  for (const Kernel& kernel : builtin_kernels()) {
    // The reference is the oracle inside every differ; comparing it with itself finds nothing.
    if (&kernel != &reference_kernel() && kernel.cpu_supports()) kernels.push_back(&kernel);
  }
  return kernels;
}

}  // namespace maskcheck::fuzz
