// The case space: length x source alignment x shift D x key x phase, shaped so the full sweep
// stays fast. Every (length, alignment) cell runs the pinned variants (the server shifts 0, 4, 6,
// 8, 14 with the zero, all-ones and RFC keys) plus a rotating window over all the others, so that
// across the 64 alignments of one length every (shift, key, phase) is visited. Past the shifts,
// every cell of an entry that moves data also puts dst wholly below src (D = n + gap, as a server
// copying a payload out of its receive buffer), and, where the contract takes it, wholly above src
// (dst = src + n + gap), the key and phase turning with the cell. The span tier, lengths from 1 MiB
// to the parser's default message limit, is lean: one case per cell, its variant turning with the
// cell, dst never disjoint, so that 64 MiB payloads fit in time and memory.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/test_case.h"

namespace maskcheck {

struct CaseSpace {
  std::vector<std::size_t> lengths;        // every alignment
  std::vector<std::size_t> large_lengths;  // only `large_alignments`
  std::vector<unsigned> alignments;
  std::vector<unsigned> large_alignments;
  std::vector<std::size_t> span_lengths;     // every span alignment
  std::vector<std::size_t> span_remainders;  // one span alignment each, turning with the length
  std::vector<unsigned> span_alignments;
  std::vector<unsigned> shifts;  // used by entry points that move data
  // dst wholly below src, D = n + gap, where that is wider than every shift above; and wholly
  // above src, gap bytes past its read footprint, for entries that declare dst_above
  std::vector<unsigned> disjoint_gaps;
  std::vector<Key> keys;    // the first three are pinned in every cell
  bool exhaustive = false;  // every (shift, key, phase) in every cell, no rotation
};

// Shifts that real servers use: over the key (4) and over a whole 6/8/14-byte header.
inline constexpr std::array<unsigned, 5> kServerShifts{0, 4, 6, 8, 14};
// dst wholly below src, D = n + gap: adjacent, one byte apart, a cache line apart.
inline constexpr std::array<unsigned, 3> kDisjointGaps{0, 1, 64};
// Room dst wholly above src may need past n + gap: at most 64 before, 64 after and 63 of rounding
// for the read footprint, 64 before dst for the write footprint.
inline constexpr std::size_t kAboveSlack = 255;

// dst wholly above src, `gap` bytes past the entry's read footprint: the D of such a case.
std::size_t above_shift(const Entry& entry, std::size_t n, std::size_t gap);

// Lengths 0..1024 plus the page, 64 KiB, 512 KiB and 1 MiB boundaries, and the span tier.
CaseSpace full_case_space();
// Sized for a CPU emulator (qemu-user runs the kernels tens of times slower): every length 0..300
// at alignments 0..31, the large lengths at alignments 0, 1 and 31, every shift and key, no span
// tier: 1.36 million cases for maskcheck's own four entry points.
CaseSpace emulation_case_space();
// The span tier: 2^k - 1, 2^k and 2^k + 1 from 1 MiB to 64 MiB at alignments 0, 1, 31 and 63,
// and 2^k + r for every remainder r modulo 128 around 8, 16 and 64 MiB, where a kernel's strategy
// may change (non-temporal stores, `rep movsb` ranges).
void add_span_tier(CaseSpace& space);
void clear_span_tier(CaseSpace& space);
bool has_span_tier(const CaseSpace& space);
std::vector<Key> default_keys();
// The widest D the space places: a shift, or the longest length plus a disjoint gap and, above
// src, the footprints' slack.
std::size_t widest_shift(const CaseSpace& space);

// How many rotating variants each cell adds on top of the pinned ones, from the entry's contract:
// sized so maskcheck's own four entry points sweep 8.65 million cases in all.
std::size_t rotation_width(const Entry& entry, bool large);
// The longest length the space places, in any tier.
std::size_t longest_length(const CaseSpace& space);

// Visits the entry's cases (only the shifts and phases its contract takes) in a fixed order until
// `visit` returns false; returns whether it saw them all.
bool for_each_case(const Entry& entry, const CaseSpace& space,
                   const std::function<bool(const TestCase&)>& visit);
std::uint64_t count_cases(const Entry& entry, const CaseSpace& space);

// A tier of the space and how many of an entry's cases it holds, in the order for_each_case visits
// them: every alignment, the large lengths' alignments, the span tier.
struct TierCases {
  const char* name;
  std::uint64_t cases;
};
std::array<TierCases, 3> count_cases_by_tier(const Entry& entry, const CaseSpace& space);

}  // namespace maskcheck
