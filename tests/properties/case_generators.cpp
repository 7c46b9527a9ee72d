#include "properties/case_generators.h"

#include <algorithm>
#include <limits>

#include "kernels/case_space.h"

namespace maskcheck {

void showValue(const TestCase& test_case, std::ostream& os) {
  os << case_id("case", test_case);
}

}  // namespace maskcheck

namespace maskcheck::testing {

rc::Gen<Key> keys() {
  const auto any_key = rc::gen::map(
      rc::gen::inRange<std::uint64_t>(0, std::uint64_t{1} << 32), [](std::uint64_t bits) {
        return Key{static_cast<std::uint8_t>(bits >> 24), static_cast<std::uint8_t>(bits >> 16),
                   static_cast<std::uint8_t>(bits >> 8), static_cast<std::uint8_t>(bits)};
      });
  return rc::gen::weightedOneOf<Key>({{1, rc::gen::just(Key{0, 0, 0, 0})},
                                      {1, rc::gen::just(Key{0xff, 0xff, 0xff, 0xff})},
                                      {6, any_key}});
}

rc::Gen<std::size_t> payload_lengths() {
  return rc::gen::weightedOneOf<std::size_t>(
      {{16, rc::gen::inRange<std::size_t>(0, 300)},
       {4, rc::gen::inRange<std::size_t>(0, 70002)},
       {1, rc::gen::inRange<std::size_t>(0, kLongestPayload + 1)}});
}

rc::Gen<TestCase> test_cases(const Kernel& kernel, CaseShape shape) {
  return rc::gen::exec([&kernel, shape] {
    TestCase c;
    c.entry = kernel.entry(*rc::gen::elementOf(shape.entries));
    const Entry& entry = *c.entry;
    c.length = *payload_lengths();
    c.length -= c.length % entry.length_multiple;
    c.alignment = *rc::gen::inRange(0u, 64u);
    if (moves_data(entry)) {
      const unsigned widest = std::min<std::uint64_t>(shape.max_shift, entry.max_shift);
      c.shift = *rc::gen::inRange(std::max<unsigned>(shape.min_shift, entry.min_shift), widest + 1);
      const int placement = shape.disjoint ? *rc::gen::inRange(0, 8) : 2;
      const std::size_t gap = *rc::gen::elementOf(kDisjointGaps);
      if (placement == 0 && accepts_shift(entry, c.length + gap) &&
          c.length + gap >= shape.min_shift)
        c.shift = static_cast<unsigned>(c.length + gap);
      if (placement == 1 && accepts_above(entry, above_shift(entry, c.length, gap), c.length)) {
        c.shift = static_cast<unsigned>(above_shift(entry, c.length, gap));
        c.dst_above = true;
      }
    }
    c.key = *keys();
    if (carries_position(entry)) c.phase = *rc::gen::inRange(0u, 4u);
    return c;
  });
}

rc::Gen<std::vector<std::size_t>> cuts_within(std::size_t size) {
  if (size < 2) return rc::gen::just(std::vector<std::size_t>{});
  return rc::gen::map(
      rc::gen::container<std::vector<std::size_t>>(rc::gen::inRange<std::size_t>(1, size)),
      [](std::vector<std::size_t> cuts) {
        std::sort(cuts.begin(), cuts.end());
        cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
        return cuts;
      });
}

std::vector<std::uint8_t> pattern_bytes(std::size_t size, std::uint32_t salt) {
  std::vector<std::uint8_t> bytes(size);
  // A 64-bit LCG's top byte: cheap enough for 4 MiB per case, and no key-length period.
  std::uint64_t state = salt;
  for (auto& byte : bytes) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    byte = static_cast<std::uint8_t>(state >> 56);
  }
  return bytes;
}

}  // namespace maskcheck::testing
