#include "kernels/difference_report.h"

#include <cstdio>

#include "core/case_id.h"
#include "kernels/hex_window.h"

namespace maskcheck {

namespace {

// "dst+3", "dst-1", or "dst+n+4" once past the payload, the way the contracts are written.
std::string position(std::string_view base, std::ptrdiff_t offset, std::size_t n) {
  std::string text(base);
  if (offset == 0) return text;
  if (offset < 0) return text + "-" + std::to_string(-offset);
  const auto past_payload = offset - static_cast<std::ptrdiff_t>(n);
  if (past_payload < 0) return text + "+" + std::to_string(offset);
  return past_payload == 0 ? text + "+n" : text + "+n+" + std::to_string(past_payload);
}

std::string footprint(std::string_view base, const ByteRange& range, std::ptrdiff_t base_offset,
                      std::size_t n) {
  std::string text = "[";
  text += position(base, static_cast<std::ptrdiff_t>(range.begin) - base_offset, n);
  text += ", ";
  text += position(base, static_cast<std::ptrdiff_t>(range.end) - base_offset, n);
  return text + ")";
}

std::string bytes_word(std::size_t count) {
  return std::to_string(count) + (count == 1 ? " byte" : " bytes");
}

std::string bytes_differ(std::size_t count) {
  return bytes_word(count) + (count == 1 ? " differs" : " differ");
}

}  // namespace

Failure describe_fault(const DifferenceContext& context, const Fault& fault,
                       const std::uint8_t* lo) {
  Failure failure{
      case_id(context.kernel, context.test_case), FailureKind::fault, context.placement, {}, {}};
  if (fault.illegal_instruction()) {
    failure.headline = describe_illegal_instruction(fault);
    return failure;
  }
  const Contract& contract = context.contract;
  const std::size_t n = context.test_case.length;
  const auto offset =
      static_cast<std::ptrdiff_t>(fault.address - reinterpret_cast<std::uintptr_t>(lo));
  const bool write = fault.access == Fault::Access::write;
  const std::string_view base = write ? "dst" : "src";
  const auto base_offset =
      static_cast<std::ptrdiff_t>(write ? contract.dst_offset : contract.src_offset);
  const ByteRange& allowed = write ? contract.write : contract.read;
  const bool before = offset < static_cast<std::ptrdiff_t>(allowed.begin);
  const std::string_view verb = fault.access == Fault::Access::read    ? "read"
                                : fault.access == Fault::Access::write ? "wrote"
                                                                       : "touched";
  failure.headline = std::string(verb) +
                     (before ? " before the allowed start" : " past the allowed end") + " at " +
                     position(base, offset - base_offset, n) + std::string(kFaultPositionNote) +
                     " and hit a guard page (" + (write ? "write" : "read") + " footprint " +
                     footprint(base, allowed, base_offset, n) + ")";
  return failure;
}

Failure describe_difference(const DifferenceContext& context,
                            std::span<const std::uint8_t> expected,
                            std::span<const std::uint8_t> actual, std::size_t lo_in_window) {
  const Contract& contract = context.contract;
  const std::size_t n = context.test_case.length;
  const auto dst = static_cast<std::ptrdiff_t>(lo_in_window + contract.dst_offset);
  std::ptrdiff_t first_inside = -1;
  std::ptrdiff_t first_outside = -1;
  std::size_t inside = 0;
  std::size_t outside = 0;
  const auto lo = static_cast<std::ptrdiff_t>(lo_in_window);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (expected[i] == actual[i]) continue;
    const std::ptrdiff_t at = static_cast<std::ptrdiff_t>(i) - lo;
    const bool allowed = at >= 0 && contract.write.contains(static_cast<std::size_t>(at));
    std::ptrdiff_t& first = allowed ? first_inside : first_outside;
    if (first < 0) first = static_cast<std::ptrdiff_t>(i);
    ++(allowed ? inside : outside);
  }
  const std::string allowed =
      footprint("dst", contract.write, static_cast<std::ptrdiff_t>(contract.dst_offset), n);
  Failure failure{
      case_id(context.kernel, context.test_case), FailureKind::mismatch, context.placement, {}, {}};
  const std::ptrdiff_t first = first_outside >= 0 ? first_outside : first_inside;
  const std::string where = position("dst", first - dst, n);
  if (first_outside >= 0) {
    failure.kind = FailureKind::outside_write;
    const bool is_before = first - lo < static_cast<std::ptrdiff_t>(contract.write.begin);
    failure.headline = "wrote " + bytes_word(outside) + " outside the write footprint, first " +
                       (is_before ? "before the allowed start" : "past the allowed end") + " at " +
                       where + " (write footprint " + allowed + ")";
    if (inside > 0) failure.headline += "; " + bytes_differ(inside) + " inside it too";
  } else {
    char values[64];
    std::snprintf(values, sizeof values, ": expected %02x, got %02x", expected[first],
                  actual[first]);
    failure.headline = "output differs from the reference first at " + where + values + " (" +
                       bytes_differ(inside) + " in " + allowed + ")";
  }
  failure.detail = hex_window(
      expected, actual, static_cast<std::size_t>(first),
      [&](std::size_t at) { return position("dst", static_cast<std::ptrdiff_t>(at) - dst, n); });
  return failure;
}

Failure describe_wrong_result(const DifferenceContext& context, const CallResult& expected,
                              const CallResult& actual) {
  Failure failure{case_id(context.kernel, context.test_case),
                  FailureKind::wrong_phase,
                  context.placement,
                  {},
                  {}};
  if (actual.phase != expected.phase) {
    failure.headline = "returned next phase " + std::to_string(actual.phase) +
                       ", the reference returned " + std::to_string(expected.phase) +
                       " (bytes all match)";
  } else {
    failure.kind = FailureKind::wrong_key;
    failure.headline = "left the key as " + key_hex(actual.key) +
                       ", rotated past the payload it is " + key_hex(expected.key) +
                       " (bytes all match)";
  }
  return failure;
}

}  // namespace maskcheck
