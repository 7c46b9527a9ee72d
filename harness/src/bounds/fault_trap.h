// Turns a SIGSEGV/SIGBUS inside a candidate call into a reported value instead of a crash, and a
// SIGILL too: a SIMD kernel run on a CPU without its instructions fails naming the case.
#pragma once

#include <csetjmp>
#include <csignal>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace maskcheck {

// Whether a fault's address names the byte touched. s390x reports only its page (the translation
// exception identification carries no byte offset), so there a fault's address is its page's start.
#if defined(__s390x__)
inline constexpr bool kFaultAddressIsExact = false;
#else
inline constexpr bool kFaultAddressIsExact = true;
#endif
// What a report adds after a fault's position where that position is only its page's.
inline constexpr std::string_view kFaultPositionNote =
    kFaultAddressIsExact ? "" : " (the start of the faulting page: this CPU reports no byte)";

struct Fault {
  std::uintptr_t address = 0;  // the instruction's, for SIGILL; see kFaultAddressIsExact
  int signal = 0;
  enum class Access { read, write, unknown } access = Access::unknown;

  bool illegal_instruction() const { return signal == SIGILL; }
};

// "executed an instruction this CPU does not have (SIGILL at 0x...)", for the reports.
std::string describe_illegal_instruction(const Fault& fault);

namespace detail {
struct TrapState {
  sigjmp_buf resume;
  volatile std::sig_atomic_t armed = 0;
  Fault fault;
};
// The calling thread's trap: each thread that runs cases has its own.
TrapState& trap_state();
void install_fault_handlers();
// After a jump out of the handler: the kernel blocked the signal for the handler's run, and
// nothing restored the mask (saving it would cost a system call on every call).
void unblock_after_fault(int signal);
}  // namespace detail

// Runs `call`; a fault inside it jumps back here and is returned. One trap at a time per thread.
// No system call on the way in or out unless the call faults.
template <typename Call>
std::optional<Fault> run_trapping_faults(Call&& call) {
  detail::install_fault_handlers();
  detail::TrapState& state = detail::trap_state();
  if (sigsetjmp(state.resume, 0) != 0) {
    state.armed = 0;
    detail::unblock_after_fault(state.fault.signal);
    return state.fault;
  }
  state.armed = 1;
  call();
  state.armed = 0;
  return std::nullopt;
}

}  // namespace maskcheck
