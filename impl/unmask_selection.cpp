#include "maskcheck/unmask_selection.h"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "maskcheck/avx2_unmask.h"
#include "maskcheck/block_unmask.h"
#include "maskcheck/cpu_features.h"

namespace maskcheck {

namespace {

constexpr std::string_view kForceVariable = "MASKCHECK_KERNEL";

constexpr std::array<UnmaskKernel, 2> kKernels{{
    {"avx2", avx2::kEntries, cpu_has_avx2},
    {"block", block::kEntries, [] { return true; }},
}};

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
