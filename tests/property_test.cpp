// The properties on the code under test: every kernel property on every built-in kernel this CPU
// supports, and the parser properties on FrameParser over those kernels. CI pins RC_PARAMS (seed,
// case count) through ctest; rerun a failure with the RC_PARAMS="reproduce=..." line it prints.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

#include "case_generators.h"
#include "kernel_properties.h"
#include "maskcheck/kernel_registry.h"
#include "parser_properties.h"

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

// The parser runs on any built-in kernel this CPU supports; the counterexample names it.
const Kernel& generated_kernel() {
  std::vector<std::string> supported;
  for (const Kernel& kernel : builtin_kernels()) {
    if (kernel.runs_here()) supported.emplace_back(kernel.name);
  }
  return *find_kernel(*rc::gen::elementOf(supported));
}

RC_GTEST_PROP(ParserProperty, AnyCutMatchesReference, ()) {
  any_cut_matches_reference(generated_kernel(), parser_maker<FrameParser>());
}

RC_GTEST_PROP(ParserProperty, ByteReadsMatchOneRead, ()) {
  byte_reads_match_one_read(generated_kernel(), parser_maker<FrameParser>());
}

RC_GTEST_PROP(ParserProperty, NeverMorePayloadThanDeclared, ()) {
  never_more_payload_than_declared(generated_kernel(), parser_maker<FrameParser>());
}

RC_GTEST_PROP(ParserProperty, ErrorAtSameFrameWhateverCuts, ()) {
  error_at_same_frame_whatever_cuts(generated_kernel(), parser_maker<FrameParser>());
}

}  // namespace
}  // namespace maskcheck::testing
