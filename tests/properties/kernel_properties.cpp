#include "properties/kernel_properties.h"

#include <algorithm>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/contract.h"
#include "properties/case_generators.h"

namespace maskcheck::testing {

namespace {

constexpr std::uint8_t kCanary = 0xdb;
constexpr std::size_t kNextHeaderBytes = 14;  // the longest header that may follow a payload

// A case's span in a heap buffer sized to the byte, so ASan flags anything outside it: `before`
// spare bytes, the span at the case's alignment, `after` spare bytes; the payload sits in the
// read footprint and a canary everywhere else.
struct HeapSpan {
  std::vector<std::uint8_t> bytes;
  std::uint8_t* lo = nullptr;
};

HeapSpan lay_out(const TestCase& c, std::size_t before, std::size_t after,
                 std::span<const std::uint8_t> payload) {
  const Contract contract = contract_for(c);
  HeapSpan heap;
  heap.bytes.assign(c.alignment + before + contract.span + after, kCanary);
  heap.lo = heap.bytes.data() + c.alignment + before;
  std::copy(payload.begin(), payload.end(), heap.lo + contract.read.begin);
  return heap;
}

std::vector<std::uint8_t> generated_payload(std::size_t size) {
  return pattern_bytes(size, *rc::gen::arbitrary<std::uint32_t>());
}

Key rotated(Key key, unsigned by) {
  return {key[by & 3], key[(by + 1) & 3], key[(by + 2) & 3], key[(by + 3) & 3]};
}

std::string hex_byte(std::uint8_t byte) {
  constexpr std::string_view digits = "0123456789abcdef";
  return {digits[byte >> 4], digits[byte & 15]};
}

// Fails the case at the first differing byte, naming where it is.
void assert_same_bytes(std::span<const std::uint8_t> expected, const std::uint8_t* actual,
                       std::string_view what) {
  const auto [want, got] = std::mismatch(expected.begin(), expected.end(), actual);
  if (want == expected.end()) return;
  const auto at = static_cast<std::size_t>(want - expected.begin());
  RC_FAIL(std::string(what) + " differs first at byte " + std::to_string(at) + " of " +
          std::to_string(expected.size()) + ": expected " + hex_byte(*want) + ", got " +
          hex_byte(*got));
}

}  // namespace

void equals_reference_in_guarded_memory(Differ& differ) {
  const TestCase c = *test_cases(differ.kernel());
  if (const auto failure = differ.check(c)) RC_FAIL(format_failure(*failure));
}

void unmasking_twice_restores(const Kernel& kernel) {
  const TestCase c = *test_cases(kernel);
  const Contract contract = contract_for(c);
  const std::vector<std::uint8_t> input = generated_payload(contract.read.size());
  // The second call reads where the first wrote: everything moves by `step` (-D, or D above src)
  // twice, so the layout leaves room for a second step on that side.
  const std::ptrdiff_t step = static_cast<std::ptrdiff_t>(contract.dst_offset) -
                              static_cast<std::ptrdiff_t>(contract.src_offset);
  const std::size_t room = static_cast<std::size_t>(step < 0 ? -step : step);
  HeapSpan heap = lay_out(c, step < 0 ? room : 0, step > 0 ? room : 0, input);
  call_entry(c, heap.lo);
  call_entry(c, heap.lo + step);
  assert_same_bytes(input, heap.lo + 2 * step + contract.read.begin, "unmasked twice, the output");
}

void masking_zeros_gives_the_key(const Kernel& kernel) {
  const TestCase c = *test_cases(kernel);
  const Contract contract = contract_for(c);
  HeapSpan heap = lay_out(c, 0, 0, std::vector<std::uint8_t>(contract.read.size(), 0));
  call_entry(c, heap.lo);
  std::vector<std::uint8_t> repeated_key(contract.write.size());
  for (std::size_t i = 0; i < repeated_key.size(); ++i) repeated_key[i] = c.key[(c.phase + i) & 3];
  assert_same_bytes(repeated_key, heap.lo + contract.write.begin, "zeros unmasked");
}

void chunked_equals_one_shot(const Kernel& kernel) {
  const TestCase c = *test_cases(kernel, {.entries = {"exact"}, .max_shift = 0, .disjoint = false});
  const std::vector<std::size_t> cuts = *cuts_within(c.length);
  const std::vector<std::uint8_t> payload = generated_payload(c.length);

  std::vector<std::uint8_t> one_shot = payload;
  const unsigned one_shot_phase =
      kernel.functions->exact(one_shot.data(), one_shot.data(), c.length, c.key, c.phase);

  std::vector<std::uint8_t> chunked = payload;
  unsigned phase = c.phase;
  std::size_t begin = 0;
  for (std::size_t piece = 0; piece <= cuts.size(); ++piece) {
    const std::size_t end = piece < cuts.size() ? cuts[piece] : c.length;
    phase = kernel.functions->exact(chunked.data() + begin, chunked.data() + begin, end - begin,
                                    c.key, phase);
    begin = end;
  }
  assert_same_bytes(one_shot, chunked.data(), "unmasked in pieces, the payload");
  RC_ASSERT(phase == one_shot_phase);
}

void in_place_equals_out_of_place(const Kernel& kernel) {
  const TestCase moved =
      *test_cases(kernel, {.entries = {"words", "imprecise", "exact"}, .min_shift = 1});
  TestCase in_place = moved;
  in_place.shift = 0;
  in_place.dst_above = false;
  const Contract contract = contract_for(moved);
  const std::vector<std::uint8_t> payload = generated_payload(contract.read.size());

  HeapSpan moved_heap = lay_out(moved, 0, 0, payload);
  const CallResult moved_result = call_entry(moved, moved_heap.lo);
  HeapSpan in_place_heap = lay_out(in_place, 0, 0, payload);
  const CallResult in_place_result = call_entry(in_place, in_place_heap.lo);

  const std::span<const std::uint8_t> expected{in_place_heap.lo, contract.write.size()};
  assert_same_bytes(expected, moved_heap.lo + contract.write.begin, "moved by D, the output");
  RC_ASSERT(moved_result == in_place_result);
}

void exact_equals_imprecise(const Kernel& kernel) {
  const TestCase exact = *test_cases(kernel, {.entries = {"exact"}});
  TestCase imprecise = exact;
  imprecise.entry = kernel.entry("imprecise");
  imprecise.phase = 0;
  imprecise.key = rotated(exact.key, exact.phase);
  const std::vector<std::uint8_t> payload =
      generated_payload(extent_end(imprecise.entry->read, exact.length));

  HeapSpan exact_heap = lay_out(exact, 0, 0, std::span(payload).first(exact.length));
  call_entry(exact, exact_heap.lo);
  HeapSpan imprecise_heap = lay_out(imprecise, 0, 0, payload);
  call_entry(imprecise, imprecise_heap.lo);

  const std::span<const std::uint8_t> expected{exact_heap.lo, exact.length};
  assert_same_bytes(expected, imprecise_heap.lo, "imprecise, on the first n bytes,");
}

void imprecise_spares_the_next_header(const Kernel& kernel) {
  const TestCase c = *test_cases(kernel, {.entries = {"imprecise"}, .min_shift = 4});
  const std::vector<std::uint8_t> payload = generated_payload(extent_end(c.entry->read, c.length));
  HeapSpan heap = lay_out(c, 0, kNextHeaderBytes, payload);
  const std::uint8_t* next_header = heap.lo + c.shift + c.length;
  const std::uint8_t* const buffer_end = heap.bytes.data() + heap.bytes.size();
  const std::vector<std::uint8_t> before(next_header, buffer_end);
  call_entry(c, heap.lo);
  assert_same_bytes(before, next_header, "the bytes from src + n on");
}

}  // namespace maskcheck::testing
