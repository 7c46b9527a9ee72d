// A kernel is a named set of the four entry points, as plain function pointers, so that the
// reference, impl/ kernels, and broken kernels in tests/ all plug in the same way.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace maskcheck {

using Key = std::array<std::uint8_t, 4>;

struct KernelEntries {
  void (*words)(std::uint8_t* dst, const std::uint8_t* src, std::size_t n4, Key key);
  void (*imprecise)(std::uint8_t* dst, const std::uint8_t* src, Key key, std::size_t n);
  void (*inplace)(std::uint8_t* data, Key key, std::size_t n);
  unsigned (*exact)(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key,
                    unsigned phase);
};

struct Kernel {
  std::string_view name;
  std::string_view summary;
  KernelEntries entries;
  // Whether this CPU can run the kernel; portable kernels always can.
  bool (*cpu_supports)() = [] { return true; };
};

}  // namespace maskcheck
