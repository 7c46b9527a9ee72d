#include "maskcheck/kernel_registry.h"

#include <array>

#include "maskcheck/avx2_unmask.h"
#include "maskcheck/block_unmask.h"
#include "maskcheck/cpu_features.h"
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

}  // namespace

std::span<const Kernel> builtin_kernels() {
  return kBuiltins;
}

const Kernel* find_kernel(std::string_view name) {
  for (const Kernel& kernel : kBuiltins) {
    if (kernel.name == name) return &kernel;
  }
  return nullptr;
}

const Kernel& reference_kernel() {
  return kBuiltins[0];
}

}  // namespace maskcheck
