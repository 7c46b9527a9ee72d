// Expected and actual bytes side by side around the first difference, for failure reports.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>

namespace maskcheck {

// Two rows of hex and a row of ^^ under each differing byte; `name_offset` names the first
// offset shown ("dst+52"). The spans may differ in length: missing bytes show as "--".
std::string hex_window(std::span<const std::uint8_t> expected, std::span<const std::uint8_t> actual,
                       std::size_t first_difference,
                       const std::function<std::string(std::size_t)>& name_offset);

}  // namespace maskcheck
