#include "kernels/case_space.h"

#include <algorithm>
#include <numeric>

#include "core/message_limits.h"

namespace maskcheck {

namespace {

constexpr std::size_t kPinnedKeys = 3;
constexpr std::size_t kMiB = std::size_t{1} << 20;
constexpr std::size_t kSpanStride = 37;

struct Variant {
  unsigned shift;
  Key key;
  unsigned phase;
};

template <typename T>
std::vector<T> iota_vector(T first, T last) {
  std::vector<T> values(last - first + 1);
  std::iota(values.begin(), values.end(), first);
  return values;
}

bool is_server_shift(unsigned shift) {
  return std::find(kServerShifts.begin(), kServerShifts.end(), shift) != kServerShifts.end();
}

// An entry that takes only multiples of some length (words: 4) gets each length rounded down to
// one, without repeats.
std::vector<std::size_t> lengths_for(const Entry& entry, const std::vector<std::size_t>& lengths) {
  if (entry.length_multiple <= 1) return lengths;
  std::vector<std::size_t> rounded;
  for (std::size_t n : lengths) {
    const std::size_t whole = n - n % entry.length_multiple;
    if (std::find(rounded.begin(), rounded.end(), whole) == rounded.end()) rounded.push_back(whole);
  }
  return rounded;
}

// The variants every cell runs, and the rest, which cells take turns over.
struct VariantPlan {
  std::vector<Variant> pinned;
  std::vector<Variant> rotating;
};

VariantPlan plan_variants(const Entry& entry, const CaseSpace& space) {
  std::vector<unsigned> shifts{0};
  if (moves_data(entry)) {
    shifts.clear();
    for (unsigned shift : space.shifts) {
      if (accepts_shift(entry, shift)) shifts.push_back(shift);
    }
  }
  const unsigned phases = carries_position(entry) ? 4 : 1;
  VariantPlan plan;
  for (unsigned shift : shifts) {
    for (std::size_t k = 0; k < space.keys.size(); ++k) {
      const bool pinned = !space.exhaustive && is_server_shift(shift) && k < kPinnedKeys;
      if (pinned) {
        plan.pinned.push_back({shift, space.keys[k], 0});
        continue;
      }
      for (unsigned phase = 0; phase < phases; ++phase) {
        plan.rotating.push_back({shift, space.keys[k], phase});
      }
    }
  }
  return plan;
}

}  // namespace

std::vector<Key> default_keys() {
  return {
      {0x00, 0x00, 0x00, 0x00},  // zero: the shortcut several servers take
      {0xff, 0xff, 0xff, 0xff}, {0x37, 0xfa, 0x21, 0x3d},  // RFC 6455 section 5.7
      {0x00, 0x00, 0x00, 0x80},  // zero but for one bit: catches a zero test on part of the key
      {0x8a, 0x5c, 0x1e, 0x73}, {0xc3, 0x09, 0xe1, 0xf0},
      {0x5b, 0x1d, 0x9e, 0x02}, {0xe4, 0x07, 0x9a, 0x6c},
  };
}

CaseSpace full_case_space() {
  CaseSpace space;
  space.lengths = iota_vector<std::size_t>(0, 1024);
  space.large_lengths = {4095,  4096,   4097,   65535,  65536,         65537,
                         70001, 524287, 524288, 524289, (1u << 20) + 3};
  space.alignments = iota_vector<unsigned>(0, 63);
  space.large_alignments = {0, 1, 7, 8, 63};
  space.shifts = iota_vector<unsigned>(0, 64);
  space.disjoint_gaps.assign(kDisjointGaps.begin(), kDisjointGaps.end());
  space.keys = default_keys();
  add_span_tier(space);
  return space;
}

CaseSpace emulation_case_space() {
  CaseSpace space = full_case_space();
  clear_span_tier(space);
  space.lengths = iota_vector<std::size_t>(0, 300);
  space.alignments = iota_vector<unsigned>(0, 31);
  space.large_alignments = {0, 1, 31};
  return space;
}

void add_span_tier(CaseSpace& space) {
  clear_span_tier(space);
  for (std::size_t power = kMiB; power <= kDefaultMessageSizeLimit; power *= 2) {
    space.span_lengths.insert(space.span_lengths.end(), {power - 1, power, power + 1});
  }
  for (std::size_t power : {8 * kMiB, 16 * kMiB, 64 * kMiB}) {
    for (std::size_t remainder = 2; remainder < 128; ++remainder)
      space.span_remainders.push_back(power + remainder);
  }
  space.span_alignments = {0, 1, 31, 63};
}

void clear_span_tier(CaseSpace& space) {
  space.span_lengths.clear();
  space.span_remainders.clear();
  space.span_alignments.clear();
}

bool has_span_tier(const CaseSpace& space) {
  return !space.span_alignments.empty() &&
         !(space.span_lengths.empty() && space.span_remainders.empty());
}

std::size_t longest_length(const CaseSpace& space) {
  std::size_t longest = 0;
  for (const auto* lengths : {&space.lengths, &space.large_lengths}) {
    for (std::size_t n : *lengths) longest = std::max(longest, n);
  }
  if (!space.span_alignments.empty()) {
    for (const auto* lengths : {&space.span_lengths, &space.span_remainders}) {
      for (std::size_t n : *lengths) longest = std::max(longest, n);
    }
  }
  return longest;
}

std::size_t widest_shift(const CaseSpace& space) {
  std::size_t widest = 0;
  for (unsigned shift : space.shifts) widest = std::max<std::size_t>(widest, shift);
  if (space.disjoint_gaps.empty()) return widest;
  std::size_t longest = 0;
  for (const auto* lengths : {&space.lengths, &space.large_lengths}) {
    for (std::size_t n : *lengths) longest = std::max(longest, n);
  }
  const unsigned gap = *std::max_element(space.disjoint_gaps.begin(), space.disjoint_gaps.end());
  return std::max(widest, longest + gap + kAboveSlack);
}

std::size_t above_shift(const Entry& entry, std::size_t n, std::size_t gap) {
  return extent_end(entry.read, n) + entry.write.before + gap;
}

std::size_t rotation_width(const Entry& entry, bool large) {
  if (large) return 4;
  if (!moves_data(entry)) return 5;          // no shifts: the few keys fit in every cell
  if (entry.length_multiple > 1) return 76;  // fewer lengths, so more per cell
  if (carries_position(entry)) return 40;    // four phases per (shift, key)
  return 31;
}

bool for_each_case(const Entry& entry, const CaseSpace& space,
                   const std::function<bool(const TestCase&)>& visit) {
  const VariantPlan plan = plan_variants(entry, space);
  const unsigned widest_overlapping =
      space.shifts.empty() ? 0 : *std::max_element(space.shifts.begin(), space.shifts.end());
  std::uint64_t cell = 0;
  auto run_cells = [&](const std::vector<std::size_t>& lengths,
                       const std::vector<unsigned>& alignments, bool large) {
    const std::size_t width = space.exhaustive
                                  ? plan.rotating.size()
                                  : std::min(rotation_width(entry, large), plan.rotating.size());
    for (std::size_t length : lengths_for(entry, lengths)) {
      for (unsigned alignment : alignments) {
        TestCase c{&entry, length, alignment, 0, {}, 0};
        for (std::size_t i = 0; i < plan.pinned.size(); ++i) {
          c.shift = plan.pinned[i].shift;
          c.key = plan.pinned[i].key;
          c.phase = carries_position(entry) ? static_cast<unsigned>((cell + i) % 4) : 0;
          if (!visit(c)) return false;
        }
        for (std::size_t i = 0; i < width; ++i) {
          const Variant& v = plan.rotating[(cell * width + i) % plan.rotating.size()];
          c.shift = v.shift;
          c.key = v.key;
          c.phase = v.phase;
          if (!visit(c)) return false;
        }
        for (std::size_t i = 0; moves_data(entry) && i < space.disjoint_gaps.size(); ++i) {
          const std::size_t shift = length + space.disjoint_gaps[i];
          if (shift <= widest_overlapping || !accepts_shift(entry, shift)) continue;
          c.shift = static_cast<unsigned>(shift);
          // Over consecutive cells every (key, phase) pair comes round.
          const std::size_t turn = cell + i;
          c.key = space.keys[turn % space.keys.size()];
          c.phase =
              carries_position(entry) ? static_cast<unsigned>(turn / space.keys.size() % 4) : 0;
          if (!visit(c)) return false;
        }
        // dst wholly above src, D = n + gap past the read footprint, where the contract takes it.
        for (std::size_t i = 0; entry.dst_above != 0 && i < space.disjoint_gaps.size(); ++i) {
          c.shift = static_cast<unsigned>(above_shift(entry, length, space.disjoint_gaps[i]));
          c.dst_above = true;
          const std::size_t turn = cell + space.disjoint_gaps.size() + i;
          c.key = space.keys[turn % space.keys.size()];
          c.phase =
              carries_position(entry) ? static_cast<unsigned>(turn / space.keys.size() % 4) : 0;
          const bool go_on = visit(c);
          c.dst_above = false;
          if (!go_on) return false;
        }
        ++cell;
      }
    }
    return true;
  };
  // One case per span cell: half the cells take the pinned variants in turn, the other half step
  // through the rest by a prime stride, so shift, key and phase all move from cell to cell.
  auto run_span_cell = [&](std::size_t length, unsigned alignment) {
    TestCase c{&entry, length, alignment, 0, {}, 0};
    const bool take_pinned = cell % 2 == 0 && !plan.pinned.empty();
    if (take_pinned || plan.rotating.empty()) {
      const Variant& v = plan.pinned[cell / 2 % plan.pinned.size()];
      c.shift = v.shift;
      c.key = v.key;
      c.phase = carries_position(entry) ? static_cast<unsigned>(cell / 2 % 4) : 0;
    } else {
      const Variant& v = plan.rotating[cell / 2 * kSpanStride % plan.rotating.size()];
      c.shift = v.shift;
      c.key = v.key;
      c.phase = v.phase;
    }
    ++cell;
    return visit(c);
  };
  auto run_span_cells = [&] {
    if (space.span_alignments.empty()) return true;
    const std::vector<std::size_t> every_alignment = lengths_for(entry, space.span_lengths);
    for (std::size_t length : every_alignment) {
      for (unsigned alignment : space.span_alignments) {
        if (!run_span_cell(length, alignment)) return false;
      }
    }
    std::size_t turn = 0;
    for (std::size_t length : lengths_for(entry, space.span_remainders)) {
      // Rounded to whole words, a remainder can land on a length already in every alignment.
      if (std::ranges::find(every_alignment, length) != every_alignment.end()) continue;
      if (!run_span_cell(length, space.span_alignments[turn++ % space.span_alignments.size()]))
        return false;
    }
    return true;
  };
  return run_cells(space.lengths, space.alignments, false) &&
         run_cells(space.large_lengths, space.large_alignments, true) && run_span_cells();
}

std::uint64_t count_cases(const Entry& entry, const CaseSpace& space) {
  std::uint64_t count = 0;
  for_each_case(entry, space, [&](const TestCase&) {
    ++count;
    return true;
  });
  return count;
}

std::array<TierCases, 3> count_cases_by_tier(const Entry& entry, const CaseSpace& space) {
  CaseSpace lengths = space;
  lengths.large_lengths.clear();
  clear_span_tier(lengths);
  CaseSpace large = lengths;
  large.lengths.clear();
  large.large_lengths = space.large_lengths;
  CaseSpace span = space;
  span.lengths.clear();
  span.large_lengths.clear();
  return {{{"lengths", count_cases(entry, lengths)},
           {"large lengths", count_cases(entry, large)},
           {"span tier", count_cases(entry, span)}}};
}

}  // namespace maskcheck
