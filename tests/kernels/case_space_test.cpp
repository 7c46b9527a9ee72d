// The full case space is as large and as complete as the foundation promises.
#include "kernels/case_space.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <set>
#include <tuple>

#include "core/message_limits.h"
#include "registry/kernel_registry.h"

namespace maskcheck {
namespace {

// Three placements, so three candidate calls per case (one in the span tier).
constexpr std::uint64_t kCallsPerCase = 3;
constexpr std::size_t kMiB = std::size_t{1} << 20;
// The hand-run check this harness replaced covered 78,517 cases; the sweep must do 100x that.
constexpr std::uint64_t kHandRunCases = 78'517;

// maskcheck's own four entry points, as the built-in kernels declare them.
const Entry& own(std::string_view name) {
  return *reference_kernel().entry(name);
}

TEST(CaseSpace, EveryEntryPointMakesAMillionKernelCalls) {
  std::uint64_t total = 0;
  for (const Entry& entry : reference_kernel().entries) {
    const std::uint64_t cases = count_cases(entry, full_case_space());
    EXPECT_GE(cases * kCallsPerCase, 1'000'000u) << entry.name;
    total += cases;
  }
  EXPECT_GE(total, 100 * kHandRunCases);
}

// The README's table. Declaring the four contracts as data changed no case; the disjoint placements
// added 47,288 to words and 188,645 each to imprecise and exact, dst above src 196,965 to exact
// (three in each of its 65,655 cells), and the span tier 149 to words and 462 to each other entry.
TEST(CaseSpace, TheOwnEntryPointsKeepTheirCaseCounts) {
  const std::map<std::string_view, std::uint64_t> expected{
      {"words", 1'544'965}, {"imprecise", 3'207'752}, {"inplace", 525'647}, {"exact", 3'995'117}};
  for (const auto& [name, cases] : expected)
    EXPECT_EQ(count_cases(own(name), full_case_space()), cases) << name;
}

// The space the cross presets sweep under qemu: over a million cases per kernel, every shift and
// key, every length to 300 at 32 alignments, the large lengths too.
TEST(CaseSpace, TheEmulationSpaceHoldsOverAMillionCasesPerKernel) {
  const CaseSpace space = emulation_case_space();
  std::uint64_t cases = 0;
  for (std::string_view name : {"words", "imprecise", "inplace", "exact"})
    cases += count_cases(own(name), space);
  EXPECT_GE(cases, 1'000'000u);
  std::set<unsigned> shifts;
  std::set<Key> keys;
  std::set<std::size_t> lengths;
  for_each_case(own("exact"), space, [&](const TestCase& c) {
    if (!c.dst_above) shifts.insert(c.shift);
    keys.insert(c.key);
    lengths.insert(c.length);
    return true;
  });
  for (unsigned shift : space.shifts) EXPECT_TRUE(shifts.contains(shift)) << shift;
  EXPECT_EQ(keys.size(), space.keys.size());
  EXPECT_EQ(lengths.size(), 301 + space.large_lengths.size());
  std::cout << "emulation case space: " << cases << " cases per kernel\n";
}

// A declared shift range and a carried key position shape the variants, whatever the name.
TEST(CaseSpace, VariantsFollowTheDeclaration) {
  Entry narrow = own("exact");
  narrow.min_shift = 4;
  narrow.max_shift = 8;
  narrow.key = MASKCHECK_KEY_ROTATED;
  std::set<unsigned> shifts;
  std::set<unsigned> phases;
  for_each_case(narrow, full_case_space(), [&](const TestCase& c) {
    if (!c.dst_above) shifts.insert(c.shift);
    phases.insert(c.phase);
    return true;
  });
  EXPECT_EQ(shifts, (std::set<unsigned>{4, 5, 6, 7, 8}));
  EXPECT_EQ(phases, (std::set<unsigned>{0, 1, 2, 3}));
}

TEST(CaseSpace, WordsLengthsAreWholeWordsAndIncludeTheLargeOnes) {
  std::set<std::size_t> lengths;
  for_each_case(own("words"), full_case_space(), [&](const TestCase& c) {
    lengths.insert(c.length);
    return true;
  });
  EXPECT_TRUE(
      std::all_of(lengths.begin(), lengths.end(), [](std::size_t n) { return n % 4 == 0; }));
  EXPECT_TRUE(lengths.count(1u << 20));
  EXPECT_TRUE(lengths.count(524284));
  // 0..1024 and the large tier give 257 + 8; the span tier 14 powers and neighbours and 93
  // remainders, one of which, 1 MiB, the large tier's 1 MiB + 3 already rounds to.
  EXPECT_EQ(lengths.size(), 257u + 8u + 14u + 93u - 1u);
}

class CaseSpaceCoverage : public testing::TestWithParam<std::string_view> {};

// Every length meets every server shift with the zero and a non-zero key in every alignment, and
// every (shift, key, phase) at least once across its alignments.
TEST_P(CaseSpaceCoverage, EveryLengthSeesEveryVariant) {
  const Entry& entry = own(GetParam());
  CaseSpace space = full_case_space();
  space.lengths = {0, 1, 63, 64, 65, 300, 1023, 1024};
  space.large_lengths.clear();
  clear_span_tier(space);
  std::map<std::size_t, std::set<std::tuple<unsigned, Key, unsigned>>> variants;
  std::map<std::tuple<std::size_t, unsigned, unsigned>, std::set<Key>> server_keys;
  for_each_case(entry, space, [&](const TestCase& c) {
    if (c.shift > 64) return true;  // the disjoint placements: their own test
    variants[c.length].insert({c.shift, c.key, c.phase});
    if (std::count(kServerShifts.begin(), kServerShifts.end(), c.shift)) {
      server_keys[{c.length, c.alignment, c.shift}].insert(c.key);
    }
    return true;
  });
  const std::size_t shifts = moves_data(entry) ? space.shifts.size() : 1;
  const std::size_t phases = carries_position(entry) ? 4 : 1;
  ASSERT_FALSE(variants.empty());
  for (const auto& [length, seen] : variants) {
    EXPECT_EQ(seen.size(), shifts * space.keys.size() * phases) << "length " << length;
  }
  const Key zero{};
  for (const auto& [cell, keys] : server_keys) {
    EXPECT_TRUE(keys.count(zero)) << "length " << std::get<0>(cell) << " shift "
                                  << std::get<2>(cell);
    EXPECT_GE(keys.size(), 3u);
  }
}

// Every cell of an entry that takes the placement puts dst wholly below (or above) src, adjacent,
// one byte and a cache line apart, with every key and phase turning up across the alignments.
void expect_disjoint_placements_in_every_cell(const Entry& entry, bool above) {
  const CaseSpace space = full_case_space();
  std::map<std::pair<std::size_t, unsigned>, std::set<std::size_t>> gaps;
  std::map<std::size_t, std::set<std::pair<Key, unsigned>>> keys_and_phases;
  for_each_case(entry, space, [&](const TestCase& c) {
    const bool disjoint = above ? c.dst_above : !c.dst_above && c.shift > 64 && c.shift >= c.length;
    if (disjoint) {
      gaps[{c.length, c.alignment}].insert(c.shift - c.length);
      keys_and_phases[c.length].insert({c.key, c.phase});
    }
    return true;
  });
  if (!moves_data(entry) || (above && entry.dst_above == 0)) {
    EXPECT_TRUE(gaps.empty());
    return;
  }
  std::vector<std::size_t> lengths{68, 300, 1024, 65536, (std::size_t{1} << 20) + 3};
  if (above) lengths.insert(lengths.begin(), {0, 1, 5});  // no shift list covers them above
  for (std::size_t n : lengths) {
    const std::size_t length = n - n % entry.length_multiple;
    for (unsigned alignment : length > 1024 ? space.large_alignments : space.alignments) {
      const std::set<std::size_t> seen = gaps[{length, alignment}];
      EXPECT_EQ(seen, (std::set<std::size_t>{0, 1, 64})) << "n " << length << " a " << alignment;
    }
    const std::size_t pairs = space.keys.size() * (carries_position(entry) ? 4 : 1);
    if (length <= 1024) {
      EXPECT_EQ(keys_and_phases[length].size(), pairs) << "n " << length;
    } else {
      EXPECT_GE(keys_and_phases[length].size(), 3u) << "n " << length;  // five alignments only
    }
  }
  EXPECT_GE(widest_shift(space), (std::size_t{1} << 20) + 3 + 64);
}

TEST_P(CaseSpaceCoverage, EveryCellAlsoPlacesDstWhollyBelowSrc) {
  expect_disjoint_placements_in_every_cell(own(GetParam()), false);
}

TEST_P(CaseSpaceCoverage, EveryCellAlsoPlacesDstWhollyAboveSrcWhereDeclared) {
  expect_disjoint_placements_in_every_cell(own(GetParam()), true);
}

// The span tier: every power of two from 1 MiB to the parser's default message limit and its
// neighbours at alignments 0, 1, 31 and 63, every remainder modulo 128 just past 8, 16 and 64 MiB,
// one case per cell, dst never disjoint; across the cells the keys, shifts and phases all turn up.
// (How many placements the differ checks each in: the sweep tests count its calls.)
TEST_P(CaseSpaceCoverage, TheSpanTierReachesTheDefaultMessageLimit) {
  const Entry& entry = own(GetParam());
  CaseSpace space = full_case_space();
  space.lengths.clear();
  space.large_lengths.clear();
  std::map<std::size_t, std::set<unsigned>> alignments;
  std::set<Key> keys;
  std::set<unsigned> shifts;
  std::set<unsigned> phases;
  for_each_case(entry, space, [&](const TestCase& c) {
    EXPECT_TRUE(alignments[c.length].insert(c.alignment).second) << c.length;
    EXPECT_LE(c.shift, 64u);
    EXPECT_FALSE(c.dst_above);
    keys.insert(c.key);
    shifts.insert(c.shift);
    phases.insert(c.phase);
    return true;
  });
  const auto whole = [&](std::size_t n) { return n - n % entry.length_multiple; };
  for (std::size_t power = kMiB; power <= kDefaultMessageSizeLimit; power *= 2) {
    for (std::size_t n : {power - 1, power, power + 1})
      EXPECT_EQ(alignments[whole(n)], (std::set<unsigned>{0, 1, 31, 63})) << "n " << n;
  }
  for (std::size_t power : {8 * kMiB, 16 * kMiB, 64 * kMiB}) {
    for (std::size_t remainder = 1; remainder < 128; ++remainder)
      EXPECT_TRUE(alignments.count(whole(power + remainder))) << power << " + " << remainder;
  }
  EXPECT_EQ(keys.size(), space.keys.size());
  EXPECT_GE(shifts.size(), moves_data(entry) ? 20u : 1u);
  EXPECT_EQ(phases.size(), carries_position(entry) ? 4u : 1u);
}

INSTANTIATE_TEST_SUITE_P(EveryEntryPoint, CaseSpaceCoverage,
                         testing::Values("words", "imprecise", "inplace", "exact"),
                         [](const auto& param) { return std::string(param.param); });

TEST(CaseSpace, VisitingStopsWhenAsked) {
  std::uint64_t visited = 0;
  const bool finished = for_each_case(own("exact"), full_case_space(),
                                      [&](const TestCase&) { return ++visited < 10; });
  EXPECT_FALSE(finished);
  EXPECT_EQ(visited, 10u);
}

}  // namespace
}  // namespace maskcheck
