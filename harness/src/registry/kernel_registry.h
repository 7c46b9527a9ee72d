// The kernels: the byte reference (the oracle), the kernels under test from impl/, and those
// loaded from plug-in libraries (maskcheck/plugin.h).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/kernel.h"

namespace maskcheck {

std::span<const Kernel> builtin_kernels();
// The built-ins, then the plug-in kernels in the order they were loaded.
std::vector<const Kernel*> all_kernels();
const Kernel* find_kernel(std::string_view name);
const Kernel& reference_kernel();

// Loads a plug-in library and registers its kernels (only those named in `only`, if any): "" when
// it did, else a one-line reason.
std::string load_plugin(const std::string& path, const std::vector<std::string>& only = {});
// Loads every library the MASKCHECK_PLUGINS environment variable names (colon-separated, each
// "lib.so" or "lib.so=kernel,kernel"): how the fuzz targets and benchmarks take plug-ins. "" or the
// first library's reason.
std::string load_plugins_from_environment();
// The library a plug-in kernel came from (absolute), or "" for a built-in or unknown name.
std::string plugin_path(std::string_view kernel_name);

// What a plug-in kernel needs to drive the frame parser (split, stream).
inline constexpr const char* kParserNeeds =
    "the parser needs imprecise, inplace and exact with maskcheck's own contracts, or one entry "
    "that moves data by any shift below src and touches exactly n bytes";

// The repro line of a kernel, split or stream id, with the --parser-plugin and --plugin it needs.
std::string kernel_repro_line(std::string_view case_id);

}  // namespace maskcheck
