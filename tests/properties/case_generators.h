// RapidCheck generators for the kernel properties: cases of the harness's case space (entry,
// length, alignment, shift, key, phase), payload bytes, and where a payload is cut into pieces.
#pragma once

#include <rapidcheck.h>

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string_view>
#include <vector>

#include "core/test_case.h"
#include "kernels/case_space.h"

namespace maskcheck {

// RapidCheck prints a generated case as its one-line id, so a counterexample reads like a repro.
void showValue(const TestCase& test_case, std::ostream& os);

}  // namespace maskcheck

namespace maskcheck::testing {

// The longest payload the kernel properties generate, the widest overlapping shift, and the widest
// placement (dst wholly below the longest payload).
inline constexpr std::size_t kLongestPayload = std::size_t{4} << 20;
inline constexpr unsigned kWidestShift = 64;
inline constexpr unsigned kWidestPlacement =
    static_cast<unsigned>(kLongestPayload + 64 + kAboveSlack);

// maskcheck's own four entry points, by name: the properties hold for any kernel declaring them.
struct CaseShape {
  std::vector<std::string_view> entries{"words", "imprecise", "inplace", "exact"};
  unsigned min_shift = 0;  // for the entry points that move data, within their contracts
  unsigned max_shift = kWidestShift;
  // one case in eight dst wholly below src (D = n + gap), one in eight wholly above, where the
  // contract takes it
  bool disjoint = true;
};

// Zero and all-ones keys often, since servers shortcut them, and any other key.
rc::Gen<Key> keys();
// Mostly short payloads (every tail and block boundary), sometimes up to 70001, rarely up to
// kLongestPayload; lengths are drawn with inRange because containers are capped at the size.
rc::Gen<std::size_t> payload_lengths();
// Valid cases for the kernel's entry points the shape names (validate_case accepts every one).
rc::Gen<TestCase> test_cases(const Kernel& kernel, CaseShape shape = {});
// Strictly ascending offsets inside (0, size): where one piece ends and the next begins.
rc::Gen<std::vector<std::size_t>> cuts_within(std::size_t size);

// Reproducible payload bytes: the same salt gives the same bytes.
std::vector<std::uint8_t> pattern_bytes(std::size_t size, std::uint32_t salt);

}  // namespace maskcheck::testing
