#include "maskcheck/fault_trap.h"

#include <ucontext.h>

#include <mutex>

namespace maskcheck::detail {

namespace {

struct sigaction previous_segv;
struct sigaction previous_bus;

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
    sigaction(signal, signal == SIGSEGV ? &previous_segv : &previous_bus, nullptr);
    return;
  }
  state.fault = {reinterpret_cast<std::uintptr_t>(info->si_addr), signal, access_of(context)};
  siglongjmp(state.resume, 1);
}

}  // namespace

TrapState& trap_state() {
  static TrapState state;
  return state;
}

void install_fault_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action {};
    action.sa_sigaction = on_fault;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, &previous_segv);
    sigaction(SIGBUS, &action, &previous_bus);
  });
}

}  // namespace maskcheck::detail
