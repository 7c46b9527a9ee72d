// What one case's window holds before the call and must hold after it, told by where each byte
// comes from: the canary fill, the input over the read footprint, or the reference's output over
// the bytes the call must (or may) unmask. Nothing is copied out per case: the window is written
// from these sources and compared with them piece by piece, so a 64 MiB case costs one memcpy in
// and one memcmp out. Offsets count from lo, the span's first byte; a window [first, last) may
// start before it, and `window` points at its byte `first`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "bounds/guarded_arena.h"
#include "kernels/canary_fill.h"
#include "kernels/contract.h"

namespace maskcheck {

// The bytes the reference's output covers: the payload, or the whole write footprint where the
// bytes past the payload must or may be unmasked too.
ByteRange unmasked_range(const Contract& contract, maskcheck_beyond_payload beyond);

struct WindowExpectation {
  const Contract& contract;
  maskcheck_beyond_payload beyond;
  const CanaryFill& canary;      // at fill position offset + kCanaryBytes
  const std::uint8_t* input;     // the read footprint's bytes
  const std::uint8_t* unmasked;  // the reference's output over unmasked_range()

  // The window as the harness fills it before the call.
  void write_before(std::uint8_t* window, std::ptrdiff_t first, std::ptrdiff_t last) const;
  // Whether the window holds what a correct call leaves.
  bool matches(const std::uint8_t* window, std::ptrdiff_t first, std::ptrdiff_t last) const;
  // The bytes a report compares the window with: where the contract lets a byte be either its old
  // value or unmasked, whichever the window holds.
  std::vector<std::uint8_t> expected(const std::uint8_t* window, std::ptrdiff_t first,
                                     std::ptrdiff_t last) const;

 private:
  const std::uint8_t* unmasked_at(std::ptrdiff_t offset) const;
};

}  // namespace maskcheck
