// Turns a SIGSEGV/SIGBUS inside a candidate call into a reported value instead of a crash.
#pragma once

#include <csetjmp>
#include <csignal>
#include <cstdint>
#include <optional>

namespace maskcheck {

struct Fault {
  std::uintptr_t address = 0;
  int signal = 0;
  enum class Access { read, write, unknown } access = Access::unknown;
};

namespace detail {
struct TrapState {
  sigjmp_buf resume;
  volatile std::sig_atomic_t armed = 0;
  Fault fault;
};
TrapState& trap_state();
void install_fault_handlers();
}  // namespace detail

// Runs `call`; a fault inside it jumps back here and is returned. One trap at a time per process.
template <typename Call>
std::optional<Fault> run_trapping_faults(Call&& call) {
  detail::install_fault_handlers();
  detail::TrapState& state = detail::trap_state();
  if (sigsetjmp(state.resume, 1) != 0) {
    state.armed = 0;
    return state.fault;
  }
  state.armed = 1;
  call();
  state.armed = 0;
  return std::nullopt;
}

}  // namespace maskcheck
