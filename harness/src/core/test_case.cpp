#include "core/test_case.h"

#include <charconv>
#include <cstdio>
#include <vector>

namespace maskcheck {

namespace {

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  while (true) {
    const std::size_t at = text.find(separator);
    parts.push_back(text.substr(0, at));
    if (at == std::string_view::npos) return parts;
    text.remove_prefix(at + 1);
  }
}

// Parses "<prefix><decimal>", e.g. "n1024"; fails on anything else.
template <typename Number>
bool parse_field(std::string_view field, char prefix, Number& value) {
  if (field.size() < 2 || field.front() != prefix) return false;
  const char* first = field.data() + 1;
  const char* last = field.data() + field.size();
  const auto [end, error] = std::from_chars(first, last, value);
  return error == std::errc{} && end == last;
}

}  // namespace

std::optional<Key> parse_key_field(std::string_view field) {
  if (field.size() != 9 || field.front() != 'k') return std::nullopt;
  Key key;
  for (std::size_t i = 0; i < 4; ++i) {
    const char* first = field.data() + 1 + 2 * i;
    const auto [end, error] = std::from_chars(first, first + 2, key[i], 16);
    if (error != std::errc{} || end != first + 2) return std::nullopt;
  }
  return key;
}

std::string key_hex(Key key) {
  char text[9];
  std::snprintf(text, sizeof text, "%02x%02x%02x%02x", key[0], key[1], key[2], key[3]);
  return text;
}

std::string case_id(std::string_view kernel, const TestCase& test_case) {
  std::string id(kernel);
  id += ':';
  id += test_case.entry->name;
  id += ":n" + std::to_string(test_case.length);
  id += ":a" + std::to_string(test_case.alignment);
  id += test_case.dst_above ? ":d-" : ":d";
  id += std::to_string(test_case.shift);
  id += ":k" + key_hex(test_case.key);
  id += ":p" + std::to_string(test_case.phase);
  return id;
}

std::variant<ParsedCaseId, std::string> parse_case_id(std::string_view id) {
  const std::vector<std::string_view> fields = split(id, ':');
  if (fields.size() != 7) {
    return "case id '" + std::string(id) +
           "' must have 7 fields: kernel:entry:nLENGTH:aALIGN:dSHIFT:kKEYHEX:pPHASE";
  }
  ParsedCaseId parsed;
  parsed.kernel = fields[0];
  parsed.entry = fields[1];
  TestCase& c = parsed.test_case;
  if (!parse_field(fields[2], 'n', c.length))
    return "bad length field '" + std::string(fields[2]) + "'";
  if (!parse_field(fields[3], 'a', c.alignment))
    return "bad alignment field '" + std::string(fields[3]) + "'";
  c.dst_above = fields[4].starts_with("d-");
  const std::string shift_field = c.dst_above ? "d" + std::string(fields[4].substr(2))
                                              : std::string(fields[4]);
  if (!parse_field(shift_field, 'd', c.shift))
    return "bad shift field '" + std::string(fields[4]) + "'";
  const auto key = parse_key_field(fields[5]);
  if (!key) return "bad key field '" + std::string(fields[5]) + "' (want k + 8 hex digits)";
  c.key = *key;
  if (!parse_field(fields[6], 'p', c.phase))
    return "bad phase field '" + std::string(fields[6]) + "'";
  return parsed;
}

std::string validate_case(const TestCase& c) {
  const Entry& entry = *c.entry;
  const std::string name = entry.name;
  if (c.alignment >= 64) return "alignment must be 0..63";
  if (c.length > kMaxLength) return "length must be 0.." + std::to_string(kMaxLength);
  if (c.shift > kMaxShift) return "shift must be 0.." + std::to_string(kMaxShift);
  if (c.phase > 3) return "phase must be 0..3";
  if (!moves_data(entry) && c.shift != 0) return name + " works in place: it takes no shift (d0)";
  if (c.dst_above && !accepts_above(entry, c.shift, c.length)) {
    return name + " does not accept dst " + std::to_string(c.shift) +
           " bytes above src (its contract: " + describe_contract(entry) + ")";
  }
  if (!c.dst_above && !accepts_shift(entry, c.shift)) {
    return name + " does not accept shift " + std::to_string(c.shift) +
           " (its contract: " + describe_contract(entry) + ")";
  }
  if (!carries_position(entry) && c.phase != 0)
    return name + " starts at key byte 0: it takes no phase (p0)";
  if (c.length % entry.length_multiple != 0) {
    return name + " takes lengths that are multiples of " + std::to_string(entry.length_multiple);
  }
  return {};
}

}  // namespace maskcheck
