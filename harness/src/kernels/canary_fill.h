// The bytes the differ puts around a span: position-dependent (period 256) and, for the second
// fill, complementary to the first, so a byte the call left unwritten cannot match in both runs.
// Written and compared in runs of a repeated period, so a long stretch costs a memcpy or a memcmp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace maskcheck {

class CanaryFill {
 public:
  explicit CanaryFill(unsigned which);  // 0 or 1

  // Byte `position` of the fill (positions count from kCanaryBytes before the window, any size).
  std::uint8_t at(std::size_t position) const { return repeated_[position % kPeriod]; }
  // The fill's bytes at positions [position, position + size) into `out`, or compared with `in`.
  void write(std::uint8_t* out, std::size_t position, std::size_t size) const;
  bool matches(const std::uint8_t* in, std::size_t position, std::size_t size) const;

 private:
  static constexpr std::size_t kPeriod = 256;
  static constexpr std::size_t kRun = 16 * kPeriod;  // a whole number of periods per piece
  std::vector<std::uint8_t> repeated_;               // kRun + kPeriod bytes
};

}  // namespace maskcheck
