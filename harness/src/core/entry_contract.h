// C++ helpers over a declared entry point (maskcheck_entry in maskcheck/plugin.h): its footprints
// for a length, which shifts and key positions it takes, and its contract in words. The harness
// builds every case, layout and expectation from these declarations alone.
#pragma once

#include <cstddef>
#include <string>

#include "maskcheck/plugin.h"

namespace maskcheck {

using Entry = maskcheck_entry;

// How far past its pointer a footprint reaches for n payload bytes.
constexpr std::size_t extent_end(const maskcheck_extent& extent, std::size_t n) {
  const std::size_t granule = extent.granule == 0 ? 1 : extent.granule;
  return (n + extent.after + granule - 1) / granule * granule;
}

// Whether a footprint is the payload alone, [p, p+n).
constexpr bool exactly_n(const maskcheck_extent& extent) {
  return extent.granule <= 1 && extent.after == 0 && extent.before == 0;
}

constexpr bool moves_data(const Entry& entry) {
  return entry.in_place == 0;
}

// Entries that take a key position (a phase or a rotated key) get the phase dimension.
constexpr bool carries_position(const Entry& entry) {
  return entry.key != MASKCHECK_KEY_FROM_START;
}

// Whether dst = src - shift is a placement the entry accepts.
constexpr bool accepts_shift(const Entry& entry, std::size_t shift) {
  if (!moves_data(entry)) return shift == 0;
  return entry.min_shift <= shift &&
         (entry.max_shift == MASKCHECK_ANY_SHIFT || shift <= entry.max_shift);
}

// Whether dst = src + shift is a placement the entry accepts: declared, and far enough up that
// its write footprint starts past its read footprint's end.
constexpr bool accepts_above(const Entry& entry, std::size_t shift, std::size_t n) {
  return moves_data(entry) && entry.dst_above != 0 &&
         shift >= extent_end(entry.read, n) + entry.write.before;
}

// Whether two entries declare the same contract (names and calls aside).
bool same_contract(const Entry& a, const Entry& b);

// "" if maskcheck can check the declaration, else why not, in one line.
std::string check_declaration(const Entry& entry);

// The contract in words, for `maskcheck list`: placements, footprints, what happens past n, and
// how the key position travels.
std::string describe_contract(const Entry& entry);

}  // namespace maskcheck
