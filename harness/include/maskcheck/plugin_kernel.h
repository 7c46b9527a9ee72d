// What a plug-in kernel library exports, so maskcheck can sweep a kernel it was not built with:
// build the kernel as a shared library that includes this header and defines
// maskcheck_plugin_kernels(), then run `maskcheck sweep --plugin ./libmine.so`.
#pragma once

#include <cstddef>

#include "maskcheck/unmask_functions.h"

namespace maskcheck {

// Changes whenever PluginKernel or UnmaskFunctions changes shape; a mismatch refuses to load.
inline constexpr unsigned kPluginAbi = 1;

struct PluginKernel {
  const char* name;         // letters, digits, '-', '_' or '.'; unique among all kernels
  const char* summary;      // one line for `maskcheck list`
  UnmaskFunctions entries;  // all four, each keeping its footprint (`maskcheck list`)
  bool (*cpu_supports)();   // whether this CPU can run it; nullptr: always
};

}  // namespace maskcheck

// Returns the library's kernels (alive as long as the process) and sets *count to how many there
// are and *abi to the kPluginAbi the library was built with.
extern "C" const maskcheck::PluginKernel* maskcheck_plugin_kernels(std::size_t* count,
                                                                   unsigned* abi);
