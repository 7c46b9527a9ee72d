// fastest_unmask(): the default on this CPU, and MASKCHECK_KERNEL forcing a kernel or ending the
// process with one clear line. The choice is made once per process, so every case runs in a child
// that re-executes the test binary (the "threadsafe" death test style) with a fresh environment.
#include "maskcheck/unmask_selection.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "death_test_style.h"
#include "maskcheck/cpu_features.h"

namespace maskcheck {
namespace {

constexpr const char* kForceVariable = "MASKCHECK_KERNEL";

// The architecture's vector kernel and its CPU check; s390x has none, and block is its fastest.
#if defined(__x86_64__)
constexpr const char* kVectorKernel = "avx2";
bool vector_kernel_runs() {
  return cpu_has_avx2();
}
#elif defined(__aarch64__)
constexpr const char* kVectorKernel = "neon";
bool vector_kernel_runs() {
  return cpu_has_neon();
}
#else
constexpr const char* kVectorKernel = nullptr;
bool vector_kernel_runs() {
  return false;
}
#endif

std::string selected(const std::string& name) {
  return "selected " + name + "\n";
}

std::string expected_default() {
  return selected(vector_kernel_runs() ? kVectorKernel : "block");
}

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
  void SetUp() override { use_clean_death_test_child(); }
};

TEST_F(UnmaskSelection, DefaultIsTheVectorKernelWhereTheCpuHasItAndBlockElsewhere) {
  EXPECT_EXIT(select_and_report(nullptr), testing::ExitedWithCode(0), expected_default());
}

TEST_F(UnmaskSelection, EmptyVariableMeansNoForcing) {
  EXPECT_EXIT(select_and_report(""), testing::ExitedWithCode(0), expected_default());
}

TEST_F(UnmaskSelection, ForcingBlockRunsBlock) {
  EXPECT_EXIT(select_and_report("block"), testing::ExitedWithCode(0), "selected block\n");
}

TEST_F(UnmaskSelection, ForcingTheVectorKernelRunsItOrRefusesWithoutIt) {
  if (kVectorKernel == nullptr) GTEST_SKIP() << "this architecture has no vector kernel";
  if (vector_kernel_runs()) {
    EXPECT_EXIT(select_and_report(kVectorKernel), testing::ExitedWithCode(0),
                selected(kVectorKernel));
  } else {
    EXPECT_DEATH(select_and_report(kVectorKernel),
                 std::string("MASKCHECK_KERNEL=") + kVectorKernel + ": this CPU cannot run");
  }
}

TEST_F(UnmaskSelection, ForcingAnUnknownKernelEndsTheProcessWithOneLine) {
  const std::string known = kVectorKernel ? std::string(kVectorKernel) + ", block" : "block";
  EXPECT_DEATH(select_and_report("turbo"),
               "MASKCHECK_KERNEL=turbo: unknown kernel \\(known: " + known + "\\)");
}

TEST(UnmaskKernels, ListsFastestFirstAndEveryKernelAgreesOnHello) {
  const Key key{0x37, 0xfa, 0x21, 0x3d};
  for (const UnmaskKernel& kernel : unmask_kernels()) {
    if (!kernel.supported()) continue;
    std::array<std::uint8_t, 5> frame{0x7f, 0x9f, 0x4d, 0x51, 0x58};
    EXPECT_EQ(kernel.entries.exact(frame.data(), frame.data(), frame.size(), key, 0), 1u);
    EXPECT_EQ(std::string(frame.begin(), frame.end()), "Hello") << kernel.name;
  }
  EXPECT_EQ(unmask_kernels().front().name, kVectorKernel ? kVectorKernel : "block");
  EXPECT_EQ(unmask_kernels().back().name, "block");
}

}  // namespace
}  // namespace maskcheck
