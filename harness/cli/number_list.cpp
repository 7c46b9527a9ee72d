#include "cli/number_list.h"

#include <charconv>

namespace maskcheck::cli {

namespace {

// Far more cases than any sweep should enumerate from one flag.
constexpr std::uint64_t kMostNumbers = 1u << 24;

bool parse_number(std::string_view text, std::uint64_t& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && error == std::errc{} && end == text.data() + text.size();
}

}  // namespace

std::variant<std::vector<std::uint64_t>, std::string> parse_number_list(std::string_view text,
                                                                        std::uint64_t max) {
  std::vector<std::uint64_t> numbers;
  const std::string whole(text);
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    const std::string_view item = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
    const std::size_t dots = item.find("..");
    std::uint64_t first = 0;
    std::uint64_t last = 0;
    const bool parsed = dots == std::string_view::npos
                            ? parse_number(item, first) && parse_number(item, last)
                            : parse_number(item.substr(0, dots), first) &&
                                  parse_number(item.substr(dots + 2), last);
    if (!parsed || first > last) {
      return "'" + whole + "' is not a list like 0..64,100 (bad item '" + std::string(item) + "')";
    }
    if (last > max)
      return "'" + whole + "': " + std::to_string(last) + " is over the limit " +
             std::to_string(max);
    if (numbers.size() + (last - first) >= kMostNumbers)
      return "'" + whole + "' lists too many numbers";
    for (std::uint64_t n = first; n <= last; ++n) numbers.push_back(n);
  }
  if (numbers.empty()) return "an empty list";
  return numbers;
}

}  // namespace maskcheck::cli
