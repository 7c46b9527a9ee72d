// Every three-way split of a two-frame stream, for each header size and both move-back paths,
// on every kernel: the parser's events must equal the reference decoder's.
#include <gtest/gtest.h>

#include <iostream>

#include "maskcheck/kernel_registry.h"
#include "maskcheck/stream_sweep.h"

namespace maskcheck {
namespace {

using SplitParam = std::tuple<const Kernel*, unsigned, MoveBack>;

class SplitSweep : public testing::TestWithParam<SplitParam> {};

TEST_P(SplitSweep, MatchesTheReferenceDecoderAtEveryCut) {
  const auto [kernel, header_size, move_back] = GetParam();
  if (!kernel->runs_here()) GTEST_SKIP() << kernel->name << " does not run on this CPU";
  const SplitPlan plan{header_size, move_back};
  const StreamSweepResult result =
      run_split_sweep(*kernel, parser_maker<FrameParser>(), plan, SweepOptions{});
  EXPECT_EQ(result.cases, count_splits(plan));
  EXPECT_GT(result.cases, 0u);
  EXPECT_EQ(result.failed_cases, 0u);
  for (const StreamFailure& failure : result.failures)
    ADD_FAILURE() << format_stream_failure(failure);
  std::cout << result.name << ": " << result.cases << " splits in " << result.seconds << " s, "
            << static_cast<double>(result.cases) / result.seconds << " parser runs/s\n";
}

std::vector<const Kernel*> every_kernel() {
  std::vector<const Kernel*> kernels;
  for (const Kernel& kernel : builtin_kernels()) kernels.push_back(&kernel);
  return kernels;
}

std::string split_name(const testing::TestParamInfo<SplitParam>& param) {
  const auto [kernel, header_size, move_back] = param.param;
  std::string name = std::string(kernel->name) + "_h" + std::to_string(header_size) + "_" +
                     std::string(move_back_name(move_back));
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(
    EveryKernel, SplitSweep,
    testing::Combine(testing::ValuesIn(every_kernel()), testing::Values(6u, 8u, 14u),
                     testing::Values(MoveBack::over_header, MoveBack::over_key)),
    split_name);

}  // namespace
}  // namespace maskcheck
