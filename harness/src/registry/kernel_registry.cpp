#include "registry/kernel_registry.h"

#include <array>

#include "maskcheck/block_unmask.h"
#include "maskcheck/cpu_features.h"
#include "maskcheck/reference_unmask.h"
#include "registry/four_entries.h"
#include "registry/loaded_kernels.h"
#include "registry/parser_registry.h"
#include "registry/repro_program.h"

#if defined(__x86_64__)
#include "maskcheck/avx2_unmask.h"
#include "maskcheck/avx512_unmask.h"
#elif defined(__aarch64__)
#include "maskcheck/neon_unmask.h"
#endif

namespace maskcheck {

namespace {

constexpr UnmaskFunctions kReferenceFunctions{reference::unmask_words, reference::unmask_imprecise,
                                              reference::unmask_inplace, reference::unmask_exact};

// The oracle first (reference_kernel() is kBuiltins[0]), then the portable kernel, then the
// architecture's vector kernel, where it has one.
const auto kBuiltins = std::to_array<Kernel>({
  four_entry_kernel<kReferenceFunctions>(
      "reference", "byte at a time; the oracle every other kernel is compared with"),
      four_entry_kernel<block::kEntries>(
          "block", "portable C++: 64-byte blocks, then a 32/16/8/4-byte tail"),
#if defined(__x86_64__)
      four_entry_kernel<avx2::kEntries>(
          "avx2", "AVX2: 32-byte vectors, 128 bytes a step, loads aligned to 32 bytes",
          [] { return cpu_has_avx2() ? 1 : 0; }),
      four_entry_kernel<avx512::kEntries>(
          "avx512",
          "AVX-512F: avx2's shape in 64-byte vectors, 256 bytes a step, loads aligned to 64",
          [] { return cpu_has_avx512f() ? 1 : 0; }),
#elif defined(__aarch64__)
      four_entry_kernel<neon::kEntries>(
          "neon", "NEON: 16-byte vectors, 64 bytes a step, then a 32/16/8/4 tail",
          [] { return cpu_has_neon() ? 1 : 0; }),
#endif
});

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

std::string plugin_path(std::string_view kernel_name) {
  const LoadedKernel* loaded = find_loaded(kernel_name);
  return loaded ? loaded->path : "";
}

std::string kernel_repro_line(std::string_view case_id) {
  const auto [parser, kernel] = parse_subject(case_id.substr(0, case_id.find(':')));
  std::string options;
  if (const std::string path = parser_plugin_path(parser); !path.empty())
    options += "--parser-plugin " + path;
  if (const std::string path = plugin_path(kernel); !path.empty())
    options += (options.empty() ? "--plugin " : " --plugin ") + path;
  return repro_line(case_id, options);
}

}  // namespace maskcheck
