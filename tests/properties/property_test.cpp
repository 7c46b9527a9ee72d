// The properties on the code under test: every kernel property on every built-in kernel this CPU
// supports, and the parser properties on every parser over those kernels. CI pins RC_PARAMS (seed,
// case count) through ctest; rerun a failure with the RC_PARAMS="reproduce=..." line it prints.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "properties/case_generators.h"
#include "properties/kernel_properties.h"
#include "properties/parser_properties.h"
#include "registry/kernel_registry.h"
#include "registry/parser_registry.h"

namespace maskcheck::testing {
namespace {

class KernelProperty : public ::testing::TestWithParam<std::string_view> {
 protected:
  void SetUp() override {
    if (!kernel().runs_here()) GTEST_SKIP() << kernel().name << ": this CPU lacks it";
  }
  const Kernel& kernel() const { return *find_kernel(GetParam()); }
};

TEST_P(KernelProperty, EqualsReferenceInGuardedMemory) {
  Differ differ(kernel(), kLongestPayload, kWidestPlacement);
  rc::detail::checkGTest([&] { equals_reference_in_guarded_memory(differ); });
}

TEST_P(KernelProperty, UnmaskingTwiceRestores) {
  rc::detail::checkGTest([&] { unmasking_twice_restores(kernel()); });
}

TEST_P(KernelProperty, MaskingZerosGivesTheKey) {
  rc::detail::checkGTest([&] { masking_zeros_gives_the_key(kernel()); });
}

TEST_P(KernelProperty, ChunkedEqualsOneShot) {
  rc::detail::checkGTest([&] { chunked_equals_one_shot(kernel()); });
}

TEST_P(KernelProperty, InPlaceEqualsOutOfPlace) {
  rc::detail::checkGTest([&] { in_place_equals_out_of_place(kernel()); });
}

TEST_P(KernelProperty, ExactEqualsImprecise) {
  rc::detail::checkGTest([&] { exact_equals_imprecise(kernel()); });
}

TEST_P(KernelProperty, ImpreciseSparesTheNextHeader) {
  rc::detail::checkGTest([&] { imprecise_spares_the_next_header(kernel()); });
}

std::vector<std::string_view> builtin_kernel_names() {
  std::vector<std::string_view> names;
  for (const Kernel& kernel : builtin_kernels()) names.push_back(kernel.name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(Builtin, KernelProperty, ::testing::ValuesIn(builtin_kernel_names()),
                         [](const auto& param_info) { return std::string(param_info.param); });

// maskcheck's own parser, then the plug-in parsers MASKCHECK_PARSER_PLUGINS names: each gets every
// parser property.
const std::vector<std::string_view>& parser_names() {
  static const std::vector<std::string_view> kNames = [] {
    if (const std::string error = load_parser_plugins_from_environment(); !error.empty()) {
      std::fprintf(stderr, "property_tests: %s\n", error.c_str());
      std::exit(2);
    }
    std::vector<std::string_view> names;
    for (const Parser* parser : all_parsers()) names.emplace_back(parser->name);
    return names;
  }();
  return kNames;
}

class ParserProperty : public ::testing::TestWithParam<std::string_view> {
 protected:
  // The parser on any built-in kernel this CPU supports, if it takes one; the counterexample
  // names the kernel.
  ParserOnKernel generated_subject() const {
    const Parser& parser = *find_parser(GetParam());
    if (parser.takes_kernel == 0) return {parser, nullptr};
    std::vector<std::string> supported;
    for (const Kernel& kernel : builtin_kernels()) {
      if (kernel.runs_here()) supported.emplace_back(kernel.name);
    }
    return {parser, find_kernel(*rc::gen::elementOf(supported))};
  }
};

TEST_P(ParserProperty, AnyCutMatchesReference) {
  rc::detail::checkGTest([&] { any_cut_matches_reference(generated_subject()); });
}

TEST_P(ParserProperty, ByteReadsMatchOneRead) {
  rc::detail::checkGTest([&] { byte_reads_match_one_read(generated_subject()); });
}

TEST_P(ParserProperty, NeverMorePayloadThanDeclared) {
  rc::detail::checkGTest([&] { never_more_payload_than_declared(generated_subject()); });
}

TEST_P(ParserProperty, ErrorAtSameFrameWhateverCuts) {
  rc::detail::checkGTest([&] { error_at_same_frame_whatever_cuts(generated_subject()); });
}

INSTANTIATE_TEST_SUITE_P(Parsers, ParserProperty, ::testing::ValuesIn(parser_names()),
                         [](const auto& param_info) {
                           std::string name(param_info.param);
                           std::replace_if(
                               name.begin(), name.end(),
                               [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); },
                               '_');
                           return name;
                         });

}  // namespace
}  // namespace maskcheck::testing
