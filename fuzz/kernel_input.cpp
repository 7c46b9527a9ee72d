#include "kernel_input.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>

namespace maskcheck::fuzz {

namespace {

// FuzzedDataProvider takes integers from the end of the input, most significant byte first, and
// as many bytes as the range needs; the payload comes from the front.
class TailWriter {
 public:
  void integer(std::uint64_t value, std::uint64_t range) {
    int bytes = 0;
    while (bytes < 8 && (range >> (8 * bytes)) > 0) ++bytes;
    for (int i = bytes - 1; i >= 0; --i)
      consumed_.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
  }
  std::vector<std::uint8_t> finish(std::span<const std::uint8_t> front) const {
    std::vector<std::uint8_t> input(front.begin(), front.end());
    input.insert(input.end(), consumed_.rbegin(), consumed_.rend());
    return input;
  }

 private:
  std::vector<std::uint8_t> consumed_;  // in the order the provider will take them
};

}  // namespace

KernelInput read_kernel_input(std::span<const std::uint8_t> data) {
  FuzzedDataProvider in(data.data(), data.size());
  KernelInput input;
  TestCase& c = input.raw;
  input.entry_index = in.ConsumeIntegralInRange<unsigned>(0, kMaxEntryIndex);
  const auto key_bytes = in.ConsumeIntegral<std::uint32_t>();  // from the end, high byte first
  c.key = {static_cast<std::uint8_t>(key_bytes >> 24), static_cast<std::uint8_t>(key_bytes >> 16),
           static_cast<std::uint8_t>(key_bytes >> 8), static_cast<std::uint8_t>(key_bytes)};
  c.phase = in.ConsumeIntegralInRange<unsigned>(0, 3);
  c.shift = in.ConsumeIntegralInRange<unsigned>(0, kMaxFuzzShift);
  input.disjoint = in.ConsumeIntegralInRange<unsigned>(0, 2 * kDisjointGaps.size());
  c.alignment = in.ConsumeIntegralInRange<unsigned>(0, 63);
  // Mostly short payloads (fast runs, every tail), one in 64 up to the full range.
  const bool long_payload = in.ConsumeIntegralInRange<unsigned>(0, 63) == 0;
  c.length =
      in.ConsumeIntegralInRange<std::size_t>(0, long_payload ? kMaxFuzzLength : kShortLength);
  input.placement = static_cast<Placement>(in.ConsumeIntegralInRange<unsigned>(0, 2));
  input.payload = in.ConsumeRemainingBytes<std::uint8_t>();
  return input;
}

std::vector<std::uint8_t> write_kernel_input(const KernelInput& input) {
  const TestCase& c = input.raw;
  TailWriter tail;
  tail.integer(input.entry_index, kMaxEntryIndex);
  tail.integer(std::uint32_t{c.key[0]} << 24 | std::uint32_t{c.key[1]} << 16 |
                   std::uint32_t{c.key[2]} << 8 | c.key[3],
               0xffffffff);
  tail.integer(c.phase, 3);
  tail.integer(c.shift, kMaxFuzzShift);
  tail.integer(input.disjoint, 2 * kDisjointGaps.size());
  tail.integer(c.alignment, 63);
  const bool long_payload = c.length > kShortLength;
  tail.integer(long_payload ? 0 : 1, 63);
  tail.integer(c.length, long_payload ? kMaxFuzzLength : kShortLength);
  tail.integer(static_cast<unsigned>(input.placement), 2);
  return tail.finish(input.payload);
}

TestCase case_for(const Kernel& kernel, const KernelInput& input) {
  TestCase c = input.raw;
  c.entry = &kernel.entries[input.entry_index % kernel.entries.size()];
  const Entry& entry = *c.entry;
  c.length -= c.length % entry.length_multiple;
  if (!moves_data(entry)) {
    c.shift = 0;
  } else {
    const std::uint64_t widest = std::max<std::uint64_t>(
        entry.min_shift, std::min<std::uint64_t>(entry.max_shift, kMaxFuzzShift));
    c.shift = static_cast<unsigned>(std::clamp<std::uint64_t>(c.shift, entry.min_shift, widest));
    const std::size_t gap =
        input.disjoint == 0 ? 0 : kDisjointGaps[(input.disjoint - 1) % kDisjointGaps.size()];
    const bool above = input.disjoint > kDisjointGaps.size();
    if (input.disjoint > 0 && !above && accepts_shift(entry, c.length + gap))
      c.shift = static_cast<unsigned>(c.length + gap);
    if (above && accepts_above(entry, above_shift(entry, c.length, gap), c.length)) {
      c.shift = static_cast<unsigned>(above_shift(entry, c.length, gap));
      c.dst_above = true;
    }
  }
  if (!carries_position(entry)) c.phase = 0;
  return c;
}

unsigned widest_shift(const Kernel& kernel) {
  unsigned widest = static_cast<unsigned>(kMaxFuzzLength + kDisjointGaps.back() + kAboveSlack);
  for (const Entry& entry : kernel.entries) widest = std::max(widest, entry.min_shift);
  return widest;
}

}  // namespace maskcheck::fuzz
