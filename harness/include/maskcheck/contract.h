// Each entry point's footprints as functions of the case, laid out in one span that starts at
// the lowest byte the call may touch (`lo`). Offsets below are relative to lo.
#pragma once

#include <cstddef>

#include "maskcheck/test_case.h"

namespace maskcheck {

struct ByteRange {
  std::size_t begin = 0;
  std::size_t end = 0;
  constexpr bool contains(std::size_t offset) const { return begin <= offset && offset < end; }
  constexpr std::size_t size() const { return end - begin; }
};

struct Contract {
  ByteRange read;
  ByteRange write;
  std::size_t src_offset = 0;
  std::size_t dst_offset = 0;
  std::size_t span = 0;  // lo .. the end of the later footprint; what the arena must expose
};

// R for `imprecise`: the payload rounded down to whole words, plus one more word.
constexpr std::size_t imprecise_extent(std::size_t n) {
  return ((n >> 2) + 1) * 4;
}
constexpr std::size_t inplace_extent(std::size_t n) {
  return (n + 3) & ~std::size_t{3};
}

Contract contract_for(const TestCase& test_case);

// Calls the kernel's entry point with src and dst placed at lo + the contract's offsets.
// Returns the phase `exact` returned, or 0 for the other entry points.
unsigned call_entry(const UnmaskFunctions& entries, const TestCase& test_case, std::uint8_t* lo);

}  // namespace maskcheck
