// fastest_unmask(): the default on this CPU, and MASKCHECK_KERNEL forcing a kernel or ending the
// process with one clear line. The choice is made once per process, so every case runs in a child
// that re-executes the test binary (the "threadsafe" death test style) with a fresh environment.
#include "maskcheck/unmask_selection.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "maskcheck/cpu_features.h"
#include "support/death_test_style.h"

namespace maskcheck {
namespace {

constexpr const char* kForceVariable = "MASKCHECK_KERNEL";

struct VectorKernel {
  const char* name;
  bool (*runs)();
};

// The architecture's vector kernels, widest first, and their CPU checks; s390x has none, and
// block is its fastest.
const std::vector<VectorKernel> kVectorKernels = {
#if defined(__x86_64__)
    {"avx512", cpu_has_avx512f},
    {"avx2", cpu_has_avx2},
#elif defined(__aarch64__)
    {"neon", cpu_has_neon},
#endif
};

std::string selected(const std::string& name) {
  return "selected " + name + "\n";
}

std::string expected_default() {
  for (const VectorKernel& kernel : kVectorKernels) {
    if (kernel.runs()) return selected(kernel.name);
  }
  return selected("block");
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

TEST_F(UnmaskSelection, ForcingAVectorKernelRunsItOrRefusesWithoutIt) {
  if (kVectorKernels.empty()) GTEST_SKIP() << "this architecture has no vector kernel";
  for (const VectorKernel& kernel : kVectorKernels) {
    if (kernel.runs()) {
      EXPECT_EXIT(select_and_report(kernel.name), testing::ExitedWithCode(0),
                  selected(kernel.name));
    } else {
      EXPECT_DEATH(select_and_report(kernel.name),
                   std::string("MASKCHECK_KERNEL=") + kernel.name + ": this CPU cannot run");
    }
  }
}

TEST_F(UnmaskSelection, ForcingAnUnknownKernelEndsTheProcessWithOneLine) {
  std::string known;
  for (const VectorKernel& kernel : kVectorKernels) known += std::string(kernel.name) + ", ";
  known += "block";
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
  EXPECT_EQ(unmask_kernels().front().name,
            kVectorKernels.empty() ? "block" : kVectorKernels.front().name);
  EXPECT_EQ(unmask_kernels().back().name, "block");
}

}  // namespace
}  // namespace maskcheck
