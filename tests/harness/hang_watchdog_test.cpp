// The hang watchdog, broken on purpose: a kernel that never returns from one case must end the
// process with that case's id and repro line, and a slow kernel that keeps returning must not.
#include "runs/hang_watchdog.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "kernels/differ.h"
#include "registry/kernel_registry.h"
#include "support/death_test_style.h"

namespace maskcheck {
namespace {

constexpr int kHangExit = 7;

// The reference's `exact`, after a wait: forever at n = 5, `pause` otherwise.
template <int kPauseMs>
std::uint32_t waiting_exact(std::uint8_t* dst, const std::uint8_t* src, std::size_t n,
                            std::uint8_t* key, std::uint32_t phase) {
  do {
    std::this_thread::sleep_for(std::chrono::milliseconds(kPauseMs));
  } while (n == 5);
  return reference_kernel().entry("exact")->call(dst, src, n, key, phase);
}

template <int kPauseMs>
const Entry kWaitingEntries[]{MASKCHECK_EXACT_ENTRY(waiting_exact<kPauseMs>)};

template <int kPauseMs>
Kernel waiting_kernel(std::string_view name) {
  return {name, "exact waits", kWaitingEntries<kPauseMs>};
}

// Under a 1 s watchdog, checks cases n = first..last-1 on `kernel`, then exits 0.
[[noreturn]] void check_lengths_watched(const Kernel& kernel, std::size_t first, std::size_t last) {
  watch_for_hangs(1, kHangExit);
  Differ differ(kernel, last);
  for (std::size_t n = first; n < last; ++n)
    differ.check({.entry = &kernel.entries[0], .length = n, .key = {1, 2, 3, 4}});
  std::exit(0);
}

TEST(HangWatchdogDeathTest, NamesTheCaseThatNeverReturns) {
  use_clean_death_test_child();
  static const Kernel kStuck = waiting_kernel<0>("stuck-at-5");
  EXPECT_EXIT(check_lengths_watched(kStuck, 0, 16), ::testing::ExitedWithCode(kHangExit),
              "FAIL stuck-at-5:exact:n5:a0:d0:k01020304:p0\n.*has not returned after 1 s.*\n"
              "  repro: [^ ]*maskcheck repro stuck-at-5:exact:n5:a0:d0:k01020304:p0");
}

TEST(HangWatchdogDeathTest, LetsASlowKernelThatKeepsReturningFinish) {
  use_clean_death_test_child();
  static const Kernel kSlow = waiting_kernel<150>("slow");
  // 4 cases, 3 calls of about 150 ms each: 1.8 s in all, never 1 s without progress.
  EXPECT_EXIT(check_lengths_watched(kSlow, 6, 10), ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace maskcheck
