#include "core/test_case.h"

#include "core/case_id.h"

namespace maskcheck {

std::string case_id(std::string_view kernel, const TestCase& test_case) {
  const std::string shift = (test_case.dst_above ? "d-" : "d") + std::to_string(test_case.shift);
  return IdWriter(kernel)
      .field(test_case.entry->name)
      .number("n", test_case.length)
      .number("a", test_case.alignment)
      .field(shift)
      .key(test_case.key)
      .number("p", test_case.phase)
      .text();
}

std::variant<ParsedCaseId, std::string> parse_case_id(std::string_view id) {
  const IdReader fields(id);
  if (fields.size() != 7) {
    return "case id '" + std::string(id) +
           "' must have 7 fields: kernel:entry:nLENGTH:aALIGN:dSHIFT:kKEYHEX:pPHASE";
  }
  ParsedCaseId parsed;
  parsed.kernel = fields[0];
  parsed.entry = fields[1];
  TestCase& c = parsed.test_case;
  if (!fields.number(2, "n", c.length)) return "bad length field '" + std::string(fields[2]) + "'";
  if (!fields.number(3, "a", c.alignment))
    return "bad alignment field '" + std::string(fields[3]) + "'";
  c.dst_above = fields[4].starts_with("d-");
  if (!fields.number(4, c.dst_above ? "d-" : "d", c.shift))
    return "bad shift field '" + std::string(fields[4]) + "'";
  if (!fields.key(5, c.key))
    return "bad key field '" + std::string(fields[5]) + "' (want k + 8 hex digits)";
  if (!fields.number(6, "p", c.phase)) return "bad phase field '" + std::string(fields[6]) + "'";
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
