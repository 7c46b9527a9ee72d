// Fuzzed streams for a live server: the `index`-th case of a seed is one of the seed streams (the
// named streams up to 64 KiB, and a split stream of each header size) with one to four
// structure-aware changes (maskcheck/stream_mutation.h) and up to eight cuts, made the same way
// every time, so "wire:fuzz:s1:i1234" is a whole repro.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "wire/servers/server_cases.h"

namespace maskcheck::wire {

std::vector<std::uint8_t> fuzzed_stream(const FuzzedCase& c, std::vector<std::size_t>& cuts);

std::string fuzzed_case_id(const FuzzedCase& c);
std::variant<FuzzedCase, std::string> parse_fuzzed_case_id(std::string_view id);

}  // namespace maskcheck::wire
