// Known answers, run on every built-in kernel (the reference included): RFC 6455 section 5.7's
// "Hello" under key 37 fa 21 3d, the same at every phase, and the zero key.
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <vector>

#include "registry/kernel_registry.h"

namespace maskcheck {
namespace {

constexpr Key kRfcKey{0x37, 0xfa, 0x21, 0x3d};
constexpr std::array<std::uint8_t, 5> kHello{'H', 'e', 'l', 'l', 'o'};

// "Hello" masked from each starting phase, worked out by hand from the key.
constexpr std::array<std::array<std::uint8_t, 5>, 4> kHelloMasked{{
    {0x7f, 0x9f, 0x4d, 0x51, 0x58},  // the RFC's own example
    {0xb2, 0x44, 0x51, 0x5b, 0x95},
    {0x69, 0x58, 0x5b, 0x96, 0x4e},
    {0x75, 0x52, 0x96, 0x4d, 0x52},
}};

class KnownAnswerTest : public testing::TestWithParam<const Kernel*> {
 protected:
  void SetUp() override {
    if (!GetParam()->runs_here()) GTEST_SKIP() << GetParam()->name << " does not run on this CPU";
  }
  const UnmaskFunctions& entries() const { return *GetParam()->functions; }
};

TEST_P(KnownAnswerTest, ExactMatchesTheRfcExampleAtEveryPhase) {
  for (unsigned phase = 0; phase < 4; ++phase) {
    std::array<std::uint8_t, 5> out{};
    const unsigned next = entries().exact(out.data(), kHello.data(), kHello.size(), kRfcKey, phase);
    EXPECT_EQ(out, kHelloMasked[phase]) << "phase " << phase;
    EXPECT_EQ(next, (phase + 5) % 4) << "phase " << phase;
  }
}

TEST_P(KnownAnswerTest, UnmaskingTheRfcFrameGivesHelloInPlace) {
  std::array<std::uint8_t, 5> frame = kHelloMasked[0];
  entries().exact(frame.data(), frame.data(), frame.size(), kRfcKey, 0);
  EXPECT_EQ(frame, kHello);
}

TEST_P(KnownAnswerTest, ImpreciseProcessesWholeWordsPlusOne) {
  // n = 5 gives R = 8: the three bytes after "Hello" are unmasked too.
  const std::array<std::uint8_t, 8> src{'H', 'e', 'l', 'l', 'o', ',', ' ', 'W'};
  std::array<std::uint8_t, 12> buffer{};
  std::memcpy(buffer.data() + 4, src.data(), src.size());
  entries().imprecise(buffer.data(), buffer.data() + 4, kRfcKey, 5);
  const std::array<std::uint8_t, 12> expected{0x7f, 0x9f, 0x4d, 0x51, 0x58, 0xd6,
                                              0x01, 0x6a, 'o',  ',',  ' ',  'W'};
  EXPECT_EQ(buffer, expected);
}

TEST_P(KnownAnswerTest, WordsAndInplaceAgreeWithExact) {
  std::vector<std::uint8_t> payload(200);
  for (std::size_t i = 0; i < payload.size(); ++i)
    payload[i] = static_cast<std::uint8_t>(i * 7 + 3);
  std::vector<std::uint8_t> expected(payload.size());
  for (std::size_t i = 0; i < payload.size(); ++i) expected[i] = payload[i] ^ kRfcKey[i % 4];

  std::vector<std::uint8_t> words(payload.size());
  entries().words(words.data(), payload.data(), payload.size(), kRfcKey);
  EXPECT_EQ(words, expected);
  std::vector<std::uint8_t> inplace = payload;
  entries().inplace(inplace.data(), kRfcKey, inplace.size());
  EXPECT_EQ(inplace, expected);
}

TEST_P(KnownAnswerTest, ZeroKeyLeavesEveryEntryPointsBytesAlone) {
  const Key zero{};
  std::vector<std::uint8_t> payload(131);
  for (std::size_t i = 0; i < payload.size(); ++i) payload[i] = static_cast<std::uint8_t>(i ^ 0x5a);
  std::vector<std::uint8_t> out(payload.size() + 4, 0xcc);
  for (unsigned phase = 0; phase < 4; ++phase) {
    entries().exact(out.data(), payload.data(), payload.size(), zero, phase);
    EXPECT_TRUE(std::equal(payload.begin(), payload.end(), out.begin())) << "phase " << phase;
  }
  std::vector<std::uint8_t> inplace = payload;
  inplace.resize(132);
  entries().inplace(inplace.data(), zero, payload.size());
  EXPECT_TRUE(std::equal(payload.begin(), payload.end(), inplace.begin()));
}

std::vector<const Kernel*> every_kernel() {
  std::vector<const Kernel*> kernels;
  for (const Kernel& kernel : builtin_kernels()) kernels.push_back(&kernel);
  return kernels;
}

INSTANTIATE_TEST_SUITE_P(EveryKernel, KnownAnswerTest, testing::ValuesIn(every_kernel()),
                         [](const auto& param) { return std::string(param.param->name); });

}  // namespace
}  // namespace maskcheck
