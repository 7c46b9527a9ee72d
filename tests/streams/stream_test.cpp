// The named streams (every payload length in one read, a frame larger than the receive buffer,
// control frames between fragments, every protocol error) on every kernel, both move-back paths.
#include <gtest/gtest.h>

#include <iostream>

#include "registry/kernel_registry.h"
#include "registry/parser_registry.h"
#include "streams/stream_catalogue.h"
#include "support/builtin_variants.h"
#include "support/swept_kernels.h"

namespace maskcheck {
namespace {

using StreamParam = std::tuple<const Kernel*, unsigned>;  // kernel, variant

class StreamCatalogue : public testing::TestWithParam<StreamParam> {};

TEST_P(StreamCatalogue, MatchesTheReferenceDecoder) {
  const auto [kernel, variant] = GetParam();
  MASKCHECK_SKIP_UNLESS_SWEPT_HERE(*kernel);
  SweepOptions options;
  options.max_failures = 100;
  const StreamSweepResult result =
      run_stream_catalogue({builtin_parser(), kernel}, variant, options);
  EXPECT_EQ(result.cases, stream_catalogue().size());
  EXPECT_EQ(result.failed_cases, 0u);
  for (const StreamFailure& failure : result.failures)
    ADD_FAILURE() << format_stream_failure(failure);
  std::cout << result.name << ": " << result.cases << " streams in " << result.seconds << " s\n";
}

TEST(StreamCatalogue, CoversTheStreamsTheParserMustHandle) {
  std::vector<std::string> names;
  for (const NamedStream& stream : stream_catalogue()) names.push_back(stream.name);
  for (const char* name :
       {"every-length-one-read", "large-frame-512k-reads", "fragmented-with-controls-bytewise",
        "error-invalid-close-code-bytewise"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
  }
}

TEST(StreamCatalogue, TheLargeFrameFillsAMiddleReadExactly) {
  for (const NamedStream& stream : stream_catalogue()) {
    if (stream.name != "large-frame-512k-reads") continue;
    ASSERT_GE(stream.cuts.size(), 2u);
    EXPECT_EQ(stream.cuts[1] - stream.cuts[0], 512u * 1024u);
    return;
  }
  FAIL() << "no large-frame stream";
}

std::vector<const Kernel*> every_kernel() {
  std::vector<const Kernel*> kernels;
  for (const Kernel& kernel : builtin_kernels()) kernels.push_back(&kernel);
  return kernels;
}

std::string kernel_and_variant(const testing::TestParamInfo<StreamParam>& param) {
  const auto [kernel, variant] = param.param;
  return name_with_variant(kernel->name, variant);
}

INSTANTIATE_TEST_SUITE_P(EveryKernel, StreamCatalogue,
                         testing::Combine(testing::ValuesIn(every_kernel()),
                                          every_builtin_variant()),
                         kernel_and_variant);

}  // namespace
}  // namespace maskcheck
