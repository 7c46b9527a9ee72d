// Each exact-bound layer, broken on purpose: a guard page traps the first byte past the span
// (and the byte before it), the fault comes back as a value, and ASan poisons everything but the
// span exactly at its end. An instruction the CPU lacks comes back as a failure too.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <thread>

#include "bounds/fault_trap.h"
#include "bounds/guarded_arena.h"
#include "core/sanitizers.h"
#include "kernels/differ.h"
#include "registry/kernel_registry.h"

namespace maskcheck {
namespace {

// Reaches a guard page without ASan stepping in first: only the page protection may answer.
[[gnu::no_sanitize_address, gnu::noinline]] std::uint8_t load_unchecked(const std::uint8_t* at) {
  return *static_cast<const volatile std::uint8_t*>(at);
}

[[gnu::no_sanitize_address, gnu::noinline]] void store_unchecked(std::uint8_t* at) {
  *static_cast<volatile std::uint8_t*>(at) = 1;
}

TEST(GuardLayers, TheByteAfterAnEndAtGuardSpanTrapsReads) {
  const GuardedArena arena(4096);
  for (std::size_t span : {0u, 1u, 7u, 8u, 4096u}) {
    const PlacedSpan placed = arena.place(Placement::end_at_guard, span, 0, 0);
    const auto fault = run_trapping_faults([&] { load_unchecked(placed.lo + span); });
    ASSERT_TRUE(fault.has_value()) << "span " << span;
    EXPECT_EQ(fault->address, reinterpret_cast<std::uintptr_t>(placed.lo + span));
    EXPECT_EQ(fault->signal, SIGSEGV);
#if defined(__x86_64__)
    EXPECT_EQ(fault->access, Fault::Access::read);
#endif
  }
}

TEST(GuardLayers, TheByteAfterAnEndAtGuardSpanTrapsWrites) {
  const GuardedArena arena(64);
  const PlacedSpan placed = arena.place(Placement::end_at_guard, 13, 0, 0);
  const auto fault = run_trapping_faults([&] { store_unchecked(placed.lo + 13); });
  ASSERT_TRUE(fault.has_value());
#if defined(__x86_64__)
  EXPECT_EQ(fault->access, Fault::Access::write);
#endif
}

TEST(GuardLayers, TheByteBeforeAStartAfterGuardSpanTraps) {
  const GuardedArena arena(64);
  const PlacedSpan placed = arena.place(Placement::start_after_guard, 13, 0, 0);
  const auto fault = run_trapping_faults([&] { load_unchecked(placed.lo - 1); });
  ASSERT_TRUE(fault.has_value());
  const auto byte = reinterpret_cast<std::uintptr_t>(placed.lo - 1);
  const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  EXPECT_EQ(fault->address, kFaultAddressIsExact ? byte : byte & ~(page - 1));
}

TEST(GuardLayers, TheSpanItselfIsUsableAndTheTrapRearms) {
  const GuardedArena arena(64);
  const PlacedSpan placed = arena.place(Placement::end_at_guard, 16, 0, 0);
  arena.restrict_to(placed.lo, 16, placed.window);
  EXPECT_FALSE(run_trapping_faults([&] { store_unchecked(placed.lo + 15); }).has_value());
  EXPECT_TRUE(run_trapping_faults([&] { load_unchecked(placed.lo + 16); }).has_value());
  EXPECT_FALSE(run_trapping_faults([&] { load_unchecked(placed.lo); }).has_value());
  arena.seal(placed.window);
}

// The handler leaves the signal blocked when it jumps out; if the trap did not unblock it, the
// second fault would find SIGSEGV blocked and the kernel would kill the process.
TEST(GuardLayers, TwoFaultsInARowAreBothCaught) {
  const GuardedArena arena(64);
  const PlacedSpan placed = arena.place(Placement::end_at_guard, 8, 0, 0);
  for (int round = 0; round < 3; ++round) {
    const auto fault = run_trapping_faults([&] { load_unchecked(placed.lo + 8); });
    ASSERT_TRUE(fault.has_value()) << "round " << round;
    EXPECT_EQ(fault->address, reinterpret_cast<std::uintptr_t>(placed.lo + 8));
  }
}

// Each worker thread has its own trap: faults in two threads at once come back to their own.
TEST(GuardLayers, EachThreadCatchesItsOwnFaults) {
  const GuardedArena arenas[2]{GuardedArena(64), GuardedArena(64)};
  std::atomic<int> caught{0};
  auto fault_repeatedly = [&](const GuardedArena& arena) {
    const PlacedSpan placed = arena.place(Placement::end_at_guard, 8, 0, 0);
    for (int round = 0; round < 1000; ++round) {
      const auto fault = run_trapping_faults([&] { load_unchecked(placed.lo + 8); });
      if (fault && fault->address == reinterpret_cast<std::uintptr_t>(placed.lo + 8)) ++caught;
      if (run_trapping_faults([&] { load_unchecked(placed.lo); })) return;
    }
  };
  std::thread first(fault_repeatedly, std::cref(arenas[0]));
  std::thread second(fault_repeatedly, std::cref(arenas[1]));
  first.join();
  second.join();
  EXPECT_EQ(caught.load(), 2000);
}

TEST(GuardLayers, AFaultOutsideATrapStillKillsTheProcess) {
  EXPECT_DEATH(
      {
        const GuardedArena arena(64);
        detail::install_fault_handlers();
        load_unchecked(arena.trailing_guard().data());
      },
      "");
}

#if defined(__x86_64__)  // __builtin_trap is ud2 there: SIGILL, as an instruction the CPU lacks
// The reference's `exact`, except that n = 3 runs an instruction this CPU "lacks".
std::uint32_t exact_without_the_instruction_for_3(std::uint8_t* dst, const std::uint8_t* src,
                                                  std::size_t n, std::uint8_t* key,
                                                  std::uint32_t phase) {
  if (n == 3) __builtin_trap();
  return reference_kernel().entry("exact")->call(dst, src, n, key, phase);
}

const Entry kLackingEntries[]{MASKCHECK_EXACT_ENTRY(exact_without_the_instruction_for_3)};

TEST(GuardLayers, AnIllegalInstructionIsAFailureThatNamesTheCase) {
  const Kernel kernel{"lacks-an-instruction", "exact runs ud2 at n = 3", kLackingEntries};
  const Entry* exact = &kLackingEntries[0];
  Differ differ(kernel, 8);
  EXPECT_FALSE(differ.check({.entry = exact, .length = 2}).has_value());
  const auto failure = differ.check({.entry = exact, .length = 3});
  ASSERT_TRUE(failure.has_value());
  EXPECT_EQ(failure->case_id, "lacks-an-instruction:exact:n3:a0:d0:k00000000:p0");
  EXPECT_EQ(failure->kind, FailureKind::fault);
  EXPECT_NE(failure->headline.find("an instruction this CPU does not have (SIGILL"),
            std::string::npos)
      << failure->headline;
  EXPECT_FALSE(differ.check({.entry = exact, .length = 4}).has_value()) << "the trap must re-arm";
}
#endif

TEST(GuardLayers, AlignedPlacementPutsSrcAtTheAlignment) {
  const GuardedArena arena(256);
  for (unsigned alignment = 0; alignment < 64; ++alignment) {
    for (std::size_t src_offset : {0u, 4u, 14u, 64u, 70u}) {
      const PlacedSpan placed = arena.place(Placement::aligned, 100, src_offset, alignment);
      EXPECT_EQ(reinterpret_cast<std::uintptr_t>(placed.lo + src_offset) % 64, alignment);
      EXPECT_EQ(placed.window.size(), 100 + 2 * kCanaryBytes);
    }
  }
}

TEST(GuardLayers, AsanPoisonsFromTheFirstBytePastTheSpan) {
  if (!kAddressSanitizer) GTEST_SKIP() << "not an ASan build";
#if defined(MASKCHECK_HAS_ASAN)
  const GuardedArena arena(256);
  for (std::size_t span = 1; span <= 40; ++span) {
    // src_offset 0 and alignment 8: lo starts a granule, so both ends are exact.
    const PlacedSpan placed = arena.place(Placement::aligned, span, 0, 8);
    arena.restrict_to(placed.lo, span, placed.window);
    EXPECT_TRUE(__asan_address_is_poisoned(placed.lo - 1)) << span;
    EXPECT_FALSE(__asan_address_is_poisoned(placed.lo)) << span;
    EXPECT_FALSE(__asan_address_is_poisoned(placed.lo + span - 1)) << span;
    EXPECT_TRUE(__asan_address_is_poisoned(placed.lo + span)) << span;
    arena.seal(placed.window);
    EXPECT_TRUE(__asan_address_is_poisoned(placed.lo)) << span;
  }
  const PlacedSpan placed = arena.place(Placement::aligned, 8, 0, 8);
  arena.restrict_to(placed.lo, 8, placed.window);
  EXPECT_DEATH(placed.lo[8] = 1, "AddressSanitizer: use-after-poison");
#endif
}

}  // namespace
}  // namespace maskcheck
