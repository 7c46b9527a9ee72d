// How a death test makes its child. "threadsafe" re-executes the test binary, so the child starts
// clean. Under qemu-user (the cross presets) a process cannot execute a binary of the emulated
// architecture, so there the child is forked without re-executing ("fast"); ctest runs every test
// in a process of its own, so nothing in the parent has chosen a kernel or started a thread yet.
#pragma once

#include <gtest/gtest.h>

namespace maskcheck {

inline void use_clean_death_test_child() {
#ifdef MASKCHECK_EMULATED
  GTEST_FLAG_SET(death_test_style, "fast");
#else
  GTEST_FLAG_SET(death_test_style, "threadsafe");
#endif
}

}  // namespace maskcheck
