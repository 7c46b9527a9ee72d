// The kernels kernel_diff compares with the reference. The real target links fuzz_kernels.cpp;
// kernel_diff_planted links planted_kernels.cpp, a broken kernel from tests/, to show the
// fuzzer finds a planted bug (no switch inside impl/).
#pragma once

#include <vector>

#include "core/kernel.h"

namespace maskcheck::fuzz {

std::vector<const Kernel*> kernels_under_fuzz();

}  // namespace maskcheck::fuzz
