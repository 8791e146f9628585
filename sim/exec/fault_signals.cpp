#include "sim/exec/fault_signals.hpp"

#include <execinfo.h>
#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <mutex>

#include "sim/exec/block_run.hpp"

namespace cusim::sim {
namespace {

constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
constexpr unsigned kSignalCount = sizeof(kSignals) / sizeof(kSignals[0]);
struct sigaction previous[kSignalCount];

// A fault outside kernel code ends the process as it would without cusim; first it says where,
// on stderr, with the frames that led there (a host program's own bug, or cusim's: either way
// the one trace there will be). Only async-signal-safe work: write(2), and glibc's backtrace,
// whose unwinder was loaded when the handlers were installed (warm_up_backtrace).
void append(char*& out, const char* end, const char* text) {
  while (*text && out < end) *out++ = *text++;
}
void append_hex(char*& out, const char* end, std::uintptr_t value) {
  char digits[2 * sizeof value];
  int n = 0;
  do digits[n++] = "0123456789abcdef"[value & 15];
  while (value >>= 4);
  append(out, end, "0x");
  while (n > 0 && out < end) *out++ = digits[--n];
}
[[gnu::no_sanitize_address]] void report_fatal_fault(int signo, const void* address, const void* pc) {
  static std::atomic<bool> reported{false};
  if (reported.exchange(true)) return;  // a fault while reporting one: say nothing more
  char line[256];
  char* out = line;
  const char* const end = line + sizeof line;
  append(out, end, "cusim: fatal signal SIG");
  const char* const name = sigabbrev_np(signo);
  append(out, end, name ? name : "?");
  append(out, end, " outside kernel code, at address ");
  append_hex(out, end, reinterpret_cast<std::uintptr_t>(address));
  append(out, end, " by the instruction at ");
  append_hex(out, end, reinterpret_cast<std::uintptr_t>(pc));
  append(out, end, "; the frames that led there:\n");
  (void)!write(STDERR_FILENO, line, static_cast<std::size_t>(out - line));
  void* frames[48];
  backtrace_symbols_fd(frames, backtrace(frames, 48), STDERR_FILENO);
}
void warm_up_backtrace() {
  static std::once_flag once;
  std::call_once(once, [] {
    void* frame[1];
    (void)backtrace(frame, 1);  // loads the unwinder (libgcc_s) now, not in a signal handler
  });
}

// Not instrumented under ASan: the handler runs on the alternate signal stack, and an
// instrumented frame would either live on the faulting fiber's fake stack (freed below, with
// detect_stack_use_after_return) or unpoison "the current stack" before the noreturn call while
// ASan still takes the fiber's stack for the current one. (No effect in the normal build.)
[[gnu::no_sanitize_address]] void on_fault(int signo, siginfo_t* info, void* context) {
  if (BlockRun* run = BlockRun::current(); run && BlockRun::in_thread()) {
    // A fault inside a simulated thread: abandon its block (never returns).
    const void* pc = interrupted_pc(context);
    leave_fiber_from_signal();
    run->fail_from_signal(signo, info->si_addr, pc);
  }
  // Not ours: hand over to whoever handled it before, or to the default action.
  for (unsigned i = 0; i < kSignalCount; ++i) {
    if (kSignals[i] != signo) continue;
    const struct sigaction& p = previous[i];
    if ((p.sa_flags & SA_SIGINFO) && p.sa_sigaction) {
      p.sa_sigaction(signo, info, context);
      return;
    }
    if (p.sa_handler != SIG_DFL && p.sa_handler != SIG_IGN) {
      p.sa_handler(signo);
      return;
    }
  }
  if (info->si_code > 0) report_fatal_fault(signo, info->si_addr, interrupted_pc(context));
  signal(signo, SIG_DFL);
  // A signal sent by kill() or raise() (si_code <= 0) is not raised again by returning: send it
  // again, now with the default action. A real fault re-executes the faulting instruction.
  if (info->si_code <= 0) raise(signo);
}

}  // namespace

[[gnu::no_sanitize_address]] const void* interrupted_pc(const void* ucontext) {
  const auto* uc = static_cast<const ucontext_t*>(ucontext);
#if defined(__x86_64__)
  return reinterpret_cast<const void*>(uc->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
  return reinterpret_cast<const void*>(uc->uc_mcontext.pc);
#else
  (void)uc;
  return nullptr;
#endif
}

[[gnu::no_sanitize_address]] void leave_fiber_from_signal() {
#if CUSIM_ASAN_FIBERS
  // ASan still takes the interrupted fiber's stack for the running one. Tell it that this is the
  // alternate signal stack and that the fiber is abandoned for good (its fake stack is freed),
  // so that the code that follows and the switch back to the worker start from the right stack.
  stack_t alt{};
  if (sigaltstack(nullptr, &alt) == 0 && (alt.ss_flags & SS_ONSTACK)) asan::enter_signal_stack(alt.ss_sp, alt.ss_size);
#endif
}

namespace {

void install_alt_stack_if_missing() {
  stack_t current{};
  sigaltstack(nullptr, &current);
  if (!(current.ss_flags & SS_DISABLE)) return;
  constexpr std::size_t kSize = 64 * 1024;
  static thread_local void* mem = nullptr;  // one per thread, kept for the thread's lifetime
  if (!mem) mem = mmap(nullptr, kSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED) return;  // faults in kernels are still caught, overflows not
  stack_t ss{};
  ss.ss_sp = mem;
  ss.ss_size = kSize;
  sigaltstack(&ss, nullptr);
}

}  // namespace

void ensure_fault_handlers() {
  warm_up_backtrace();
  static std::mutex m;
  std::lock_guard<std::mutex> lock(m);
  for (unsigned i = 0; i < kSignalCount; ++i) {
    struct sigaction now;
    sigaction(kSignals[i], nullptr, &now);
    if ((now.sa_flags & SA_SIGINFO) && now.sa_sigaction == on_fault) continue;
    struct sigaction sa;
    std::memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_fault;
    // SA_NODEFER: the handler leaves by switching context, never by returning, so the signal
    // must not stay blocked afterwards.
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    sigaction(kSignals[i], &sa, &previous[i]);
  }
  install_alt_stack_if_missing();
}

void ensure_alt_stack() {
  static thread_local bool done = false;
  if (done) return;
  install_alt_stack_if_missing();
  done = true;
}

}  // namespace cusim::sim
