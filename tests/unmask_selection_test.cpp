// fastest_unmask(): the default on this CPU, and MASKCHECK_KERNEL forcing a kernel or ending the
// process with one clear line. The choice is made once per process, so every case runs in a child
// that re-executes the test binary (the "threadsafe" death test style) with a fresh environment.
#include "maskcheck/unmask_selection.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "maskcheck/cpu_features.h"

namespace maskcheck {
namespace {

constexpr const char* kForceVariable = "MASKCHECK_KERNEL";

// Runs in the child: selects under `forced` (nullptr: unset) and reports the name on stderr.
[[noreturn]] void select_and_report(const char* forced) {
  if (forced == nullptr) {
    unsetenv(kForceVariable);
  } else {
    setenv(kForceVariable, forced, 1);
  }
  std::fprintf(stderr, "selected %s\n", std::string(fastest_unmask().name).c_str());
  std::exit(0);
}

class UnmaskSelection : public testing::Test {
 protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

TEST_F(UnmaskSelection, DefaultIsAvx2WhereTheCpuHasItAndBlockElsewhere) {
  const std::string expected = cpu_has_avx2() ? "selected avx2\n" : "selected block\n";
  EXPECT_EXIT(select_and_report(nullptr), testing::ExitedWithCode(0), expected);
}

TEST_F(UnmaskSelection, EmptyVariableMeansNoForcing) {
  const std::string expected = cpu_has_avx2() ? "selected avx2\n" : "selected block\n";
  EXPECT_EXIT(select_and_report(""), testing::ExitedWithCode(0), expected);
}

TEST_F(UnmaskSelection, ForcingBlockRunsBlock) {
  EXPECT_EXIT(select_and_report("block"), testing::ExitedWithCode(0), "selected block\n");
}

TEST_F(UnmaskSelection, ForcingAvx2RunsAvx2OrRefusesWithoutIt) {
  if (cpu_has_avx2()) {
    EXPECT_EXIT(select_and_report("avx2"), testing::ExitedWithCode(0), "selected avx2\n");
  } else {
    EXPECT_DEATH(select_and_report("avx2"), "MASKCHECK_KERNEL=avx2: this CPU cannot run");
  }
}

TEST_F(UnmaskSelection, ForcingAnUnknownKernelEndsTheProcessWithOneLine) {
  EXPECT_DEATH(select_and_report("turbo"),
               "MASKCHECK_KERNEL=turbo: unknown kernel \\(known: avx2, block\\)");
}

TEST(UnmaskKernels, ListsFastestFirstAndEveryKernelAgreesOnHello) {
  const Key key{0x37, 0xfa, 0x21, 0x3d};
  for (const UnmaskKernel& kernel : unmask_kernels()) {
    if (!kernel.supported()) continue;
    std::array<std::uint8_t, 5> frame{0x7f, 0x9f, 0x4d, 0x51, 0x58};
    EXPECT_EQ(kernel.entries.exact(frame.data(), frame.data(), frame.size(), key, 0), 1u);
    EXPECT_EQ(std::string(frame.begin(), frame.end()), "Hello") << kernel.name;
  }
  EXPECT_EQ(unmask_kernels().front().name, "avx2");
  EXPECT_EQ(unmask_kernels().back().name, "block");
}

}  // namespace
}  // namespace maskcheck
