// The built-in kernels: the byte reference (the oracle) and the kernels under test from impl/.
#pragma once

#include <span>
#include <string_view>

#include "maskcheck/kernel.h"

namespace maskcheck {

std::span<const Kernel> builtin_kernels();
const Kernel* find_kernel(std::string_view name);
const Kernel& reference_kernel();

}  // namespace maskcheck
