#include "maskcheck/differ.h"

#include <algorithm>
#include <cstring>

#include "difference_report.h"
#include "maskcheck/contract.h"
#include "maskcheck/crash_context.h"
#include "maskcheck/fault_trap.h"
#include "maskcheck/kernel_registry.h"

namespace maskcheck {

namespace {

constexpr std::size_t kPayloadSkew = 4096;  // payload start varies with the case inside this

// Position-dependent and complementary, so a byte left unwritten cannot match both runs.
std::vector<std::uint8_t> canary_fill(std::uint8_t fill, std::size_t size) {
  std::vector<std::uint8_t> bytes(size);
  for (std::size_t i = 0; i < size; ++i) {
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

std::size_t payload_offset(const TestCase& c) {
  return (c.length * 7 + c.alignment * 131 + c.shift * 17) % kPayloadSkew;
}

}  // namespace

Differ::Differ(const Kernel& candidate, std::size_t max_length, unsigned max_shift)
    : candidate_(candidate),
      arena_(max_length + 4 + max_shift),
      payload_pool_(random_bytes(max_length + 4 + kPayloadSkew)),
      canaries_{canary_fill(0, arena_.max_span() + 2 * kCanaryBytes),
                canary_fill(1, arena_.max_span() + 2 * kCanaryBytes)} {}

void Differ::fill_before(const TestCase& c, std::span<const std::uint8_t> payload,
                         std::uint8_t fill, Image& image) const {
  const Contract contract = contract_for(c);
  const std::size_t size = contract.span + 2 * kCanaryBytes;
  image.before.resize(size);
  std::memcpy(image.before.data(), canaries_[fill].data(), size);
  std::uint8_t* read = image.before.data() + kCanaryBytes + contract.read.begin;
  if (payload.empty()) {
    std::memcpy(read, payload_pool_.data() + payload_offset(c), contract.read.size());
  } else {
    // Copy the payload once, then keep doubling what is filled: a few memcpys even for 1 byte.
    const std::size_t read_size = contract.read.size();
    std::size_t filled = std::min(payload.size(), read_size);
    std::memcpy(read, payload.data(), filled);
    while (filled < read_size) {
      const std::size_t more = std::min(filled, read_size - filled);
      std::memcpy(read + filled, read, more);
      filled += more;
    }
  }
}

void Differ::prepare(const TestCase& c, std::span<const std::uint8_t> payload, std::uint8_t fill,
                     Image& image) const {
  fill_before(c, payload, fill, image);
  image.expected = image.before;
  image.expected_phase =
      call_entry(reference_kernel().entries, c, image.expected.data() + kCanaryBytes);
}

void Differ::prepare_other_fill(const TestCase& c, std::span<const std::uint8_t> payload,
                                const Image& done, Image& image) const {
  fill_before(c, payload, 1, image);
  image.expected = image.before;
  // Outside its write footprint every byte must stay as it was; inside, only the payload matters.
  const ByteRange write = contract_for(c).write;
  std::memcpy(image.expected.data() + kCanaryBytes + write.begin,
              done.expected.data() + kCanaryBytes + write.begin, write.size());
  image.expected_phase = done.expected_phase;
}

std::optional<Failure> Differ::check_in(Placement placement, const TestCase& c,
                                        std::span<const std::uint8_t> payload) {
  const std::uint8_t fill = placement == Placement::start_after_guard ? 1 : 0;
  prepare(c, payload, fill, images_[fill]);
  return run_in(placement, c, images_[fill]);
}

std::optional<Failure> Differ::check(const TestCase& c, std::span<const std::uint8_t> payload) {
  // The reference runs once; the second fill's expected image is derived from the first.
  prepare(c, payload, 0, images_[0]);
  prepare_other_fill(c, payload, images_[0], images_[1]);
  if (auto failure = run_in(Placement::end_at_guard, c, images_[0])) return failure;
  if (auto failure = run_in(Placement::start_after_guard, c, images_[1])) return failure;
  return run_in(Placement::aligned, c, images_[0]);
}

std::optional<Failure> Differ::run_in(Placement placement, const TestCase& c, const Image& image) {
  const Contract contract = contract_for(c);
  const PlacedSpan placed =
      arena_.place(placement, contract.span, contract.src_offset, c.alignment);
  const std::size_t image_offset = kCanaryBytes - placed.lo_in_window;
  const std::uint8_t* before = image.before.data() + image_offset;
  const std::uint8_t* expected = image.expected.data() + image_offset;
  const std::span<std::uint8_t> window = placed.window;

  arena_.expose(window);
  std::memcpy(window.data(), before, window.size());
  arena_.restrict_to(placed.lo, contract.span, window);
  unsigned phase = 0;
  std::optional<Fault> fault;
  {
    const KernelCase named{candidate_.name, c};
    const CaseName name = CaseName::of<kernel_case_id>(named);
    const CrashContext crash_context(name);
    fault = run_trapping_faults([&] { phase = call_entry(candidate_.entries, c, placed.lo); });
  }
  ++candidate_calls_;
  arena_.expose(window);

  const DifferenceContext context{candidate_.name, placement, c, contract};
  std::optional<Failure> failure;
  if (fault) {
    failure = describe_fault(context, *fault, placed.lo);
  } else if (std::memcmp(window.data(), expected, window.size()) != 0) {
    failure = describe_difference(context, {expected, window.size()},
                                  {window.data(), window.size()}, placed.lo_in_window);
  } else if (takes_phase(c.entry) && phase != image.expected_phase) {
    failure = describe_wrong_phase(context, image.expected_phase, phase);
  }
  arena_.seal(window);
  return failure;
}

}  // namespace maskcheck
