#include "bounds/fault_trap.h"

#include <pthread.h>
#include <ucontext.h>

#include <cstdio>
#include <mutex>

namespace maskcheck::detail {

namespace {

struct sigaction previous_segv;
struct sigaction previous_bus;
struct sigaction previous_ill;

struct sigaction& previous(int signal) {
  return signal == SIGSEGV ? previous_segv : signal == SIGBUS ? previous_bus : previous_ill;
}

Fault::Access access_of(void* context) {
#if defined(__x86_64__) && defined(REG_ERR)
  // Bit 1 of the page-fault error code is set for writes.
  const auto* user_context = static_cast<const ucontext_t*>(context);
  return (user_context->uc_mcontext.gregs[REG_ERR] & 2) ? Fault::Access::write
                                                        : Fault::Access::read;
#else
  (void)context;
  return Fault::Access::unknown;
#endif
}

void on_fault(int signal, siginfo_t* info, void* context) {
  TrapState& state = trap_state();
  if (!state.armed) {
    // Not inside a candidate call: hand the fault back to whoever owned it before us.
    sigaction(signal, &previous(signal), nullptr);
    return;
  }
  const Fault::Access access = signal == SIGILL ? Fault::Access::unknown : access_of(context);
  state.fault = {reinterpret_cast<std::uintptr_t>(info->si_addr), signal, access};
  siglongjmp(state.resume, 1);
}

}  // namespace

TrapState& trap_state() {
  // Constant-initialized, so the signal handler reads it without a guard or an allocation.
  static thread_local TrapState state;
  return state;
}

void unblock_after_fault(int signal) {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, signal);
  pthread_sigmask(SIG_UNBLOCK, &signals, nullptr);
}

void install_fault_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action {};
    action.sa_sigaction = on_fault;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    for (int signal : {SIGSEGV, SIGBUS, SIGILL}) sigaction(signal, &action, &previous(signal));
  });
}

}  // namespace maskcheck::detail

namespace maskcheck {

std::string describe_illegal_instruction(const Fault& fault) {
  char address[32];
  std::snprintf(address, sizeof address, "%#llx", static_cast<unsigned long long>(fault.address));
  return std::string("executed an instruction this CPU does not have (SIGILL at ") + address +
         "): the kernel's cpu_supports must say no on this CPU";
}

}  // namespace maskcheck
