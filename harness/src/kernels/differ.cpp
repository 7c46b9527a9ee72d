#include "kernels/differ.h"

#include <algorithm>
#include <cstring>

#include "bounds/fault_trap.h"
#include "kernels/canary_fill.h"
#include "kernels/difference_report.h"
#include "kernels/payload_pool.h"
#include "kernels/window_expectation.h"
#include "maskcheck/reference_unmask.h"
#include "registry/kernel_registry.h"
#include "runs/crash_context.h"

namespace maskcheck {

namespace {

constexpr std::size_t kPayloadSkew = 4096;  // payload start varies with the case inside this
// The most a declared footprint reaches beyond n bytes and the shift (check_declaration).
constexpr std::size_t kMostSlack = 256;

struct KernelCase {
  std::string_view kernel;
  const TestCase& test_case;
};

std::string kernel_case_id(const KernelCase& named) {
  return case_id(named.kernel, named.test_case);
}

// `out` holds `period` repeated: copy it once, then keep doubling what is filled.
void fill_repeating(std::uint8_t* out, std::size_t size, std::span<const std::uint8_t> period) {
  if (size == 0) return;  // an empty read footprint: `out` may be no buffer at all
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

// Where in the pool the read footprint starts: varies with the case, and puts src's first byte
// on a pool byte whose index is the case's phase modulo 4, so that the pool as the reference
// unmasked it from phase 0 holds the case's expected output.
std::size_t pool_offset(const TestCase& c) {
  const std::size_t skew = (c.length * 7 + c.alignment * 131 + c.shift * 17) % kPayloadSkew;
  return (skew & ~std::size_t{3}) + ((c.phase - c.entry->read.before) & 3);
}

unsigned canary_fill_of(Placement placement) {
  return placement == Placement::start_after_guard ? 1 : 0;
}

}  // namespace

Differ::Differ(const Kernel& candidate, std::size_t max_length, unsigned max_shift)
    : candidate_(candidate),
      arena_(max_length + max_shift + kMostSlack),
      pool_(&PayloadPool::at_least(max_length + kMostSlack + kPayloadSkew)),
      canaries_(std::make_unique<std::array<CanaryFill, 2>>(
          std::array<CanaryFill, 2>{CanaryFill(0), CanaryFill(1)})) {}

Differ::~Differ() = default;

const std::uint8_t* Differ::pool_unmasked(Key key) {
  for (const auto& [known, bytes] : unmasked_by_key_) {
    if (known == key) return bytes;
  }
  const std::uint8_t* bytes = pool_->unmasked(key);
  if (bytes) unmasked_by_key_.emplace_back(key, bytes);
  return bytes;
}

const std::uint8_t* Differ::run_reference(const TestCase& c, const Sources& sources,
                                          unsigned fill) {
  const Contract& contract = sources.contract;
  const ByteRange range = unmasked_range(contract, c.entry->beyond);
  // The source byte of each unmasked byte sits D below it (above, for dst above src): write the
  // window's old bytes there, then run the reference from them.
  const std::ptrdiff_t from =
      static_cast<std::ptrdiff_t>(range.begin) - static_cast<std::ptrdiff_t>(contract.dst_offset);
  const std::ptrdiff_t first = static_cast<std::ptrdiff_t>(contract.src_offset) + from;
  std::vector<std::uint8_t>& in = reference_in_[fill];
  std::vector<std::uint8_t>& out = reference_out_[fill];
  in.resize(range.size());
  out.resize(range.size());
  const WindowExpectation old{contract, c.entry->beyond, (*canaries_)[fill], sources.input,
                              nullptr};
  old.write_before(in.data(), first, first + static_cast<std::ptrdiff_t>(range.size()));
  const auto phase = static_cast<unsigned>((static_cast<std::ptrdiff_t>(c.phase) + from) & 3);
  reference::unmask_exact(out.data(), in.data(), range.size(), c.key, phase);
  return out.data();
}

void Differ::prepare(const TestCase& c, std::span<const std::uint8_t> payload, Sources& sources) {
  sources.contract = contract_for(c);
  sources.result = expected_result(c);
  const Contract& contract = sources.contract;
  const std::size_t offset = pool_offset(c);
  if (payload.empty()) {
    sources.input = pool_->bytes().data() + offset;
  } else {
    input_.resize(contract.read.size());
    fill_repeating(input_.data(), input_.size(), payload);
    sources.input = input_.data();
  }
  // The pool's unmasked bytes serve when every byte the reference reads lies in the read
  // footprint, which holds the pool from `offset` on.
  const ByteRange range = unmasked_range(contract, c.entry->beyond);
  const auto src_begin = static_cast<std::ptrdiff_t>(range.begin + contract.src_offset) -
                         static_cast<std::ptrdiff_t>(contract.dst_offset);
  const bool reads_only_input = src_begin >= static_cast<std::ptrdiff_t>(contract.read.begin) &&
                                src_begin + static_cast<std::ptrdiff_t>(range.size()) <=
                                    static_cast<std::ptrdiff_t>(contract.read.end);
  const std::uint8_t* pooled = payload.empty() && reads_only_input ? pool_unmasked(c.key) : nullptr;
  if (pooled) {
    const std::uint8_t* unmasked = pooled + offset + (src_begin - contract.read.begin);
    sources.unmasked = {unmasked, unmasked};
    return;
  }
  sources.unmasked[0] = run_reference(c, sources, 0);
  sources.unmasked[1] = reads_only_input ? sources.unmasked[0] : run_reference(c, sources, 1);
}

std::optional<Failure> Differ::check_in(Placement placement, const TestCase& c,
                                        std::span<const std::uint8_t> payload) {
  Sources sources;
  prepare(c, payload, sources);
  return run_in(placement, c, sources);
}

std::size_t placements_checked(const TestCase& c) {
  return c.length > kEveryPlacementUpTo ? 1 : 3;
}

std::optional<Failure> Differ::check(const TestCase& c, std::span<const std::uint8_t> payload) {
  if (placements_checked(c) == 1) return check_in(span_placement(c), c, payload);
  Sources sources;
  prepare(c, payload, sources);
  for (Placement placement :
       {Placement::end_at_guard, Placement::start_after_guard, Placement::aligned}) {
    if (auto failure = run_in(placement, c, sources)) return failure;
  }
  return std::nullopt;
}

std::optional<Failure> Differ::run_in(Placement placement, const TestCase& c,
                                      const Sources& sources) {
  const Contract& contract = sources.contract;
  const unsigned fill = canary_fill_of(placement);
  const WindowExpectation expectation{contract, c.entry->beyond, (*canaries_)[fill], sources.input,
                                      sources.unmasked[fill]};
  const PlacedSpan placed =
      arena_.place(placement, contract.span, contract.src_offset, c.alignment);
  const std::span<std::uint8_t> window = placed.window;
  const auto first = -static_cast<std::ptrdiff_t>(placed.lo_in_window);
  const auto last = first + static_cast<std::ptrdiff_t>(window.size());

  arena_.expose(window);
  expectation.write_before(window.data(), first, last);
  arena_.restrict_to(placed.lo, contract.span, window);
  CallResult result;
  std::optional<Fault> fault;
  {
    const KernelCase named{candidate_.name, c};
    const CaseName name = CaseName::of<kernel_case_id>(named);
    const CrashContext crash_context(name, kernel_repro_line);
    fault = run_trapping_faults([&] { result = call_entry(c, placed.lo); });
  }
  ++candidate_calls_;
  arena_.expose(window);

  const DifferenceContext context{candidate_.name, placement, c, contract};
  std::optional<Failure> failure;
  if (fault) {
    failure = describe_fault(context, *fault, placed.lo);
  } else if (!expectation.matches(window.data(), first, last)) {
    const std::vector<std::uint8_t> expected = expectation.expected(window.data(), first, last);
    failure =
        describe_difference(context, expected, {window.data(), window.size()}, placed.lo_in_window);
  } else if (result != sources.result) {
    failure = describe_wrong_result(context, sources.result, result);
  }
  arena_.seal(window);
  return failure;
}

}  // namespace maskcheck
