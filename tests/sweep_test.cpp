// The full sweep: every kernel under test against the reference over the whole case space.
#include "maskcheck/sweep.h"

#include <gtest/gtest.h>

#include <iostream>

#include "maskcheck/kernel_registry.h"

namespace maskcheck {
namespace {

void expect_clean_sweep(const Kernel& kernel, EntryPoint entry, const CaseSpace& space) {
  if (!kernel.cpu_supports()) GTEST_SKIP() << kernel.name << " does not run on this CPU";
  const SweepResult result = run_sweep(kernel, entry, space, SweepOptions{});
  EXPECT_EQ(result.cases, count_cases(entry, space));
  EXPECT_GT(result.cases, 0u);
  EXPECT_EQ(result.candidate_calls(), 3 * result.cases);
  EXPECT_EQ(result.failed_cases, 0u);
  for (const Failure& failure : result.failures) ADD_FAILURE() << format_failure(failure);
  std::cout << kernel.name << ":" << entry_point_name(entry) << ": " << result.cases << " cases in "
            << result.seconds << " s, " << static_cast<double>(result.cases) / result.seconds
            << " cases/s\n";
}

class FullSweep : public testing::TestWithParam<std::tuple<const Kernel*, EntryPoint>> {};

TEST_P(FullSweep, MatchesTheReferenceEverywhere) {
  const auto [kernel, entry] = GetParam();
  expect_clean_sweep(*kernel, entry, full_case_space());
}

std::vector<const Kernel*> kernels_under_test() {
  std::vector<const Kernel*> kernels;
  for (const Kernel& kernel : builtin_kernels()) {
    if (&kernel != &reference_kernel()) kernels.push_back(&kernel);
  }
  return kernels;
}

std::string sweep_name(const testing::TestParamInfo<FullSweep::ParamType>& info) {
  return std::string(std::get<0>(info.param)->name) + "_" +
         std::string(entry_point_name(std::get<1>(info.param)));
}

INSTANTIATE_TEST_SUITE_P(EveryKernel, FullSweep,
                         testing::Combine(testing::ValuesIn(kernels_under_test()),
                                          testing::ValuesIn(kAllEntryPoints)),
                         sweep_name);

// The oracle swept as a candidate: its footprints are exactly the contracts.
class ReferenceFootprint : public testing::TestWithParam<EntryPoint> {};

TEST_P(ReferenceFootprint, StaysInsideItsContract) {
  CaseSpace space = full_case_space();
  space.lengths.resize(257);
  space.large_lengths = {4097, 65537};
  expect_clean_sweep(reference_kernel(), GetParam(), space);
}

INSTANTIATE_TEST_SUITE_P(EveryEntryPoint, ReferenceFootprint, testing::ValuesIn(kAllEntryPoints),
                         [](const auto& param) {
                           return std::string(entry_point_name(param.param));
                         });

}  // namespace
}  // namespace maskcheck
