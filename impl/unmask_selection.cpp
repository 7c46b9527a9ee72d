#include "maskcheck/unmask_selection.h"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "maskcheck/block_unmask.h"
#include "maskcheck/cpu_features.h"

#if defined(__x86_64__)
#include "maskcheck/avx2_unmask.h"
#include "maskcheck/avx512_unmask.h"
#elif defined(__aarch64__)
#include "maskcheck/neon_unmask.h"
#endif

namespace maskcheck {

namespace {

constexpr std::string_view kForceVariable = "MASKCHECK_KERNEL";

// The architecture's vector kernels, widest first, if it has any, then the portable one.
constexpr auto kKernels = std::to_array<UnmaskKernel>({
#if defined(__x86_64__)
  {"avx512", avx512::kEntries, cpu_has_avx512f},
  {"avx2", avx2::kEntries, cpu_has_avx2},
#elif defined(__aarch64__)
  {"neon", neon::kEntries, cpu_has_neon},
#endif
      {"block", block::kEntries, [] { return true; }},
});

[[noreturn]] void refuse(std::string_view forced, const std::string& reason) {
  std::fprintf(stderr, "maskcheck: %s=%.*s: %s\n", kForceVariable.data(),
               static_cast<int>(forced.size()), forced.data(), reason.c_str());
  std::abort();
}

std::string known_names() {
  std::string names;
  for (const UnmaskKernel& kernel : kKernels) {
    names += names.empty() ? "" : ", ";
    names += kernel.name;
  }
  return names;
}

const UnmaskKernel& select() {
  const char* forced = std::getenv(kForceVariable.data());
  if (forced != nullptr && *forced != '\0') {
    for (const UnmaskKernel& kernel : kKernels) {
      if (kernel.name != forced) continue;
      if (!kernel.supported()) refuse(forced, "this CPU cannot run that kernel");
      return kernel;
    }
    refuse(forced, "unknown kernel (known: " + known_names() + ")");
  }
  for (const UnmaskKernel& kernel : kKernels) {
    if (kernel.supported()) return kernel;
  }
  return kKernels.back();  // the portable kernel runs everywhere
}

}  // namespace

std::span<const UnmaskKernel> unmask_kernels() {
  return kKernels;
}

const SelectedUnmask& fastest_unmask() {
  static const UnmaskKernel& selected = select();
  return selected;
}

}  // namespace maskcheck
