#include "wire/servers/compressed_cases.h"

#include "core/id_fields.h"
#include "core/test_case.h"

namespace maskcheck::wire {

std::string compressed_case_id(const CompressedCase& c) {
  return "wire:deflate:m" + std::to_string(c.length) + ":f" + std::to_string(c.fragments) + ":k" +
         key_hex(c.key) + ":server:c" + std::to_string(c.first_cut) + "," +
         std::to_string(c.second_cut);
}

bool is_compressed_case_id(std::string_view id) {
  return id.starts_with("wire:deflate:");
}

std::variant<CompressedCase, std::string> parse_compressed_case_id(std::string_view id) {
  const std::string usage = "compressed case id '" + std::string(id) +
                            "' must look like wire:deflate:m300:f3:k37fa213d:server:c3,40";
  const std::vector<std::string_view> fields = id_fields(id);
  if (fields.size() != 7 || fields[5] != "server") return usage;
  CompressedCase c;
  const std::size_t comma = fields[6].find(',');
  if (!parse_id_number(fields[2], "m", c.length) || !parse_id_number(fields[3], "f", c.fragments) ||
      comma == std::string_view::npos ||
      !parse_id_number(fields[6].substr(0, comma), "c", c.first_cut) ||
      !parse_id_number(fields[6].substr(comma + 1), "", c.second_cut)) {
    return usage;
  }
  const auto key = parse_key_field(fields[4]);
  if (!key) return "bad key field '" + std::string(fields[4]) + "'";
  c.key = *key;
  if (c.fragments != 1 && c.fragments != 3) return "a compressed message goes in 1 or 3 frames";
  if (c.length > (std::size_t{64} << 20)) return "a compressed case's message is at most 64 MiB";
  if (c.first_cut > c.second_cut) return "cuts must satisfy first <= second";
  return c;
}

}  // namespace maskcheck::wire
