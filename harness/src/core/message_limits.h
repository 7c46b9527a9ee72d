// The message size limits the stream checks run parsers with, and the lengths past 32 bits they
// declare under the largest.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "maskcheck/frame_parser_interface.h"

namespace maskcheck {

// The limit of a parser configured as servers usually are (64 MiB), for most streams.
inline constexpr std::uint64_t kDefaultMessageSizeLimit = ParserOptions{}.max_message_size;

// A max_message_size no header can exceed (a 64-bit length has its top bit clear): a
// file-transfer server's, for the checks of frames declaring 4 GiB and more.
inline constexpr std::uint64_t kNoMessageSizeLimit = (std::uint64_t{1} << 63) - 1;

// The lengths around and past 32 bits that the split runs and the named streams declare under
// that limit, sending only the first part of the payload; the name is the named streams'.
struct HugeLength {
  std::string_view name;
  std::uint64_t length;
};
inline constexpr std::array<HugeLength, 5> kHugeLengths{{{"2^32-1", (std::uint64_t{1} << 32) - 1},
                                                         {"2^32", std::uint64_t{1} << 32},
                                                         {"2^32+1", (std::uint64_t{1} << 32) + 1},
                                                         {"2^40", std::uint64_t{1} << 40},
                                                         {"2^63-1", kNoMessageSizeLimit}}};

}  // namespace maskcheck
