// The kernels loaded from plug-in libraries, shared by the registry and the loader.
#pragma once

#include <deque>
#include <string>
#include <string_view>

#include "core/kernel.h"

namespace maskcheck {

struct LoadedKernel {
  Kernel kernel;     // its names and entries live in the library, which is never closed
  std::string path;  // the library, absolute
};

// A deque: kernels handed out by find_kernel() stay where they are while more are loaded.
std::deque<LoadedKernel>& loaded_kernels();
const LoadedKernel* find_loaded(std::string_view name);

}  // namespace maskcheck
