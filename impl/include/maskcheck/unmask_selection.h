// Picks the kernel the frame parser runs by default: the fastest one this CPU supports, unless the
// environment variable MASKCHECK_KERNEL names one to force.
#pragma once

#include <span>
#include <string_view>

#include "maskcheck/unmask_functions.h"

namespace maskcheck {

struct UnmaskKernel {
  std::string_view name;
  UnmaskFunctions entries;
  bool (*supported)();  // whether this CPU can run it
};

// What fastest_unmask() hands out; its name says which kernel runs.
using SelectedUnmask = UnmaskKernel;

// impl/'s kernels, fastest first.
std::span<const UnmaskKernel> unmask_kernels();

// Decided once per process. MASKCHECK_KERNEL=name forces that kernel; a name that is unknown or
// that this CPU cannot run ends the process with one line on stderr, because a forced kernel that
// silently does not run would defeat the point of forcing it.
const SelectedUnmask& fastest_unmask();

}  // namespace maskcheck
