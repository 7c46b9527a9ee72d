#include "maskcheck/differ.h"

#include <algorithm>
#include <array>
#include <cstring>

#include "difference_report.h"
#include "maskcheck/contract.h"
#include "maskcheck/crash_context.h"
#include "maskcheck/fault_trap.h"
#include "maskcheck/reference_unmask.h"

namespace maskcheck {

namespace {

constexpr std::size_t kPayloadSkew = 4096;  // payload start varies with the case inside this
// The most a declared footprint reaches beyond n bytes and the shift (check_declaration).
constexpr std::size_t kMostSlack = 256;

// Position-dependent (period 256) and complementary, so a byte left unwritten cannot match both
// runs.
std::array<std::uint8_t, 256> canary_period(std::uint8_t fill) {
  std::array<std::uint8_t, 256> bytes{};
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const auto pattern = static_cast<std::uint8_t>(0xa5 ^ (i * 29));
    bytes[i] = fill == 0 ? pattern : static_cast<std::uint8_t>(~pattern);
  }
  return bytes;
}

std::vector<std::uint8_t> random_bytes(std::size_t size) {
  std::vector<std::uint8_t> bytes(size);
  std::uint64_t state = 0x9e3779b97f4a7c15u;
  for (auto& byte : bytes) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    byte = static_cast<std::uint8_t>(state >> 32);
  }
  return bytes;
}

struct KernelCase {
  std::string_view kernel;
  const TestCase& test_case;
};

std::string kernel_case_id(const KernelCase& named) {
  return case_id(named.kernel, named.test_case);
}

// `out` holds `period` repeated: copy it once, then keep doubling what is filled, a few memcpys
// even for a 64 MiB window.
void fill_repeating(std::uint8_t* out, std::size_t size, std::span<const std::uint8_t> period) {
  std::size_t filled = std::min(period.size(), size);
  std::memcpy(out, period.data(), filled);
  while (filled < size) {
    const std::size_t more = std::min(filled, size - filled);
    std::memcpy(out + filled, out, more);
    filled += more;
  }
}

// A span case runs in one of the three placements, turning with its length and alignment.
Placement span_placement(const TestCase& c) {
  constexpr std::array<Placement, 3> kTurn{Placement::end_at_guard, Placement::start_after_guard,
                                           Placement::aligned};
  return kTurn[(c.length + c.alignment) % kTurn.size()];
}

std::size_t payload_offset(const TestCase& c) {
  return (c.length * 7 + c.alignment * 131 + c.shift * 17) % kPayloadSkew;
}

// The byte oracle on the image: the payload, or the whole write footprint when the contract has
// the bytes past the payload unmasked too (they lie inside the read footprint), in one forward
// pass, so an overlapping dst <= src reads each byte before it is overwritten.
void unmask_as_reference(const TestCase& c, const Contract& contract, bool beyond_too,
                         std::uint8_t* lo) {
  const ByteRange range = beyond_too ? contract.write : contract.payload;
  const std::ptrdiff_t from =
      static_cast<std::ptrdiff_t>(range.begin) - static_cast<std::ptrdiff_t>(contract.dst_offset);
  const auto phase = static_cast<unsigned>((static_cast<std::ptrdiff_t>(c.phase) + from) & 3);
  reference::unmask_exact(lo + range.begin, lo + contract.src_offset + from, range.size(), c.key,
                          phase);
}

}  // namespace

Differ::Differ(const Kernel& candidate, std::size_t max_length, unsigned max_shift)
    : candidate_(candidate),
      arena_(max_length + max_shift + kMostSlack),
      payload_pool_(random_bytes(max_length + kMostSlack + kPayloadSkew)),
      canaries_{canary_period(0), canary_period(1)} {
  // Whole windows from the start: a copy into a vector too small for it reallocates to the exact
  // size, and a fresh 64 MiB allocation per case is a page fault per 4 KiB.
  for (Image& image : images_) {
    for (auto* bytes : {&image.before, &image.expected, &image.written})
      bytes->reserve(arena_.max_span() + 2 * kCanaryBytes);
  }
}

void Differ::fill_before(const TestCase& c, std::span<const std::uint8_t> payload,
                         std::uint8_t fill, Image& image) const {
  const Contract contract = contract_for(c);
  const std::size_t size = contract.span + 2 * kCanaryBytes;
  image.before.resize(size);
  fill_repeating(image.before.data(), size, canaries_[fill]);
  std::uint8_t* read = image.before.data() + kCanaryBytes + contract.read.begin;
  if (payload.empty()) {
    std::memcpy(read, payload_pool_.data() + payload_offset(c), contract.read.size());
  } else {
    fill_repeating(read, contract.read.size(), payload);
  }
}

