// What a B/A ratio taken round by round says (maskcheck throughput): a difference, or not one. A
// ratio of pure noise lands on one side of 1.00 in every one of n rounds with probability
// 2^(1 - n), so below kVerdictRounds rounds no verdict is given: at 6 that chance is 1 in 32, and
// a ratio must also lie outside what the same server measured twice (an A/A control) shows.
#pragma once

#include <vector>

namespace maskcheck::wire {

inline constexpr unsigned kVerdictRounds = 6;

struct Spread {
  double median = 0;
  double low = 0;
  double high = 0;
};

Spread spread_of(std::vector<double> values);

enum class Verdict {
  too_few_rounds,  // fewer than kVerdictRounds ratios
  noise,           // the range holds 1.00
  within_control,  // the median lies inside the A/A control's range
  differs,
};

// The verdict on one ratio's rounds, against an A/A control's rounds if there is one.
Verdict judge_ratio(const std::vector<double>& ratios, const std::vector<double>* control);

// "noise", "within A/A", "differs", or "" with too few rounds.
const char* verdict_words(Verdict verdict);

}  // namespace maskcheck::wire
