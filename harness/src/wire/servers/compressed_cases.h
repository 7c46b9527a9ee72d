// A server's compressed cases (wire/compressed_stream.h) by id:
// "wire:deflate:m300:f3:k37fa213d:server:c3,40".
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "wire/exchange/compressed_stream.h"

namespace maskcheck::wire {

std::string compressed_case_id(const CompressedCase& c);
// Whether an id is a compressed case's ("wire:deflate:...").
bool is_compressed_case_id(std::string_view id);
// The case an id names, or a one-line reason it names none.
std::variant<CompressedCase, std::string> parse_compressed_case_id(std::string_view id);

}  // namespace maskcheck::wire
