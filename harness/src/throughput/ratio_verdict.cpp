#include "throughput/ratio_verdict.h"

#include <algorithm>

namespace maskcheck::wire {

Spread spread_of(std::vector<double> values) {
  if (values.empty()) return {};
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  const double median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  return {median, values.front(), values.back()};
}

Verdict judge_ratio(const std::vector<double>& ratios, const std::vector<double>* control) {
  if (ratios.size() < kVerdictRounds) return Verdict::too_few_rounds;
  const Spread ratio = spread_of(ratios);
  if (ratio.low <= 1.0 && ratio.high >= 1.0) return Verdict::noise;
  if (control) {
    const Spread same = spread_of(*control);
    if (ratio.median >= same.low && ratio.median <= same.high) return Verdict::within_control;
  }
  return Verdict::differs;
}

const char* verdict_words(Verdict verdict) {
  switch (verdict) {
    case Verdict::too_few_rounds: return "";
    case Verdict::noise: return "noise";
    case Verdict::within_control: return "within A/A";
    case Verdict::differs: return "differs";
  }
  return "";
}

}  // namespace maskcheck::wire
