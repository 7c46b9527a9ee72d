// Every three-way split of a two-frame stream, for each header size and both move-back paths,
// on every fast kernel: the parser's events must equal the reference decoder's. The parser under
// the byte-loop kernel runs the same code on the same cuts, so it gets the short payloads only: a
// failure there that the fast kernels do not share points at the kernel, not the parser.
#include <gtest/gtest.h>

#include <iostream>

#include "registry/kernel_registry.h"
#include "registry/parser_registry.h"
#include "streams/stream_sweep.h"
#include "support/builtin_variants.h"
#include "support/swept_kernels.h"

namespace maskcheck {
namespace {

using SplitParam = std::tuple<const Kernel*, unsigned, unsigned>;  // kernel, header, variant

class SplitSweep : public testing::TestWithParam<SplitParam> {};

void expect_clean_splits(const Kernel* kernel, const SplitPlan& plan) {
  MASKCHECK_SKIP_UNLESS_SWEPT_HERE(*kernel);
  const StreamSweepResult result =
      run_split_sweep({builtin_parser(), kernel}, plan, SweepOptions{});
  EXPECT_EQ(result.cases, count_splits(plan));
  EXPECT_GT(result.cases, 0u);
  EXPECT_EQ(result.failed_cases, 0u);
  for (const StreamFailure& failure : result.failures)
    ADD_FAILURE() << format_stream_failure(failure);
  std::cout << result.name << ": " << result.cases << " splits in " << result.seconds << " s, "
            << static_cast<double>(result.cases) / result.seconds << " parser runs/s\n";
}

// Under an emulator (the cross presets), header 8's every pair of cuts stops at 140 bytes, as the
// byte loop's does; its long payloads and headers 6 and 14 are whole.
#ifdef MASKCHECK_EMULATED
constexpr std::size_t kEveryCutUpTo = 140;
#else
constexpr std::size_t kEveryCutUpTo = SplitPlan{}.exhaustive_up_to;
#endif

TEST_P(SplitSweep, MatchesTheReferenceDecoderAtEveryCut) {
  const auto [kernel, header_size, variant] = GetParam();
  expect_clean_splits(kernel, SplitPlan{header_size, variant, kEveryCutUpTo});
}

class ByteLoopSplit : public testing::TestWithParam<SplitParam> {};

TEST_P(ByteLoopSplit, MatchesTheReferenceDecoderOnShortPayloads) {
  const auto [kernel, header_size, variant] = GetParam();
  expect_clean_splits(kernel, SplitPlan{header_size, variant, 140});
}

std::vector<const Kernel*> fast_kernels() {
  std::vector<const Kernel*> kernels;
  for (const Kernel& kernel : builtin_kernels()) {
    if (&kernel != &reference_kernel()) kernels.push_back(&kernel);
  }
  return kernels;
}

std::string split_name(const testing::TestParamInfo<SplitParam>& param) {
  const auto [kernel, header_size, variant] = param.param;
  return name_with_variant(std::string(kernel->name) + "_h" + std::to_string(header_size), variant);
}

auto every_header_and_variant(const std::vector<const Kernel*>& kernels) {
  return testing::Combine(testing::ValuesIn(kernels), testing::Values(6u, 8u, 14u),
                          every_builtin_variant());
}

INSTANTIATE_TEST_SUITE_P(EveryKernel, SplitSweep, every_header_and_variant(fast_kernels()),
                         split_name);
INSTANTIATE_TEST_SUITE_P(Reference, ByteLoopSplit, every_header_and_variant({&reference_kernel()}),
                         split_name);

}  // namespace
}  // namespace maskcheck
