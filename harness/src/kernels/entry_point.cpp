#include "maskcheck/entry_point.h"

namespace maskcheck {

std::string_view entry_point_name(EntryPoint entry) {
  switch (entry) {
    case EntryPoint::words: return "words";
    case EntryPoint::imprecise: return "imprecise";
    case EntryPoint::inplace: return "inplace";
    case EntryPoint::exact: return "exact";
  }
  return "?";
}

std::optional<EntryPoint> parse_entry_point(std::string_view name) {
  for (EntryPoint entry : kAllEntryPoints) {
    if (entry_point_name(entry) == name) return entry;
  }
  return std::nullopt;
}

}  // namespace maskcheck
