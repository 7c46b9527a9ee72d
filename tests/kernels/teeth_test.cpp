// The harness's own teeth: every deliberately broken kernel is caught on every entry point it
// breaks (by ASan where that is built in, else by guard pages, canaries and the oracle), and no
// entry point it leaves alone raises a false alarm.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <iostream>
#include <numeric>

#include "core/sanitizers.h"
#include "kernels/sweep.h"
#include "planted/broken_kernels.h"
#include "support/swept_kernels.h"
#include "support/swept_space.h"

namespace maskcheck::testing {
namespace {

// Long enough for the 300-byte flaw and for tails behind several 64-byte blocks.
CaseSpace space_up_to(std::size_t longest) {
  CaseSpace space = swept_case_space();
  space.lengths.resize(longest + 1);
  std::iota(space.lengths.begin(), space.lengths.end(), std::size_t{0});
  space.large_lengths.clear();
  return space;
}

SweepResult sweep_until_first_failure(const Kernel& kernel, std::string_view entry,
                                      std::size_t longest) {
  SweepOptions options;
  options.max_failures = 1;
  return run_sweep(kernel, *kernel.entry(entry), space_up_to(longest), options);
}

class Teeth : public ::testing::TestWithParam<const BrokenKernel*> {};

// A bug only on disjoint buffers is caught by the disjoint placements and by nothing else.
TEST(DisjointPlacements, AloneCatchABugThatLivesOnlyThere) {
  const auto broken = std::ranges::find(broken_kernels(), std::string_view("broken-disjoint"),
                                        [](const BrokenKernel& b) { return b.kernel.name; });
  ASSERT_NE(broken, broken_kernels().end());
  MASKCHECK_SKIP_UNLESS_SWEPT_HERE(broken->kernel);
  const Entry& exact = *broken->kernel.entry("exact");
  CaseSpace overlapping = space_up_to(320);
  overlapping.disjoint_gaps.clear();
  EXPECT_EQ(run_sweep(broken->kernel, exact, overlapping, {}).failed_cases, 0u);
  const SweepResult result = sweep_until_first_failure(broken->kernel, "exact", 320);
  ASSERT_EQ(result.failures.size(), 1u);
  const auto parsed = parse_case_id(result.failures.front().case_id);
  ASSERT_TRUE(std::holds_alternative<ParsedCaseId>(parsed));
  const TestCase& caught = std::get<ParsedCaseId>(parsed).test_case;
  EXPECT_GE(caught.shift, caught.length) << format_failure(result.failures.front());
  EXPECT_GT(caught.shift, 64u);
}

// A bug only when dst lies wholly above src is caught by those placements and by nothing else.
TEST(DstAboveSrc, AloneCatchesABugThatLivesOnlyThere) {
  const auto broken = std::ranges::find(broken_kernels(), std::string_view("broken-above"),
                                        [](const BrokenKernel& b) { return b.kernel.name; });
  ASSERT_NE(broken, broken_kernels().end());
  MASKCHECK_SKIP_UNLESS_SWEPT_HERE(broken->kernel);
  const Entry& exact = *broken->kernel.entry("exact");
  Entry below_only = exact;
  below_only.dst_above = 0;
  EXPECT_EQ(run_sweep(broken->kernel, below_only, space_up_to(320), {}).failed_cases, 0u);
  const SweepResult result = sweep_until_first_failure(broken->kernel, "exact", 320);
  ASSERT_EQ(result.failures.size(), 1u);
  const auto parsed = parse_case_id(result.failures.front().case_id);
  ASSERT_TRUE(std::holds_alternative<ParsedCaseId>(parsed));
  EXPECT_TRUE(std::get<ParsedCaseId>(parsed).test_case.dst_above)
      << format_failure(result.failures.front());
}

// A bug past 8 MiB passes every tier up to 1 MiB + 3 and is caught by the span tier, at the first
// length past 8 MiB.
TEST(SpanTier, AloneCatchesABugPast8MiB) {
#ifdef MASKCHECK_EMULATED
  GTEST_SKIP() << "the emulated sweeps have no span tier (emulation_case_space)";
#endif
  const BrokenKernel& broken = broken_past_8_mib();
  const Entry& exact = *broken.kernel.entry("exact");
  CaseSpace below_spans = full_case_space();
  below_spans.lengths.resize(65);
  clear_span_tier(below_spans);
  EXPECT_EQ(run_sweep(broken.kernel, exact, below_spans, {}).failed_cases, 0u);
  CaseSpace spans = full_case_space();
  spans.lengths.clear();
  spans.large_lengths.clear();
  SweepOptions first_only;
  first_only.max_failures = 1;
  const SweepResult result = run_sweep(broken.kernel, exact, spans, first_only);
  ASSERT_EQ(result.failures.size(), 1u);
  EXPECT_EQ(result.failures.front().kind, FailureKind::mismatch);
  const auto parsed = parse_case_id(result.failures.front().case_id);
  ASSERT_TRUE(std::holds_alternative<ParsedCaseId>(parsed));
  EXPECT_EQ(std::get<ParsedCaseId>(parsed).test_case.length, (std::size_t{8} << 20) + 1)
      << format_failure(result.failures.front());
}

// A kernel wrong only on a big-endian CPU: the s390x preset catches it on every entry point, at
// the first whole word; little-endian builds (x86-64, AArch64) pass it, so the catch is the byte
// order's and the s390x run is what sees it.
TEST(ByteOrder, AKeyWordBuiltLittleEndianIsCaughtOnBigEndianOnly) {
  const BrokenKernel& broken = broken_on_big_endian();
  for (std::string_view entry : broken.breaks) {
    SCOPED_TRACE(entry);
    const SweepResult result = sweep_until_first_failure(broken.kernel, entry, 72);
    if constexpr (std::endian::native == std::endian::little) {
      EXPECT_EQ(result.failed_cases, 0u);
      continue;
    }
    ASSERT_EQ(result.failures.size(), 1u);
    EXPECT_EQ(result.failures.front().kind, FailureKind::mismatch);
    const auto parsed = parse_case_id(result.failures.front().case_id);
    ASSERT_TRUE(std::holds_alternative<ParsedCaseId>(parsed));
    EXPECT_LE(std::get<ParsedCaseId>(parsed).test_case.length, 4u)
        << format_failure(result.failures.front());
  }
}

TEST_P(Teeth, CaughtOnEveryEntryPointItBreaks) {
  const BrokenKernel& broken = *GetParam();
  MASKCHECK_SKIP_UNLESS_SWEPT_HERE(broken.kernel);
  ASSERT_FALSE(broken.breaks.empty());
  for (std::string_view entry : broken.breaks) {
    SCOPED_TRACE(entry);
    if (kAddressSanitizer && broken.asan_stops_it) {
      const std::string id_start = std::string(broken.kernel.name) + ":" + std::string(entry) + ":";
      const std::string expected = "AddressSanitizer(.|\n)*maskcheck: the process died in case " +
                                   id_start + "[^\n]*\nmaskcheck: repro: [^ ]*maskcheck repro " +
                                   id_start;
      EXPECT_DEATH(sweep_until_first_failure(broken.kernel, entry, 320), expected);
      continue;
    }
    const SweepResult result = sweep_until_first_failure(broken.kernel, entry, 320);
    ASSERT_EQ(result.failures.size(), 1u);
    const Failure& failure = result.failures.front();
    EXPECT_NE(std::find(broken.reported_as.begin(), broken.reported_as.end(), failure.kind),
              broken.reported_as.end())
        << format_failure(failure);
    std::cout << "caught after " << result.cases << " cases:\n" << format_failure(failure);
  }
}

// Spread over threads, a sweep still reports the failures a one-thread sweep reports, in order.
TEST_P(Teeth, SameFailuresOnAnyNumberOfThreads) {
  const BrokenKernel& broken = *GetParam();
  MASKCHECK_SKIP_UNLESS_SWEPT_HERE(broken.kernel);
  if (kAddressSanitizer && broken.asan_stops_it) GTEST_SKIP() << "ASan ends the process instead";
  bool compared_failures = false;
  for (std::string_view entry : broken.breaks) {
    SCOPED_TRACE(entry);
    SweepOptions options;
    options.max_failures = 5;
    const Entry& declared = *broken.kernel.entry(entry);
    const SweepResult one = run_sweep(broken.kernel, declared, space_up_to(96), options);
    options.jobs = 3;
    const SweepResult three = run_sweep(broken.kernel, declared, space_up_to(96), options);
    compared_failures |= !one.failures.empty();
    EXPECT_EQ(one.cases, three.cases);
    EXPECT_EQ(one.candidate_calls(), three.candidate_calls());
    EXPECT_EQ(one.failed_cases, three.failed_cases);
    ASSERT_EQ(one.failures.size(), three.failures.size());
    for (std::size_t i = 0; i < one.failures.size(); ++i) {
      EXPECT_EQ(format_failure(one.failures[i]), format_failure(three.failures[i]));
    }
  }
  if (!compared_failures) GTEST_SKIP() << "it fails only past 96 bytes: too slow to sweep twice";
}

bool breaks(const BrokenKernel& broken, std::string_view entry) {
  return std::find(broken.breaks.begin(), broken.breaks.end(), entry) != broken.breaks.end();
}

class NoFalseAlarm : public ::testing::TestWithParam<const BrokenKernel*> {};

TEST_P(NoFalseAlarm, OnEntryPointsItLeavesAlone) {
  const BrokenKernel& broken = *GetParam();
  MASKCHECK_SKIP_UNLESS_SWEPT_HERE(broken.kernel);
  for (const Entry& declared : broken.kernel.entries) {
    const std::string_view entry = declared.name;
    if (breaks(broken, entry)) continue;
    const SweepResult result = sweep_until_first_failure(broken.kernel, entry, 96);
    EXPECT_GT(result.cases, 0u);
    EXPECT_TRUE(result.failures.empty()) << format_failure(result.failures.front());
  }
}

std::vector<const BrokenKernel*> broken_where(bool (*keep)(const BrokenKernel&)) {
  std::vector<const BrokenKernel*> kernels;
  for (const BrokenKernel& broken : broken_kernels()) {
    if (keep(broken)) kernels.push_back(&broken);
  }
  return kernels;
}

std::string test_name(const ::testing::TestParamInfo<const BrokenKernel*>& info) {
  std::string name(info.param->kernel.name);
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(
    BrokenKernels, Teeth,
    ::testing::ValuesIn(broken_where([](const BrokenKernel&) { return true; })), test_name);
INSTANTIATE_TEST_SUITE_P(BrokenKernels, NoFalseAlarm,
                         ::testing::ValuesIn(broken_where([](const BrokenKernel& broken) {
                           return broken.breaks.size() < broken.kernel.entries.size();
                         })),
                         test_name);

}  // namespace
}  // namespace maskcheck::testing
