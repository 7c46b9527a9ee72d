#include "kernels/canary_fill.h"

#include <algorithm>
#include <cstring>

namespace maskcheck {

CanaryFill::CanaryFill(unsigned which) : repeated_(kRun + kPeriod) {
  for (std::size_t i = 0; i < repeated_.size(); ++i) {
    const auto pattern = static_cast<std::uint8_t>(0xa5 ^ (i % kPeriod * 29));
    repeated_[i] = which == 0 ? pattern : static_cast<std::uint8_t>(~pattern);
  }
}

void CanaryFill::write(std::uint8_t* out, std::size_t position, std::size_t size) const {
  const std::uint8_t* from = repeated_.data() + position % kPeriod;
  for (std::size_t done = 0; done < size; done += kRun)
    std::memcpy(out + done, from, std::min(kRun, size - done));
}

bool CanaryFill::matches(const std::uint8_t* in, std::size_t position, std::size_t size) const {
  const std::uint8_t* from = repeated_.data() + position % kPeriod;
  for (std::size_t done = 0; done < size; done += kRun) {
    if (std::memcmp(in + done, from, std::min(kRun, size - done)) != 0) return false;
  }
  return true;
}

}  // namespace maskcheck
