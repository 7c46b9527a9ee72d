// Reading a case id back: its colon-separated fields, and a number after a field's prefix
// ("n127", "c3"), each exact (no sign, no trailing text).
#pragma once

#include <charconv>
#include <string_view>
#include <vector>

namespace maskcheck {

inline std::vector<std::string_view> id_fields(std::string_view id) {
  std::vector<std::string_view> fields;
  for (std::size_t at = 0;;) {
    const std::size_t colon = id.find(':', at);
    fields.push_back(id.substr(at, colon - at));
    if (colon == std::string_view::npos) return fields;
    at = colon + 1;
  }
}

template <typename Number>
bool parse_id_number(std::string_view field, std::string_view prefix, Number& value) {
  if (!field.starts_with(prefix)) return false;
  const char* first = field.data() + prefix.size();
  const char* last = field.data() + field.size();
  const auto [end, error] = std::from_chars(first, last, value);
  return first != last && error == std::errc{} && end == last;
}

}  // namespace maskcheck
