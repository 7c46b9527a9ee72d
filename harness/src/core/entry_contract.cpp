#include "core/entry_contract.h"

#include <algorithm>
#include <array>

namespace maskcheck {

namespace {

constexpr std::array<std::uint32_t, 6> kGranules{1, 4, 8, 16, 32, 64};
// Slack a footprint may declare before or after its pointer: the differ's arenas leave room for
// this much (see kMostSlack there).
constexpr std::uint32_t kMostExtentSlack = 64;

bool same_extent(const maskcheck_extent& a, const maskcheck_extent& b) {
  return a.granule == b.granule && a.after == b.after && a.before == b.before;
}

// "n", "round_up(n+1, 4)"
std::string extent_words(const maskcheck_extent& extent) {
  const std::string length = extent.after == 0 ? "n" : "n+" + std::to_string(extent.after);
  return extent.granule <= 1 ? length
                             : "round_up(" + length + ", " + std::to_string(extent.granule) + ")";
}

// "[src, src+n)", "[src-8, src+round_up(n, 16))"
std::string footprint_words(const char* base, const maskcheck_extent& extent) {
  // Appended piece by piece: g++ 12 warns falsely (-Wrestrict) on "literal" + std::string&&.
  std::string text = "[";
  text += base;
  if (extent.before != 0) {
    text += '-';
    text += std::to_string(extent.before);
  }
  text += ", ";
  text += base;
  text += '+';
  text += extent_words(extent);
  text += ')';
  return text;
}

std::string extent_problem(const char* which, const maskcheck_extent& extent) {
  if (std::find(kGranules.begin(), kGranules.end(), extent.granule) == kGranules.end())
    return std::string(which) + " granule must be 1, 4, 8, 16, 32 or 64";
  if (extent.after > kMostExtentSlack || extent.before > kMostExtentSlack)
    return std::string(which) + " slack before and after must be 0.." +
           std::to_string(kMostExtentSlack);
  return {};
}

}  // namespace

bool same_contract(const Entry& a, const Entry& b) {
  return a.in_place == b.in_place && a.min_shift == b.min_shift && a.max_shift == b.max_shift &&
         a.dst_above == b.dst_above && a.length_multiple == b.length_multiple &&
         same_extent(a.read, b.read) && same_extent(a.write, b.write) && a.beyond == b.beyond &&
         a.key == b.key;
}

std::string check_declaration(const Entry& entry) {
  if (entry.call == nullptr) return "no call";
  if (std::string problem = extent_problem("read", entry.read); !problem.empty()) return problem;
  if (std::string problem = extent_problem("write", entry.write); !problem.empty()) return problem;
  if (entry.length_multiple == 0 || entry.length_multiple > 64)
    return "length_multiple must be 1..64";
  if (entry.min_shift > entry.max_shift) return "min_shift is above max_shift";
  if (entry.in_place != 0 && (entry.min_shift != 0 || entry.max_shift != 0 || entry.dst_above))
    return "an in-place entry takes no shift";
  if (entry.key > MASKCHECK_KEY_FROM_START) return "key carriage must be a maskcheck_key_carry";
  if (entry.beyond > MASKCHECK_BEYOND_MUST_WRITE)
    return "beyond must be a maskcheck_beyond_payload";
  // Bytes written past the payload are the source's bytes there ^ key: it must read them.
  if (entry.beyond != MASKCHECK_BEYOND_UNTOUCHED && !same_extent(entry.read, entry.write))
    return "an entry that writes past the payload must read exactly what it writes";
  return {};
}

std::string describe_contract(const Entry& entry) {
  std::string text;
  if (moves_data(entry)) {
    text = "dst = src - D, D " + std::to_string(entry.min_shift) + ".." +
           (entry.max_shift == MASKCHECK_ANY_SHIFT ? std::string("any, dst wholly below src too")
                                                   : std::to_string(entry.max_shift));
    if (entry.dst_above) text += "; or dst wholly above src";
    text += "; reads " + footprint_words("src", entry.read) + ", writes " +
            footprint_words("dst", entry.write);
  } else {
    text = "in place; reads and writes " + footprint_words("data", entry.write);
  }
  if (entry.length_multiple > 1) text += "; n % " + std::to_string(entry.length_multiple) + " == 0";
  if (!exactly_n(entry.write)) {
    switch (entry.beyond) {
      case MASKCHECK_BEYOND_UNTOUCHED: text += "; leaves the bytes past n as they were"; break;
      case MASKCHECK_BEYOND_MAY_WRITE: text += "; may unmask the bytes past n"; break;
      case MASKCHECK_BEYOND_MUST_WRITE: text += "; unmasks the bytes past n too"; break;
    }
  }
  switch (entry.key) {
    case MASKCHECK_KEY_PHASE: text += "; takes the phase, returns (phase + n) % 4"; break;
    case MASKCHECK_KEY_ROTATED: text += "; takes the key rotated, leaves it rotated by n"; break;
    case MASKCHECK_KEY_FROM_START: text += "; starts at key byte 0, the caller rotates"; break;
  }
  return text;
}

}  // namespace maskcheck
