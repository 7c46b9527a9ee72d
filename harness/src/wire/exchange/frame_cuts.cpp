#include "wire/exchange/frame_cuts.h"

#include <set>

namespace maskcheck::wire {

LengthField length_field_of(std::size_t header_size) {
  if (header_size == 2 || header_size == 6) return LengthField::bits7;
  return header_size == 4 || header_size == 8 ? LengthField::bits16 : LengthField::bits64;
}

std::vector<std::size_t> split_lengths(LengthField field) {
  switch (field) {
    case LengthField::bits7:
      return {0, 1, 2, 3, 4, 5, 6, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 125};
    case LengthField::bits16: return {126, 127, 128, 129, 255, 256, 257, 1000, 4096, 65535};
    case LengthField::bits64: return {65536, 65537, 70001, 524289, (std::size_t{1} << 20) + 3};
  }
  return {};
}

std::vector<std::size_t> cut_points(std::size_t header, std::size_t n, std::size_t trailer) {
  std::set<std::size_t> cuts;
  for (std::size_t c = 0; c <= header; ++c) cuts.insert(c);
  for (std::size_t r :
       {1, 2, 3, 4, 5, 6, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129}) {
    if (r < n) cuts.insert(header + r);
  }
  for (std::size_t back = 1; back <= 4 && back <= n; ++back) cuts.insert(header + n - back);
  for (std::size_t into :
       {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{6}, trailer}) {
    if (into <= trailer) cuts.insert(header + n + into);
  }
  return {cuts.begin(), cuts.end()};
}

}  // namespace maskcheck::wire
