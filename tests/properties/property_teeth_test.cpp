// The properties' own teeth: each property body from kernel_properties.h and parser_properties.h,
// run on a deliberately broken kernel or parser, must fail; the test prints the shrunk
// counterexample RapidCheck found.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <functional>
#include <iostream>
#include <stdexcept>
#include <string>

#include "planted/broken_kernels.h"
#include "planted/broken_parsers.h"
#include "properties/case_generators.h"
#include "properties/kernel_properties.h"
#include "properties/parser_properties.h"
#include "registry/kernel_registry.h"

namespace maskcheck::testing {
namespace {

// Discards every event, so a failure expected here leaves no "reproduce" line at exit.
class SilentListener final : public rc::detail::TestListener {
 public:
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

// A fixed seed, whatever RC_PARAMS says, so the teeth never depend on luck.
void expect_property_fails(const std::string& what, const std::function<void()>& property) {
  rc::detail::TestParams params;
  params.seed = 1;
  params.maxSuccess = 2000;
  SilentListener listener;
  const rc::detail::TestResult result =
      rc::detail::checkTestable(property, rc::detail::TestMetadata{what, what}, params, listener);
  ASSERT_TRUE(result.is<rc::detail::FailureResult>()) << what << ": the property held";
  std::cout << what << ":\n";
  rc::detail::printResultMessage(result, std::cout);
  std::cout << "\n";
}

const Kernel& broken_kernel(std::string_view name) {
  const auto kernels = broken_kernels();
  const auto found = std::find_if(kernels.begin(), kernels.end(), [&](const BrokenKernel& broken) {
    return broken.kernel.name == name;
  });
  if (found == kernels.end()) throw std::invalid_argument("no broken kernel " + std::string(name));
  return found->kernel;
}

const Parser& broken_parser(std::string_view name) {
  const auto parsers = broken_parsers();
  const auto found = std::find_if(parsers.begin(), parsers.end(), [&](const BrokenParser& broken) {
    return broken.parser.name == name;
  });
  if (found == parsers.end()) throw std::invalid_argument("no broken parser " + std::string(name));
  return found->parser;
}

// A property body and the broken kernel or parser it must fail on.
template <typename Body>
struct Tooth {
  std::string_view property;
  Body body;
  std::string_view broken;
};

template <typename Body>
void PrintTo(const Tooth<Body>& tooth, std::ostream* os) {
  *os << tooth.property << " on " << tooth.broken;
}

template <typename ToothType>
std::string tooth_name(const ::testing::TestParamInfo<ToothType>& param_info) {
  std::string name =
      std::string(param_info.param.property) + "_" + std::string(param_info.param.broken);
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

using KernelTooth = Tooth<void (*)(const Kernel&)>;
using ParserTooth = Tooth<void (*)(const ParserOnKernel&)>;

// Kernels that stay inside their footprints, so ASan lets the property see the wrong bytes.
const KernelTooth kKernelTeeth[]{
    {"UnmaskingTwiceRestores", unmasking_twice_restores, "broken-tail-first"},
    {"MaskingZerosGivesTheKey", masking_zeros_gives_the_key, "broken-phase"},
    {"ChunkedEqualsOneShot", chunked_equals_one_shot, "broken-next-phase"},
    {"InPlaceEqualsOutOfPlace", in_place_equals_out_of_place, "broken-tail-first"},
    {"ExactEqualsImprecise", exact_equals_imprecise, "broken-phase"},
    {"ImpreciseSparesTheNextHeader", imprecise_spares_the_next_header, "broken-write-past-end"},
};

class KernelPropertyTeeth : public ::testing::TestWithParam<KernelTooth> {};

TEST_P(KernelPropertyTeeth, FailsOnBrokenKernel) {
  const KernelTooth& tooth = GetParam();
  const Kernel& kernel = broken_kernel(tooth.broken);
  expect_property_fails(std::string(tooth.property) + " on " + std::string(tooth.broken),
                        [&] { tooth.body(kernel); });
}

INSTANTIATE_TEST_SUITE_P(Properties, KernelPropertyTeeth, ::testing::ValuesIn(kKernelTeeth),
                         tooth_name<KernelTooth>);

TEST(KernelPropertyTeeth, EqualsReferenceInGuardedMemoryFailsOnBrokenKernel) {
  Differ differ(broken_kernel("broken-last-byte"), kLongestPayload, kWidestPlacement);
  expect_property_fails("EqualsReferenceInGuardedMemory on broken-last-byte",
                        [&] { equals_reference_in_guarded_memory(differ); });
}

const ParserTooth kParserTeeth[]{
    {"AnyCutMatchesReference", any_cut_matches_reference, "middle-not-unmasked"},
    {"ByteReadsMatchOneRead", byte_reads_match_one_read, "key-rotated-backwards"},
    {"NeverMorePayloadThanDeclared", never_more_payload_than_declared, "extra-byte-handed-on"},
    {"ErrorAtSameFrameWhateverCuts", error_at_same_frame_whatever_cuts, "spill-wrong-offset"},
    {"AnyCutMatchesReference", any_cut_matches_reference, "header-read-early"},
};

class ParserPropertyTeeth : public ::testing::TestWithParam<ParserTooth> {};

TEST_P(ParserPropertyTeeth, FailsOnBrokenParser) {
  const ParserTooth& tooth = GetParam();
  const Parser& parser = broken_parser(tooth.broken);
  expect_property_fails(std::string(tooth.property) + " on " + std::string(tooth.broken), [&] {
    tooth.body({parser, find_kernel("block")});
  });
}

INSTANTIATE_TEST_SUITE_P(Properties, ParserPropertyTeeth, ::testing::ValuesIn(kParserTeeth),
                         tooth_name<ParserTooth>);

}  // namespace
}  // namespace maskcheck::testing
