// The full sweep: every kernel under test against the reference over the whole case space.
#include "kernels/sweep.h"

#include <gtest/gtest.h>

#include <iostream>

#include "kernels/differ.h"
#include "registry/kernel_registry.h"
#include "support/swept_kernels.h"
#include "support/swept_space.h"

namespace maskcheck {
namespace {

void expect_clean_sweep(const Kernel& kernel, std::string_view entry_name, const CaseSpace& space) {
  const Entry& entry = *kernel.entry(entry_name);
  MASKCHECK_SKIP_UNLESS_SWEPT_HERE(kernel);
  const SweepResult result = run_sweep(kernel, entry, space, SweepOptions{});
  EXPECT_EQ(result.cases, count_cases(entry, space));
  EXPECT_GT(result.cases, 0u);
  std::uint64_t calls = 0;
  for_each_case(entry, space, [&](const TestCase& c) {
    calls += placements_checked(c);
    return true;
  });
  EXPECT_EQ(result.candidate_calls(), calls);
  EXPECT_EQ(result.failed_cases, 0u);
  for (const Failure& failure : result.failures) ADD_FAILURE() << format_failure(failure);
  std::cout << kernel.name << ":" << entry.name << ": " << result.cases << " cases in "
            << result.seconds << " s, " << static_cast<double>(result.cases) / result.seconds
            << " cases/s\n";
}

#ifdef MASKCHECK_SPAN_SWEEP
constexpr bool kSpanSweep = true;
#else
constexpr bool kSpanSweep = false;
#endif

const auto kOwnEntryPoints = testing::Values("words", "imprecise", "inplace", "exact");

class FullSweep : public testing::TestWithParam<std::tuple<const Kernel*, std::string_view>> {};

TEST_P(FullSweep, MatchesTheReferenceEverywhere) {
  const auto [kernel, entry] = GetParam();
  expect_clean_sweep(*kernel, entry, swept_case_space());
}

std::vector<const Kernel*> kernels_under_test() {
  std::vector<const Kernel*> kernels;
  for (const Kernel& kernel : builtin_kernels()) {
    if (&kernel != &reference_kernel()) kernels.push_back(&kernel);
  }
  return kernels;
}

std::string sweep_name(const testing::TestParamInfo<FullSweep::ParamType>& info) {
  return std::string(std::get<0>(info.param)->name) + "_" + std::string(std::get<1>(info.param));
}

// Under the little-endian emulator the sweeps leave out the portable kernels and nothing else: a
// kernel only some CPUs run is always swept; elsewhere every kernel this CPU runs is swept.
TEST(SweptKernels, OnlyTheLittleEndianEmulatorLeavesOutThePortableKernels) {
  std::size_t portable = 0;
  for (const Kernel* kernel : kernels_under_test()) {
    if (!kernel->runs_here()) continue;
    const bool is_portable = kernel->cpu_supports == nullptr;
    portable += is_portable;
    EXPECT_EQ(why_not_swept(*kernel, false), "") << kernel->name;
    EXPECT_EQ(why_not_swept(*kernel, true).empty(), !is_portable) << kernel->name;
  }
  EXPECT_GT(portable, 0u);  // block, on every CPU
}

INSTANTIATE_TEST_SUITE_P(EveryKernel, FullSweep,
                         testing::Combine(testing::ValuesIn(kernels_under_test()), kOwnEntryPoints),
                         sweep_name);

// The span tier, 1 MiB to 64 MiB + 127: in the release preset only (MASKCHECK_SPAN_SWEEP), where
// it takes about two minutes of CPU per kernel; a sanitizer build would take many times that.
class SpanSweep : public testing::TestWithParam<std::tuple<const Kernel*, std::string_view>> {};

TEST_P(SpanSweep, MatchesTheReferenceUpToTheDefaultMessageLimit) {
  if (!kSpanSweep) GTEST_SKIP() << "the span tier runs in the release preset";
  const auto [kernel, entry] = GetParam();
  CaseSpace space = full_case_space();
  space.lengths.clear();
  space.large_lengths.clear();
  expect_clean_sweep(*kernel, entry, space);
}

INSTANTIATE_TEST_SUITE_P(EveryKernel, SpanSweep,
                         testing::Combine(testing::ValuesIn(kernels_under_test()), kOwnEntryPoints),
                         sweep_name);

// The oracle swept as a candidate: its footprints are exactly the contracts.
class ReferenceFootprint : public testing::TestWithParam<std::string_view> {};

TEST_P(ReferenceFootprint, StaysInsideItsContract) {
  CaseSpace space = full_case_space();
  space.lengths.resize(257);
  space.large_lengths = {4097, 65537};
  clear_span_tier(space);
  expect_clean_sweep(reference_kernel(), GetParam(), space);
}

INSTANTIATE_TEST_SUITE_P(EveryEntryPoint, ReferenceFootprint, kOwnEntryPoints,
                         [](const auto& param) { return std::string(param.param); });

}  // namespace
}  // namespace maskcheck