void Differ::prepare(const TestCase& c, std::span<const std::uint8_t> payload, std::uint8_t fill,
                     Image& image) const {
  fill_before(c, payload, fill, image);
  const Contract contract = contract_for(c);
  const maskcheck_beyond_payload beyond = c.entry->beyond;
  image.expected = image.before;
  unmask_as_reference(c, contract, beyond == MASKCHECK_BEYOND_MUST_WRITE,
                      image.expected.data() + kCanaryBytes);
  if (beyond == MASKCHECK_BEYOND_MAY_WRITE) {
    image.written = image.before;
    unmask_as_reference(c, contract, true, image.written.data() + kCanaryBytes);
  }
  image.result = expected_result(c);
}

void Differ::prepare_other_fill(const TestCase& c, std::span<const std::uint8_t> payload,
                                const Image& done, Image& image) const {
  fill_before(c, payload, 1, image);
  const Contract contract = contract_for(c);
  const maskcheck_beyond_payload beyond = c.entry->beyond;
  // Bytes the reference wrote are the same under either fill; every other byte keeps this fill.
  auto copy_written = [&](const std::vector<std::uint8_t>& from, std::vector<std::uint8_t>& to,
                          const ByteRange& range) {
    to = image.before;
    std::memcpy(to.data() + kCanaryBytes + range.begin, from.data() + kCanaryBytes + range.begin,
                range.size());
  };
  copy_written(done.expected, image.expected,
               beyond == MASKCHECK_BEYOND_MUST_WRITE ? contract.write : contract.payload);
  if (beyond == MASKCHECK_BEYOND_MAY_WRITE)
    copy_written(done.written, image.written, contract.write);
  image.result = done.result;
}

std::optional<Failure> Differ::check_in(Placement placement, const TestCase& c,
                                        std::span<const std::uint8_t> payload) {
  // One image whatever the fill: the second would only double the memory a long case touches.
  const std::uint8_t fill = placement == Placement::start_after_guard ? 1 : 0;
  prepare(c, payload, fill, images_[0]);
  return run_in(placement, c, images_[0]);
}

std::size_t placements_checked(const TestCase& c) {
  return c.length > kEveryPlacementUpTo ? 1 : 3;
}

std::optional<Failure> Differ::check(const TestCase& c, std::span<const std::uint8_t> payload) {
  if (placements_checked(c) == 1) return check_in(span_placement(c), c, payload);
  // The reference runs once; the second fill's expected image is derived from the first.
  prepare(c, payload, 0, images_[0]);
  prepare_other_fill(c, payload, images_[0], images_[1]);
  if (auto failure = run_in(Placement::end_at_guard, c, images_[0])) return failure;
  if (auto failure = run_in(Placement::start_after_guard, c, images_[1])) return failure;
  return run_in(Placement::aligned, c, images_[0]);
}

std::span<const std::uint8_t> Differ::accept_writes_allowed(const Contract& contract,
                                                            std::span<const std::uint8_t> window,
                                                            const std::uint8_t* expected,
                                                            const std::uint8_t* written,
                                                            std::size_t lo_in_window) {
  accepted_.assign(expected, expected + window.size());
  for (std::size_t at = contract.write.begin; at < contract.write.end; ++at) {
    const std::size_t i = lo_in_window + at;
    if (window[i] == written[i] && !contract.payload.contains(at)) accepted_[i] = written[i];
  }
  return accepted_;
}

std::optional<Failure> Differ::run_in(Placement placement, const TestCase& c, const Image& image) {
  const Contract contract = contract_for(c);
  const PlacedSpan placed =
      arena_.place(placement, contract.span, contract.src_offset, c.alignment);
  const std::size_t image_offset = kCanaryBytes - placed.lo_in_window;
  const std::uint8_t* before = image.before.data() + image_offset;
  const std::span<std::uint8_t> window = placed.window;
  std::span<const std::uint8_t> expected{image.expected.data() + image_offset, window.size()};

  arena_.expose(window);
  std::memcpy(window.data(), before, window.size());
  arena_.restrict_to(placed.lo, contract.span, window);
  CallResult result;
  std::optional<Fault> fault;
  {
    const KernelCase named{candidate_.name, c};
    const CaseName name = CaseName::of<kernel_case_id>(named);
    const CrashContext crash_context(name);
    fault = run_trapping_faults([&] { result = call_entry(c, placed.lo); });
  }
  ++candidate_calls_;
  arena_.expose(window);

  const DifferenceContext context{candidate_.name, placement, c, contract};
  std::optional<Failure> failure;
  const bool differs = std::memcmp(window.data(), expected.data(), window.size()) != 0;
  if (differs && c.entry->beyond == MASKCHECK_BEYOND_MAY_WRITE) {
    expected = accept_writes_allowed(contract, window, expected.data(),
                                     image.written.data() + image_offset, placed.lo_in_window);
  }
  if (fault) {
    failure = describe_fault(context, *fault, placed.lo);
  } else if (differs && std::memcmp(window.data(), expected.data(), window.size()) != 0) {
    failure =
        describe_difference(context, expected, {window.data(), window.size()}, placed.lo_in_window);
  } else if (result != image.result) {
    failure = describe_wrong_result(context, image.result, result);
  }
  arena_.seal(window);
  return failure;
}

}  // namespace maskcheck
