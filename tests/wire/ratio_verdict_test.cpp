// maskcheck throughput's verdicts: noise never reads as a difference, a real one does.
#include "throughput/ratio_verdict.h"

#include <gtest/gtest.h>

namespace maskcheck::wire {
namespace {

TEST(RatioVerdict, TwoRoundsOnOneSideOfOneGiveNoVerdict) {
  // Pure noise lands like this half the time: once printed unmarked, a difference.
  EXPECT_EQ(judge_ratio({1.03, 1.07}, nullptr), Verdict::too_few_rounds);
  EXPECT_EQ(judge_ratio({0.4, 0.41, 0.42, 0.43, 0.44}, nullptr), Verdict::too_few_rounds);
}

TEST(RatioVerdict, ARangeHoldingOneIsNoise) {
  EXPECT_EQ(judge_ratio({0.9, 0.95, 1.0, 1.02, 1.1, 1.2}, nullptr), Verdict::noise);
  EXPECT_EQ(judge_ratio({0.97, 0.98, 0.99, 1.01, 1.02, 1.03}, nullptr), Verdict::noise);
}

TEST(RatioVerdict, AMedianInsideTheAAControlsRangeIsNoDifference) {
  const std::vector<double> control{1.02, 1.04, 1.05, 1.06, 1.08, 1.12};
  EXPECT_EQ(judge_ratio({1.03, 1.05, 1.06, 1.07, 1.09, 1.2}, &control), Verdict::within_control);
  EXPECT_EQ(judge_ratio({1.03, 1.05, 1.06, 1.07, 1.09, 1.2}, nullptr), Verdict::differs);
}

TEST(RatioVerdict, AllRoundsFarFromOneAndTheControlDiffer) {
  const std::vector<double> control{0.96, 0.99, 1.0, 1.01, 1.03, 1.05};
  EXPECT_EQ(judge_ratio({0.42, 0.45, 0.47, 0.5, 0.52, 0.61}, &control), Verdict::differs);
  EXPECT_STREQ(verdict_words(Verdict::differs), "differs");
  EXPECT_STREQ(verdict_words(Verdict::too_few_rounds), "");
}

TEST(RatioVerdict, TheMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo) {
  const Spread spread = spread_of({4, 1, 3, 2});
  EXPECT_DOUBLE_EQ(spread.median, 2.5);
  EXPECT_DOUBLE_EQ(spread.low, 1);
  EXPECT_DOUBLE_EQ(spread.high, 4);
}

}  // namespace
}  // namespace maskcheck::wire
