// Every broken parser is caught by the split sweep, on the block kernel, with both move-back
// paths; the report names the first split where it misbehaved.
#include <gtest/gtest.h>

#include <iostream>

#include "broken_parsers.h"
#include "maskcheck/kernel_registry.h"
#include "maskcheck/stream_catalogue.h"
#include "maskcheck/stream_sweep.h"

namespace maskcheck::testing {
namespace {

using Param = std::tuple<const BrokenParser*, MoveBack>;

class ParserTeeth : public ::testing::TestWithParam<Param> {};

TEST_P(ParserTeeth, CaughtBySplitSweep) {
  const auto [broken, move_back] = GetParam();
  SweepOptions options;
  options.max_failures = 1;
  StreamSweepResult result;
  for (unsigned header_size : {6u, 8u}) {
    result = run_split_sweep(*find_kernel("block"), broken->make, {header_size, move_back, 160},
                             options);
    if (!result.failures.empty()) break;
  }
  ASSERT_EQ(result.failures.size(), 1u) << broken->name << " went unnoticed";
  std::cout << broken->name << " caught after " << result.cases << " splits:\n"
            << format_stream_failure(result.failures.front());
}

// Spread over threads, the split sweep reports the failures a one-thread sweep reports, in order.
TEST_P(ParserTeeth, SameFailuresOnAnyNumberOfThreads) {
  const auto [broken, move_back] = GetParam();
  SweepOptions options;
  options.max_failures = 3;
  const SplitPlan plan{8, move_back, 140};
  const StreamSweepResult one = run_split_sweep(*find_kernel("block"), broken->make, plan, options);
  options.jobs = 2;
  const StreamSweepResult two = run_split_sweep(*find_kernel("block"), broken->make, plan, options);
  EXPECT_EQ(one.cases, two.cases);
  EXPECT_EQ(one.failed_cases, two.failed_cases);
  ASSERT_EQ(one.failures.size(), two.failures.size());
  for (std::size_t i = 0; i < one.failures.size(); ++i) {
    EXPECT_EQ(format_stream_failure(one.failures[i]), format_stream_failure(two.failures[i]));
  }
}

TEST_P(ParserTeeth, CaughtByStreamCatalogue) {
  const auto [broken, move_back] = GetParam();
  SweepOptions options;
  options.max_failures = 1;
  const StreamSweepResult result =
      run_stream_catalogue(*find_kernel("block"), broken->make, move_back, options);
  ASSERT_EQ(result.failures.size(), 1u) << broken->name << " went unnoticed";
  std::cout << broken->name << " caught by stream " << result.cases << ":\n"
            << format_stream_failure(result.failures.front());
}

std::vector<const BrokenParser*> every_broken_parser() {
  std::vector<const BrokenParser*> parsers;
  for (const BrokenParser& parser : broken_parsers()) parsers.push_back(&parser);
  return parsers;
}

std::string test_name(const ::testing::TestParamInfo<Param>& param) {
  std::string name = std::string(std::get<0>(param.param)->name) + "_" +
                     std::string(move_back_name(std::get<1>(param.param)));
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(BrokenParsers, ParserTeeth,
                         ::testing::Combine(::testing::ValuesIn(every_broken_parser()),
                                            ::testing::Values(MoveBack::over_header,
                                                              MoveBack::over_key)),
                         test_name);

}  // namespace
}  // namespace maskcheck::testing
