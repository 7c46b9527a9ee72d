// The four unmasking entry points every kernel provides (DESIGN.md, "The kernel contracts").
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace maskcheck {

enum class EntryPoint { words, imprecise, inplace, exact };

inline constexpr std::array<EntryPoint, 4> kAllEntryPoints{EntryPoint::words, EntryPoint::imprecise,
                                                           EntryPoint::inplace, EntryPoint::exact};

std::string_view entry_point_name(EntryPoint entry);
std::optional<EntryPoint> parse_entry_point(std::string_view name);

// Entry points whose destination may trail the source: they get the shift dimension D.
constexpr bool moves_data(EntryPoint entry) {
  return entry != EntryPoint::inplace;
}

// Only `exact` starts at a key phase and returns the next one.
constexpr bool takes_phase(EntryPoint entry) {
  return entry == EntryPoint::exact;
}

// `words` takes a byte count that is a multiple of 4.
constexpr bool takes_whole_words(EntryPoint entry) {
  return entry == EntryPoint::words;
}

}  // namespace maskcheck
