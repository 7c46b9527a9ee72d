// The kernel_diff input: a case (entry point, key, phase, shift, alignment, length) and its
// payload, read with FuzzedDataProvider. The seed writer encodes the same layout.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "maskcheck/guarded_arena.h"
#include "maskcheck/test_case.h"

namespace maskcheck::fuzz {

// Long enough for several 64-byte blocks past a page, short enough to keep runs fast.
inline constexpr std::size_t kMaxFuzzLength = 65536 + 3;
inline constexpr unsigned kMaxFuzzShift = 64;
inline constexpr std::size_t kShortLength = 1100;

struct KernelInput {
  TestCase test_case;
  Placement placement = Placement::end_at_guard;
  std::vector<std::uint8_t> payload;
};

KernelInput read_kernel_input(std::span<const std::uint8_t> data);

// The bytes read_kernel_input turns back into this case and payload.
std::vector<std::uint8_t> write_kernel_input(const TestCase& test_case, Placement placement,
                                             std::span<const std::uint8_t> payload);

}  // namespace maskcheck::fuzz
