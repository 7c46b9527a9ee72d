// Runs the reference and a candidate on identical inputs, in every placement, and compares the
// whole exposed window (the span and its canaries) byte for byte, plus the returned phase.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "maskcheck/failure.h"
#include "maskcheck/guarded_arena.h"
#include "maskcheck/kernel.h"
#include "maskcheck/test_case.h"

namespace maskcheck {

class Differ {
 public:
  // The longest payload and the widest shift it will be asked to place.
  Differ(const Kernel& candidate, std::size_t max_length, unsigned max_shift = 64);

  // The first thing wrong with this case, or nothing. The case must be valid. The read
  // footprint holds `payload` repeated, or the differ's own pseudo-random bytes if it is empty.
  std::optional<Failure> check(const TestCase& test_case,
                               std::span<const std::uint8_t> payload = {});

  // One placement only, with its canary fill: a third of the work, for fuzzing.
  std::optional<Failure> check_in(Placement placement, const TestCase& test_case,
                                  std::span<const std::uint8_t> payload = {});

  std::uint64_t candidate_calls() const { return candidate_calls_; }
  std::string_view kernel_name() const { return candidate_.name; }

 private:
  // The window as the harness fills it (`before`) and as the reference leaves it (`expected`),
  // with the span starting kCanaryBytes in.
  struct Image {
    std::vector<std::uint8_t> before;
    std::vector<std::uint8_t> expected;
    unsigned expected_phase = 0;
  };

  void fill_before(const TestCase& test_case, std::span<const std::uint8_t> payload,
                   std::uint8_t fill, Image& image) const;
  // The image for `fill`, with the reference run on it.
  void prepare(const TestCase& test_case, std::span<const std::uint8_t> payload, std::uint8_t fill,
               Image& image) const;
  // The image for fill 1, its expected bytes taken from `done` (fill 0) without a second
  // reference run: the reference's output is the same whatever surrounds the footprint.
  void prepare_other_fill(const TestCase& test_case, std::span<const std::uint8_t> payload,
                          const Image& done, Image& image) const;
  std::optional<Failure> run_in(Placement placement, const TestCase& test_case, const Image& image);

  const Kernel& candidate_;
  GuardedArena arena_;
  std::vector<std::uint8_t> payload_pool_;
  std::vector<std::uint8_t> canaries_[2];  // the two fills, made once, copied around each span
  Image images_[2];  // one per canary fill, so bytes left unwritten cannot match by chance
  std::uint64_t candidate_calls_ = 0;
};

}  // namespace maskcheck
