// Every broken parser, declared through the parser ABI as maskcheck's own is, is caught by the
// split sweep on the block kernel in every variant (where its payloads land); the report names the
// first split where it misbehaved.
#include <gtest/gtest.h>

#include <iostream>

#include "planted/broken_parsers.h"
#include "registry/kernel_registry.h"
#include "registry/parser_registry.h"
#include "streams/stream_catalogue.h"
#include "streams/stream_sweep.h"
#include "support/builtin_variants.h"

namespace maskcheck::testing {
namespace {

using Param = std::tuple<const BrokenParser*, unsigned>;  // the parser, its variant

class ParserTeeth : public ::testing::TestWithParam<Param> {};

TEST_P(ParserTeeth, CaughtBySplitSweep) {
  const auto [broken, variant] = GetParam();
  SweepOptions options;
  options.max_failures = 1;
  StreamSweepResult result;
  for (unsigned header_size : {6u, 8u}) {
    result = run_split_sweep({broken->parser, find_kernel("block")}, {header_size, variant, 160},
                             options);
    if (!result.failures.empty()) break;
  }
  ASSERT_EQ(result.failures.size(), 1u) << broken->parser.name << " went unnoticed";
  std::cout << broken->parser.name << " caught after " << result.cases << " splits:\n"
            << format_stream_failure(result.failures.front());
}

// Spread over threads, the split sweep reports the failures a one-thread sweep reports, in order.
TEST_P(ParserTeeth, SameFailuresOnAnyNumberOfThreads) {
  const auto [broken, variant] = GetParam();
  SweepOptions options;
  options.max_failures = 3;
  const SplitPlan plan{8, variant, 140};
  const StreamSweepResult one =
      run_split_sweep({broken->parser, find_kernel("block")}, plan, options);
  options.jobs = 2;
  const StreamSweepResult two =
      run_split_sweep({broken->parser, find_kernel("block")}, plan, options);
  EXPECT_EQ(one.cases, two.cases);
  EXPECT_EQ(one.failed_cases, two.failed_cases);
  ASSERT_EQ(one.failures.size(), two.failures.size());
  for (std::size_t i = 0; i < one.failures.size(); ++i) {
    EXPECT_EQ(format_stream_failure(one.failures[i]), format_stream_failure(two.failures[i]));
  }
}

TEST_P(ParserTeeth, CaughtByStreamCatalogue) {
  const auto [broken, variant] = GetParam();
  SweepOptions options;
  options.max_failures = 1;
  const StreamSweepResult result =
      run_stream_catalogue({broken->parser, find_kernel("block")}, variant, options);
  ASSERT_EQ(result.failures.size(), 1u) << broken->parser.name << " went unnoticed";
  std::cout << broken->parser.name << " caught by stream " << result.cases << ":\n"
            << format_stream_failure(result.failures.front());
}

// A parser wrong only in a blind spot the checks once had: caught, every split and named stream
// that catches it is one of the cases made for that blind spot, and each kind of those catches it.
class BlindSpotTeeth : public ::testing::TestWithParam<Param> {};

TEST_P(BlindSpotTeeth, CaughtOnlyWhereItsBlindSpotIsCovered) {
#ifdef MASKCHECK_EMULATED
  // Which splits and streams catch a parser's blind spot is the same on every CPU; the native
  // presets show it, and under qemu this would cost four minutes of CPU.
  GTEST_SKIP() << "the coverage of the blind spots is checked natively";
#endif
  const auto [broken, variant] = GetParam();
  SweepOptions options;
  options.max_failures = 100'000;
  std::vector<StreamFailure> failures;
  for (unsigned header_size : {6u, 8u, 14u}) {
    const StreamSweepResult split = run_split_sweep({broken->parser, find_kernel("block")},
                                                    {header_size, variant, 160}, options);
    failures.insert(failures.end(), split.failures.begin(), split.failures.end());
  }
  const StreamSweepResult streams =
      run_stream_catalogue({broken->parser, find_kernel("block")}, variant, options);
  failures.insert(failures.end(), streams.failures.begin(), streams.failures.end());
  ASSERT_FALSE(failures.empty()) << broken->parser.name << " went unnoticed";
  const auto& where = broken->only_caught_where;
  for (const StreamFailure& failure : failures) {
    EXPECT_TRUE(std::any_of(where.begin(), where.end(), [&](std::string_view part) {
      return failure.case_id.find(part) != std::string::npos;
    })) << format_stream_failure(failure);
  }
  for (std::string_view part : where) {
    EXPECT_TRUE(std::any_of(failures.begin(), failures.end(),
                            [&](const StreamFailure& failure) {
                              return failure.case_id.find(part) != std::string::npos;
                            }))
        << "no case with '" << part << "' in its id catches " << broken->parser.name;
  }
  std::cout << broken->parser.name << " caught by " << failures.size() << " cases, first:\n"
            << format_stream_failure(failures.front());
}

std::vector<const BrokenParser*> broken_parsers_where(bool in_a_blind_spot) {
  std::vector<const BrokenParser*> parsers;
  for (const BrokenParser& parser : broken_parsers()) {
    if (parser.only_caught_where.empty() != in_a_blind_spot) parsers.push_back(&parser);
  }
  return parsers;
}

std::string test_name(const ::testing::TestParamInfo<Param>& param) {
  return name_with_variant(std::get<0>(param.param)->parser.name, std::get<1>(param.param));
}

// Truncated to 32 bits, 2^63 - 1 keeps the parser reading payload to the stream's end: only the
// unfinished frame's declared length, compared with the reference's, tells it apart.
TEST(BlindSpotTeeth, AnUnfinishedFrameIsComparedByItsDeclaredLength) {
  const BrokenParser& broken = *broken_parsers_where(true).front();
  ASSERT_STREQ(broken.parser.name, "length-low-32-bits");
  const auto checked = check_stream_case({broken.parser, find_kernel("block")},
                                         "declared-2^63-1-prefix-512k-reads-7-at-edges", 1);
  const auto* failure = std::get_if<std::optional<StreamFailure>>(&checked);
  ASSERT_TRUE(failure != nullptr && failure->has_value());
  EXPECT_NE((*failure)->headline.find("of 9223372036854775807 bytes"), std::string::npos)
      << (*failure)->headline;
}

auto every_variant(bool in_a_blind_spot) {
  return ::testing::Combine(::testing::ValuesIn(broken_parsers_where(in_a_blind_spot)),
                            every_builtin_variant());
}

INSTANTIATE_TEST_SUITE_P(BrokenParsers, ParserTeeth, every_variant(false), test_name);
INSTANTIATE_TEST_SUITE_P(BlindSpots, BlindSpotTeeth, every_variant(true), test_name);

}  // namespace
}  // namespace maskcheck::testing
