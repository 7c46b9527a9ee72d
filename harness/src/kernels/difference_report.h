// Turns what the differ saw (a fault, a differing window, a wrong phase) into a Failure that
// names the case, where the first difference is relative to src or dst, and a hex window.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "bounds/fault_trap.h"
#include "kernels/contract.h"
#include "kernels/failure.h"

namespace maskcheck {

struct DifferenceContext {
  std::string_view kernel;  // the case id is built only when something failed
  Placement placement;
  const TestCase& test_case;
  const Contract& contract;
};

Failure describe_fault(const DifferenceContext& context, const Fault& fault,
                       const std::uint8_t* lo);

// `expected` and `actual` cover the same window; the span starts `lo_in_window` bytes in.
Failure describe_difference(const DifferenceContext& context,
                            std::span<const std::uint8_t> expected,
                            std::span<const std::uint8_t> actual, std::size_t lo_in_window);

// The bytes all match, but the phase returned or the key left behind does not.
Failure describe_wrong_result(const DifferenceContext& context, const CallResult& expected,
                              const CallResult& actual);

}  // namespace maskcheck
