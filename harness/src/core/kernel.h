// A kernel is a name and the entry points it implements, each with its declared contract
// (maskcheck/plugin.h), so the reference, impl/ kernels, broken kernels in tests/ and plug-ins all
// reach the harness the same way.
#pragma once

#include <span>
#include <string_view>

#include "core/entry_contract.h"
#include "maskcheck/unmask_functions.h"

namespace maskcheck {

struct Kernel {
  std::string_view name;
  std::string_view summary;
  std::span<const Entry> entries;
  int (*cpu_supports)() = nullptr;  // nullptr: every CPU runs it
  // maskcheck's own four entry points with their own contracts, which the frame parser runs on;
  // nullptr for a kernel that does not have them.
  const UnmaskFunctions* functions = nullptr;

  bool runs_here() const { return cpu_supports == nullptr || cpu_supports() != 0; }
  const Entry* entry(std::string_view entry_name) const {
    for (const Entry& candidate : entries) {
      if (entry_name == candidate.name) return &candidate;
    }
    return nullptr;
  }
};

}  // namespace maskcheck
