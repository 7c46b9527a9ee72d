// How every case id is spelled, in one place: fields joined by ':', a number after its tag
// ("n127"), a mask key as eight hex digits after 'k' ("k37fa213d"), a pair of cuts ("c3,40").
// Each kind of id writes itself with IdWriter and reads itself back with IdReader; the kinds and
// how each is replayed are listed once, in cli/case_kinds.cpp.
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "maskcheck/unmask_functions.h"

namespace maskcheck {

// A key as ids and reports write it, "37fa213d": its bytes in order.
std::string key_hex(Key key);

class IdWriter {
 public:
  explicit IdWriter(std::string_view first) : id_(first) {}

  IdWriter& field(std::string_view text) {
    id_ += ':';
    id_ += text;
    return *this;
  }
  IdWriter& number(std::string_view tag, std::uint64_t value) {
    return field(std::string(tag) + std::to_string(value));
  }
  IdWriter& key(Key key) { return field("k" + key_hex(key)); }
  IdWriter& cuts(std::size_t first, std::size_t second) {
    return field("c" + std::to_string(first) + "," + std::to_string(second));
  }

  const std::string& text() const { return id_; }

 private:
  std::string id_;
};

// Each check reads one field exactly (no sign, no trailing text) and fails on anything else,
// including a field past the last.
class IdReader {
 public:
  explicit IdReader(std::string_view id);

  std::size_t size() const { return fields_.size(); }
  std::string_view operator[](std::size_t at) const {
    return at < fields_.size() ? fields_[at] : std::string_view();
  }

  template <typename Number>
  bool number(std::size_t at, std::string_view tag, Number& value) const {
    return tagged_number((*this)[at], tag, value);
  }
  bool key(std::size_t at, Key& key) const;
  bool cuts(std::size_t at, std::size_t& first, std::size_t& second) const;

 private:
  template <typename Number>
  static bool tagged_number(std::string_view field, std::string_view tag, Number& value) {
    if (!field.starts_with(tag)) return false;
    const char* first = field.data() + tag.size();
    const char* last = field.data() + field.size();
    const auto [end, error] = std::from_chars(first, last, value);
    return first != last && error == std::errc{} && end == last;
  }

  std::vector<std::string_view> fields_;
};

}  // namespace maskcheck
