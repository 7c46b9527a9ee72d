// Parses the CLI's number lists: "0..1024", "4,6,8,14", "0..63,100".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace maskcheck::cli {

// The listed numbers in the given order, or a one-line reason the text is not a list.
std::variant<std::vector<std::uint64_t>, std::string> parse_number_list(std::string_view text,
                                                                        std::uint64_t max);

}  // namespace maskcheck::cli
