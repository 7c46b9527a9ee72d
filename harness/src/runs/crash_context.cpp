#include "runs/crash_context.h"

#include <array>
#include <atomic>
#include <cstdio>
#include <mutex>
#include <stdexcept>

#include "core/sanitizers.h"

#if defined(MASKCHECK_HAS_ASAN)
#include <sanitizer/common_interface_defs.h>
#endif

// Defined only when libFuzzer is linked in.
extern "C" [[gnu::weak]] int LLVMFuzzerRunDriver(int* argc, char*** argv,
                                                 int (*test_one)(const std::uint8_t*, std::size_t));

namespace maskcheck {

namespace {

// One per thread that runs cases, on its own cache line so threads never share one per case.
// Atomic because the hang watchdog reads it from its own thread.
struct alignas(64) CaseSlot {
  std::atomic<bool> taken{false};
  std::atomic<std::uint64_t> started{0};
  std::atomic<const CaseName*> name{nullptr};
  std::atomic<ReproLine> repro_line{nullptr};  // stored before the name, read after it
};

std::array<CaseSlot, kMaxCaseThreads> slots;

// The calling thread's slot, taken on its first case and given back when the thread ends.
class SlotLease {
 public:
  SlotLease() {
    for (CaseSlot& slot : slots) {
      bool expected = false;
      if (slot.taken.compare_exchange_strong(expected, true, std::memory_order_acq_rel)) {
        slot_ = &slot;
        return;
      }
    }
    throw std::runtime_error("more than " + std::to_string(kMaxCaseThreads) +
                             " threads run cases at once");
  }
  ~SlotLease() { slot_->taken.store(false, std::memory_order_release); }
  CaseSlot& slot() const { return *slot_; }

 private:
  CaseSlot* slot_ = nullptr;
};

CaseSlot& my_slot() {
  static thread_local SlotLease lease;
  return lease.slot();
}

CaseInFlight case_in(const CaseSlot& slot) {
  const CaseName* name = slot.name.load(std::memory_order_acquire);
  if (!name) return {};
  std::string id = name->id();
  std::string repro_line = slot.repro_line.load(std::memory_order_relaxed)(id);
  return {std::move(id), std::move(repro_line)};
}

[[maybe_unused]] void report_current_case() {
  const CaseInFlight in_flight = current_case();
  if (in_flight.id.empty()) return;
  std::fprintf(stderr, "maskcheck: the process died in case %s\nmaskcheck: repro: %s\n",
               in_flight.id.c_str(), in_flight.repro_line.c_str());
}

void register_death_callback() {
#if defined(MASKCHECK_HAS_ASAN)
  // The sanitizers keep one death callback; libFuzzer's saves the crashing input, which matters
  // more than the case id (replaying that input without libFuzzer prints the id).
  if (&LLVMFuzzerRunDriver != nullptr) return;
  static std::once_flag once;
  std::call_once(once, [] { __sanitizer_set_death_callback(report_current_case); });
#endif
}

// One writer (the slot's thread), so a plain load and store: no locked add per case.
void count_case_started(CaseSlot& slot) {
  slot.started.store(slot.started.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}

}  // namespace

CrashContext::CrashContext(const CaseName& name, ReproLine repro_line) {
  register_death_callback();
  CaseSlot& slot = my_slot();
  slot.repro_line.store(repro_line, std::memory_order_relaxed);
  slot.name.store(&name, std::memory_order_release);
  count_case_started(slot);
}

CrashContext::~CrashContext() {
  my_slot().name.store(nullptr, std::memory_order_relaxed);
}

CaseInFlight current_case() {
  return case_in(my_slot());
}

void for_each_case_thread(const std::function<void(const CaseThreadView&)>& visit) {
  for (std::size_t i = 0; i < slots.size(); ++i) {
    const CaseSlot& slot = slots[i];
    if (!slot.taken.load(std::memory_order_acquire)) continue;
    const bool in_flight = slot.name.load(std::memory_order_relaxed) != nullptr;
    visit({i, slot.started.load(std::memory_order_relaxed), in_flight});
  }
}

CaseInFlight case_in_slot(std::size_t slot) {
  return case_in(slots.at(slot));
}

}  // namespace maskcheck
