#include "wire/servers/compressed_cases.h"

#include "core/case_id.h"

namespace maskcheck::wire {

std::string compressed_case_id(const CompressedCase& c) {
  return IdWriter("wire")
      .field("deflate")
      .number("m", c.length)
      .number("f", c.fragments)
      .key(c.key)
      .field("server")
      .cuts(c.first_cut, c.second_cut)
      .text();
}

bool is_compressed_case_id(std::string_view id) {
  return id.starts_with("wire:deflate:");
}

std::variant<CompressedCase, std::string> parse_compressed_case_id(std::string_view id) {
  const std::string usage = "compressed case id '" + std::string(id) +
                            "' must look like wire:deflate:m300:f3:k37fa213d:server:c3,40";
  const IdReader fields(id);
  if (fields.size() != 7 || fields[0] != "wire" || fields[1] != "deflate" || fields[5] != "server")
    return usage;
  CompressedCase c;
  if (!fields.number(2, "m", c.length) || !fields.number(3, "f", c.fragments) ||
      !fields.cuts(6, c.first_cut, c.second_cut)) {
    return usage;
  }
  if (!fields.key(4, c.key)) return "bad key field '" + std::string(fields[4]) + "'";
  if (c.fragments != 1 && c.fragments != 3) return "a compressed message goes in 1 or 3 frames";
  if (c.length > (std::size_t{64} << 20)) return "a compressed case's message is at most 64 MiB";
  if (c.first_cut > c.second_cut) return "cuts must satisfy first <= second";
  return c;
}

}  // namespace maskcheck::wire
