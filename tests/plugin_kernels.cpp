// A plug-in kernel library, as a user would write one: a correct byte-loop kernel and one that
// writes a byte past its `exact` footprint, which a sweep through --plugin must catch. Built a
// second time with the wrong ABI number, which maskcheck must refuse to load.
#include "maskcheck/plugin_kernel.h"

namespace {

using maskcheck::Key;

void xor_bytes(std::uint8_t* dst, const std::uint8_t* src, std::size_t count, Key key,
               unsigned phase) {
  for (std::size_t i = 0; i < count; ++i)
    dst[i] = static_cast<std::uint8_t>(src[i] ^ key[(phase + i) & 3]);
}

template <bool kWritesPastEnd>
constexpr maskcheck::UnmaskFunctions byte_loop_entries() {
  return {
      [](std::uint8_t* dst, const std::uint8_t* src, std::size_t n4, Key key) {
        xor_bytes(dst, src, n4, key, 0);
      },
      [](std::uint8_t* dst, const std::uint8_t* src, Key key, std::size_t n) {
        xor_bytes(dst, src, ((n >> 2) + 1) * 4, key, 0);
      },
      [](std::uint8_t* data, Key key, std::size_t n) {
        xor_bytes(data, data, (n + 3) & ~std::size_t{3}, key, 0);
      },
      [](std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key, unsigned phase) {
        xor_bytes(dst, src, n + (kWritesPastEnd ? 1 : 0), key, phase);
        return static_cast<unsigned>((phase + n) & 3);
      },
  };
}

const maskcheck::PluginKernel kKernels[]{
    {"plugin-bytes", "a byte loop from a plug-in library", byte_loop_entries<false>(), nullptr},
    {"plugin-write-past-end", "exact writes one byte past n", byte_loop_entries<true>(), nullptr},
};

}  // namespace

extern "C" const maskcheck::PluginKernel* maskcheck_plugin_kernels(std::size_t* count,
                                                                   unsigned* abi) {
  *count = sizeof kKernels / sizeof kKernels[0];
  *abi = maskcheck::kPluginAbi + PLUGIN_ABI_OFFSET;
  return kKernels;
}
