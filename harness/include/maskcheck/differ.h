// Runs the reference and a candidate on identical inputs, in every placement (in one, turning, past
// kEveryPlacementUpTo), and compares the whole exposed window (the span and its canaries) byte for
// byte against what the case's declared contract says, plus the phase returned or the key left
// behind.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "maskcheck/contract.h"
#include "maskcheck/failure.h"
#include "maskcheck/guarded_arena.h"
#include "maskcheck/kernel.h"
#include "maskcheck/test_case.h"

namespace maskcheck {

// Longer cases (the span tier) run in one placement, turning with length and alignment: three
// whole windows per 64 MiB case would put the tier out of reach of a CI run.
inline constexpr std::size_t kEveryPlacementUpTo = (std::size_t{1} << 20) + 3;
// How many candidate calls `Differ::check` makes for the case: 3, or 1 past kEveryPlacementUpTo.
std::size_t placements_checked(const TestCase& test_case);

class Differ {
 public:
  // The longest payload and the widest shift it will be asked to place.
  Differ(const Kernel& candidate, std::size_t max_length, unsigned max_shift = 64);

  // The first thing wrong with this case, in every placement it is checked in, or nothing. The
  // case must be valid. The read
  // footprint holds `payload` repeated, or the differ's own pseudo-random bytes if it is empty.
  std::optional<Failure> check(const TestCase& test_case,
                               std::span<const std::uint8_t> payload = {});

  // One placement only, with its canary fill: a third of the work, for fuzzing.
  std::optional<Failure> check_in(Placement placement, const TestCase& test_case,
                                  std::span<const std::uint8_t> payload = {});

  std::uint64_t candidate_calls() const { return candidate_calls_; }
  std::string_view kernel_name() const { return candidate_.name; }
  const Kernel& kernel() const { return candidate_; }

 private:
  // The window as the harness fills it (`before`) and as the reference leaves it (`expected`),
  // with the span starting kCanaryBytes in. For an entry that may write the bytes past the
  // payload, `written` is the window with them written: each such byte may match either.
  struct Image {
    std::vector<std::uint8_t> before;
    std::vector<std::uint8_t> expected;
    std::vector<std::uint8_t> written;
    CallResult result;
  };

  void fill_before(const TestCase& test_case, std::span<const std::uint8_t> payload,
                   std::uint8_t fill, Image& image) const;
  // The image for `fill`, with the reference run on it.
  void prepare(const TestCase& test_case, std::span<const std::uint8_t> payload, std::uint8_t fill,
               Image& image) const;
  // The image for fill 1, its expected bytes taken from `done` (fill 0) without a second
  // reference run: what the reference writes does not depend on what surrounds the payload.
  void prepare_other_fill(const TestCase& test_case, std::span<const std::uint8_t> payload,
                          const Image& done, Image& image) const;
  std::optional<Failure> run_in(Placement placement, const TestCase& test_case, const Image& image);
  // Where the candidate's window differs from `expected`, takes the written byte instead if the
  // contract lets the byte be written; the result is what the window is compared with.
  std::span<const std::uint8_t> accept_writes_allowed(const Contract& contract,
                                                      std::span<const std::uint8_t> window,
                                                      const std::uint8_t* expected,
                                                      const std::uint8_t* written,
                                                      std::size_t lo_in_window);

  const Kernel& candidate_;
  GuardedArena arena_;
  std::vector<std::uint8_t> payload_pool_;
  std::array<std::uint8_t, 256> canaries_[2];  // the two fills' periods, repeated around each span
  Image images_[2];  // one per canary fill, so bytes left unwritten cannot match by chance
  std::vector<std::uint8_t> accepted_;  // accept_writes_allowed's result
  std::uint64_t candidate_calls_ = 0;
};

}  // namespace maskcheck
