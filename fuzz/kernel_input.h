// The kernel_diff input: a case (which entry point, key, phase, shift or disjoint placement,
// alignment, length) and its payload, read with FuzzedDataProvider. The seed writer encodes the
// same layout. Kernels declare different entry points, so each fits the case to its own
// (case_for).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "kernels/case_space.h"
#include "bounds/guarded_arena.h"
#include "core/test_case.h"

namespace maskcheck::fuzz {

// Long enough for several 64-byte blocks past a page, short enough to keep runs fast.
inline constexpr std::size_t kMaxFuzzLength = 65536 + 3;
inline constexpr unsigned kMaxFuzzShift = 64;
inline constexpr std::size_t kShortLength = 1100;

inline constexpr unsigned kMaxEntryIndex = 15;

struct KernelInput {
  unsigned entry_index = 0;  // which of a kernel's entry points, modulo how many it has
  TestCase raw;              // no entry yet; shift and phase as drawn, before any contract
  // 0: the shift as drawn; 1..3: dst wholly below src, D = n + kDisjointGaps[k - 1]; 4..6: dst
  // wholly above src, kDisjointGaps[k - 4] past the read footprint; each where the contract
  // takes it
  unsigned disjoint = 0;
  Placement placement = Placement::end_at_guard;
  std::vector<std::uint8_t> payload;

  bool operator==(const KernelInput&) const = default;
};

KernelInput read_kernel_input(std::span<const std::uint8_t> data);

// The bytes read_kernel_input turns back into this input.
std::vector<std::uint8_t> write_kernel_input(const KernelInput& input);

// The input's case on one kernel: its entry point, with the length rounded down to the lengths it
// takes, the shift moved into the range it accepts (or dst wholly below src), and no phase unless
// it carries one.
TestCase case_for(const Kernel& kernel, const KernelInput& input);
// The widest shift case_for gives the kernel's entry points: what its differ must hold.
unsigned widest_shift(const Kernel& kernel);

}  // namespace maskcheck::fuzz
