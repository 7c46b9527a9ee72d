#include "kernels/hex_window.h"

#include <algorithm>
#include <cstdio>

namespace maskcheck {

namespace {

constexpr std::size_t kBytesBefore = 8;
constexpr std::size_t kBytesShown = 24;

std::string hex_row(std::string_view label, std::span<const std::uint8_t> bytes, std::size_t first,
                    std::size_t last) {
  std::string row = "    " + std::string(label);
  char hex[4];
  for (std::size_t i = first; i < last; ++i) {
    if (i < bytes.size()) {
      std::snprintf(hex, sizeof hex, " %02x", bytes[i]);
      row += hex;
    } else {
      row += " --";
    }
  }
  return row + "\n";
}

}  // namespace

std::string hex_window(std::span<const std::uint8_t> expected, std::span<const std::uint8_t> actual,
                       std::size_t first_difference,
                       const std::function<std::string(std::size_t)>& name_offset) {
  const std::size_t longer = std::max(expected.size(), actual.size());
  const std::size_t first = first_difference > kBytesBefore ? first_difference - kBytesBefore : 0;
  const std::size_t last = std::min(longer, first + kBytesShown);
  std::string text = "  bytes from " + name_offset(first) + ":\n";
  text += hex_row("expected", expected, first, last);
  text += hex_row("actual  ", actual, first, last);
  std::string marker = "            ";
  for (std::size_t i = first; i < last; ++i) {
    const bool same = i < expected.size() && i < actual.size() && expected[i] == actual[i];
    marker += same ? "   " : " ^^";
  }
  marker.erase(marker.find_last_not_of(' ') + 1);
  return text + marker + "\n";
}

}  // namespace maskcheck
