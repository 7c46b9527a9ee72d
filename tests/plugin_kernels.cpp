// A plug-in kernel library, as a user would write one: a correct byte-loop kernel, one that
// writes a byte past its `exact` footprint, which a sweep through --plugin must catch, and one
// whose `exact` gets the last byte wrong for some lengths only, scattered over the case space.
// Built a second time with the wrong ABI number, which maskcheck must refuse to load.
#include "maskcheck/plugin_kernel.h"

namespace {

using maskcheck::Key;

void xor_bytes(std::uint8_t* dst, const std::uint8_t* src, std::size_t count, Key key,
               unsigned phase) {
  for (std::size_t i = 0; i < count; ++i)
    dst[i] = static_cast<std::uint8_t>(src[i] ^ key[(phase + i) & 3]);
}

enum class Flaw { none, writes_past_end, some_lengths_wrong };

template <Flaw kFlaw>
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
        xor_bytes(dst, src, n + (kFlaw == Flaw::writes_past_end ? 1 : 0), key, phase);
        if (kFlaw == Flaw::some_lengths_wrong && n % 5 == 3) dst[n - 1] ^= 0x10;
        return static_cast<unsigned>((phase + n) & 3);
      },
  };
}

const maskcheck::PluginKernel kKernels[]{
    {"plugin-bytes", "a byte loop from a plug-in library", byte_loop_entries<Flaw::none>(),
     nullptr},
    {"plugin-write-past-end", "exact writes one byte past n",
     byte_loop_entries<Flaw::writes_past_end>(), nullptr},
    {"plugin-some-lengths-wrong", "exact flips a bit of the last byte when n % 5 == 3",
     byte_loop_entries<Flaw::some_lengths_wrong>(), nullptr},
};

}  // namespace

extern "C" const maskcheck::PluginKernel* maskcheck_plugin_kernels(std::size_t* count,
                                                                   unsigned* abi) {
  *count = sizeof kKernels / sizeof kKernels[0];
  *abi = maskcheck::kPluginAbi + PLUGIN_ABI_OFFSET;
  return kKernels;
}
