// Deliberately broken kernels: the harness's own teeth. Each must be caught by the sweep on the
// entry points it breaks, and only there. They live here, never in impl/.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "core/kernel.h"
#include "kernels/failure.h"

namespace maskcheck::testing {

struct BrokenKernel {
  Kernel kernel;
  std::vector<std::string_view> breaks;  // the entry points it breaks, by name
  // What the differ reports when only guard pages and canaries are there (no ASan).
  std::vector<FailureKind> reported_as;
  // Whether ASan, where built in, stops the process before the differ sees the case.
  bool asan_stops_it = false;
};

std::span<const BrokenKernel> broken_kernels();
// Wrong only on payloads longer than 8 MiB: the span tier's own tooth.
const BrokenKernel& broken_past_8_mib();
// Wrong only where the CPU is big-endian: the s390x preset's tooth; little-endian builds pass it.
const BrokenKernel& broken_on_big_endian();

}  // namespace maskcheck::testing
