// Runs a candidate on a case in every placement (in one, turning, past kEveryPlacementUpTo) and
// compares the whole exposed window (the span and its canaries) byte for byte against what the
// case's declared contract says: the reference's output where the call must unmask, the old bytes
// everywhere else, plus the phase returned or the key left behind.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "bounds/guarded_arena.h"
#include "core/kernel.h"
#include "core/test_case.h"
#include "kernels/contract.h"
#include "kernels/failure.h"

namespace maskcheck {

class CanaryFill;
class PayloadPool;

// Longer cases (the span tier) run in one placement, turning with length and alignment: three
// whole windows per 64 MiB case would put the tier out of reach of a CI run.
inline constexpr std::size_t kEveryPlacementUpTo = (std::size_t{1} << 20) + 3;
// How many candidate calls `Differ::check` makes for the case: 3, or 1 past kEveryPlacementUpTo.
std::size_t placements_checked(const TestCase& test_case);

class Differ {
 public:
  // The longest payload and the widest shift it will be asked to place.
  Differ(const Kernel& candidate, std::size_t max_length, unsigned max_shift = 64);
  ~Differ();

  // The first thing wrong with this case, in every placement it is checked in, or nothing. The
  // case must be valid. The read footprint holds `payload` repeated, or bytes of the shared
  // pseudo-random pool if it is empty.
  std::optional<Failure> check(const TestCase& test_case,
                               std::span<const std::uint8_t> payload = {});

  // One placement only, with its canary fill: a third of the work, for fuzzing.
  std::optional<Failure> check_in(Placement placement, const TestCase& test_case,
                                  std::span<const std::uint8_t> payload = {});

  std::uint64_t candidate_calls() const { return candidate_calls_; }
  std::string_view kernel_name() const { return candidate_.name; }
  const Kernel& kernel() const { return candidate_; }

 private:
  // One case's input and the reference's output over what it must unmask, for each canary fill
  // (the same bytes unless the reference reads a canary byte, which only odd contracts make it).
  struct Sources {
    Contract contract;
    const std::uint8_t* input = nullptr;
    std::array<const std::uint8_t*, 2> unmasked{};
    CallResult result;
  };

  void prepare(const TestCase& test_case, std::span<const std::uint8_t> payload, Sources& sources);
  // The reference run here, on the bytes the window holds before the call under `fill`.
  const std::uint8_t* run_reference(const TestCase& test_case, const Sources& sources,
                                    unsigned fill);
  // The pool unmasked with this key, or nullptr: looked up here first, without the pool's lock.
  const std::uint8_t* pool_unmasked(Key key);
  std::optional<Failure> run_in(Placement placement, const TestCase& test_case,
                                const Sources& sources);

  const Kernel& candidate_;
  GuardedArena arena_;
  const PayloadPool* pool_;
  std::vector<std::pair<Key, const std::uint8_t*>> unmasked_by_key_;
  std::unique_ptr<std::array<CanaryFill, 2>> canaries_;  // fill 1 for Placement::start_after_guard
  std::vector<std::uint8_t> input_;                      // a caller's payload, repeated
  std::array<std::vector<std::uint8_t>, 2> reference_in_, reference_out_;  // by fill
  std::uint64_t candidate_calls_ = 0;
};

}  // namespace maskcheck
