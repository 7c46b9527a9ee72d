#include "planted/broken_kernels.h"

#include <cstring>

#include "maskcheck/entries_from_words.h"
#include "registry/four_entries.h"

#ifdef MASKCHECK_BROKEN_NEON
#include "maskcheck/cpu_features.h"

// impl/neon_unmask.cpp with one edit, made at build time (tests/CMakeLists.txt), on AArch64.
namespace maskcheck::broken_neon {
void unmask_words(std::uint8_t* dst, const std::uint8_t* src, std::size_t n4, Key key);
}
#endif

namespace maskcheck::testing {

namespace {

enum class Flaw {
  read_past_end,        // loads one byte after the read footprint
  write_past_end,       // stores one byte after the write footprint
  last_byte_unwritten,  // stops one byte short
  wrong_phase,          // walks the key backwards from the phase (the rol(4-n) vs rol(n) bug)
  wrong_next_phase,     // right bytes, wrong phase returned
  single_length,        // right except when the payload is 300 bytes
  disjoint_only,        // right except when dst lies wholly below src, more than 64 bytes back
  above_only,           // right except when dst lies wholly above src
  past_8_mib,           // right except past 8 MiB, where it takes another path that slips a bit
};

constexpr std::size_t k8MiB = std::size_t{8} << 20;

// A byte loop over `count` bytes, carrying one flaw. `n` is the caller's payload length.
template <Flaw flaw>
void flawed_xor(std::uint8_t* dst, const std::uint8_t* src, std::size_t count, Key key,
                unsigned phase, std::size_t n) {
  const std::size_t written = flaw == Flaw::last_byte_unwritten && count > 0 ? count - 1 : count;
  for (std::size_t i = 0; i < written; ++i) {
    const std::size_t k = flaw == Flaw::wrong_phase ? i - phase : i + phase;
    dst[i] = static_cast<std::uint8_t>(src[i] ^ key[k & 3]);
  }
  if constexpr (flaw == Flaw::read_past_end) {
    volatile std::uint8_t sink = src[count];
    (void)sink;
  }
  if constexpr (flaw == Flaw::write_past_end) dst[count] = 0xee;
  if (flaw == Flaw::single_length && n == 300) dst[count / 2] ^= 0x01;
  if constexpr (flaw == Flaw::disjoint_only) {
    const auto distance =
        reinterpret_cast<std::uintptr_t>(src) - reinterpret_cast<std::uintptr_t>(dst);
    if (n > 0 && src > dst && distance >= n && distance > 64) dst[n / 2] ^= 0x01;
  }
  if constexpr (flaw == Flaw::above_only) {
    if (n > 0 && dst >= src + n) dst[n - 1] ^= 0x80;
  }
  if (flaw == Flaw::past_8_mib && n > k8MiB) dst[n - 1] ^= 0x01;
}

template <Flaw flaw>
inline constexpr UnmaskFunctions kFlawed{
    [](std::uint8_t* dst, const std::uint8_t* src, std::size_t n4, Key key) {
      flawed_xor<flaw>(dst, src, n4, key, 0, n4);
    },
    [](std::uint8_t* dst, const std::uint8_t* src, Key key, std::size_t n) {
      flawed_xor<flaw>(dst, src, ((n >> 2) + 1) * 4, key, 0, n);
    },
    [](std::uint8_t* data, Key key, std::size_t n) {
      flawed_xor<flaw>(data, data, (n + 3) & ~std::size_t{3}, key, 0, n);
    },
    [](std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key, unsigned phase) {
      flawed_xor<flaw>(dst, src, n, key, phase, n);
      return static_cast<unsigned>((phase + n + (flaw == Flaw::wrong_next_phase)) & 3);
    },
};

// Block order swapped: the 32/16/8/4 tail first, then the 64-byte blocks. Harmless in place,
// wrong once dst trails src, because the tail store lands on source bytes not yet loaded.
void tail_first_words(std::uint8_t* dst, const std::uint8_t* src, std::size_t n4, Key key) {
  const std::size_t blocks = n4 & ~std::size_t{63};
  for (std::size_t i = blocks; i < n4; ++i) dst[i] = src[i] ^ key[i & 3];
  for (std::size_t at = 0; at < blocks; at += 64) {
    std::uint8_t block[64];
    std::memcpy(block, src + at, 64);
    for (std::size_t i = 0; i < 64; ++i) block[i] ^= key[i & 3];
    std::memcpy(dst + at, block, 64);
  }
}

// The SIMD over-reach: the last partial 32-byte chunk is loaded whole, XORed where it owns bytes,
// and stored back whole with the bytes past the end rewritten unchanged. Canaries cannot see it;
// the guard page and ASan must.
void whole_vector_tail_words(std::uint8_t* dst, const std::uint8_t* src, std::size_t n4, Key key) {
  constexpr std::size_t kVector = 32;
  for (std::size_t at = 0; at < n4; at += kVector) {
    std::uint8_t vector[kVector];
    std::memcpy(vector, src + at, kVector);
    if (n4 - at < kVector) {
      std::memcpy(vector + (n4 - at), dst + n4, kVector - (n4 - at));
    }
    for (std::size_t i = 0; i < kVector && at + i < n4; ++i) vector[i] ^= key[i & 3];
    std::memcpy(dst + at, vector, kVector);
  }
}

// The key word built with shifts that assume little-endian order, XORed into words loaded with
// memcpy: right where the byte order is little-endian, wrong on a big-endian CPU.
void little_endian_key_words(std::uint8_t* dst, const std::uint8_t* src, std::size_t n4, Key key) {
  const std::uint32_t key_word = key[0] | key[1] << 8 | key[2] << 16 | std::uint32_t{key[3]} << 24;
  for (std::size_t at = 0; at < n4; at += 4) {
    std::uint32_t word;
    std::memcpy(&word, src + at, sizeof word);
    word ^= key_word;
    std::memcpy(dst + at, &word, sizeof word);
  }
}

using enum FailureKind;
const std::vector<std::string_view> kEveryEntry{"words", "imprecise", "inplace", "exact"};

// Declared with maskcheck's own four contracts, which they break.
const std::vector<BrokenKernel> kBroken{
    {four_entry_kernel<kFlawed<Flaw::read_past_end>>("broken-read-past-end",
                                                     "reads one byte past its footprint"),
     kEveryEntry,
     {fault},
     true},
    {four_entry_kernel<kFlawed<Flaw::write_past_end>>("broken-write-past-end",
                                                      "writes one byte past its footprint"),
     kEveryEntry,
     {fault, outside_write},
     true},
    {four_entry_kernel<kFlawed<Flaw::last_byte_unwritten>>("broken-last-byte",
                                                           "leaves the last byte unwritten"),
     kEveryEntry,
     {mismatch}},
    {four_entry_kernel<kFlawed<Flaw::wrong_phase>>("broken-phase",
                                                   "walks the key backwards from the phase"),
     {"exact"},
     {mismatch}},
    {four_entry_kernel<kFlawed<Flaw::wrong_next_phase>>("broken-next-phase",
                                                        "returns the wrong next phase"),
     {"exact"},
     {FailureKind::wrong_phase}},
    {four_entry_kernel<kFlawed<Flaw::single_length>>("broken-length-300",
                                                     "wrong only for a 300-byte payload"),
     kEveryEntry,
     {mismatch}},
    {four_entry_kernel<kFlawed<Flaw::disjoint_only>>(
         "broken-disjoint", "wrong only when dst lies wholly below src, beyond 64 bytes back"),
     {"words", "imprecise", "exact"},
     {mismatch}},
    {four_entry_kernel<kFlawed<Flaw::above_only>>("broken-above",
                                                  "wrong only when dst lies wholly above src"),
     {"exact"},
     {mismatch}},
    {four_entry_kernel<kEntriesFromWords<tail_first_words>>("broken-tail-first",
                                                            "processes the tail before the blocks"),
     {"words", "imprecise", "exact"},
     {mismatch}},
    {four_entry_kernel<kEntriesFromWords<whole_vector_tail_words>>(
         "broken-vector-tail", "loads and stores the last 32-byte vector whole, past the end"),
     kEveryEntry,
     {fault},
     true},
#ifdef MASKCHECK_BROKEN_NEON
    {four_entry_kernel<kEntriesFromWords<broken_neon::unmask_words>>(
         "broken-neon-tail", "the NEON kernel with its 16-byte tail vector's key turned a byte",
         [] { return cpu_has_neon() ? 1 : 0; }),
     kEveryEntry,
     {mismatch}},
#endif
};

// Not among kBroken: the sweeps those are checked with stop at 320 bytes.
const BrokenKernel kBrokenPast8MiB{
    four_entry_kernel<kFlawed<Flaw::past_8_mib>>("broken-past-8mib", "wrong only past 8 MiB"),
    kEveryEntry,
    {mismatch}};

const BrokenKernel kBrokenOnBigEndian{
    four_entry_kernel<kEntriesFromWords<little_endian_key_words>>(
        "broken-big-endian", "builds its key word as if every CPU were little-endian"),
    kEveryEntry,
    {mismatch}};

}  // namespace

std::span<const BrokenKernel> broken_kernels() {
  return kBroken;
}

const BrokenKernel& broken_past_8_mib() {
  return kBrokenPast8MiB;
}

const BrokenKernel& broken_on_big_endian() {
  return kBrokenOnBigEndian;
}

}  // namespace maskcheck::testing
