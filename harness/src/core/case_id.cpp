#include "core/case_id.h"

#include <cstdio>

namespace maskcheck {

std::string key_hex(Key key) {
  char text[9];
  std::snprintf(text, sizeof text, "%02x%02x%02x%02x", key[0], key[1], key[2], key[3]);
  return text;
}

IdReader::IdReader(std::string_view id) {
  for (std::size_t at = 0;;) {
    const std::size_t colon = id.find(':', at);
    fields_.push_back(id.substr(at, colon - at));
    if (colon == std::string_view::npos) return;
    at = colon + 1;
  }
}

bool IdReader::key(std::size_t at, Key& key) const {
  const std::string_view field = (*this)[at];
  if (field.size() != 9 || field.front() != 'k') return false;
  Key read;
  for (std::size_t i = 0; i < read.size(); ++i) {
    const char* first = field.data() + 1 + 2 * i;
    const auto [end, error] = std::from_chars(first, first + 2, read[i], 16);
    if (error != std::errc{} || end != first + 2) return false;
  }
  key = read;
  return true;
}

bool IdReader::cuts(std::size_t at, std::size_t& first, std::size_t& second) const {
  const std::string_view field = (*this)[at];
  const std::size_t comma = field.find(',');
  return comma != std::string_view::npos && tagged_number(field.substr(0, comma), "c", first) &&
         tagged_number(field.substr(comma + 1), "", second);
}

}  // namespace maskcheck
