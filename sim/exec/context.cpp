#include "sim/exec/context.hpp"

#if CUSIM_ASAN_FIBERS
#include <sanitizer/common_interface_defs.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>
#endif

namespace cusim::sim {

#if defined(__x86_64__)
// cusim's own jump on x86-64: Boost.Context's jump_fcontext (1.74, SysV x86-64) with three
// changes.
//  - It neither saves nor reloads the MXCSR and x87 control words (stmxcsr, fnstcw, ldmxcsr,
//    fldcw). Kernel code cannot change the floating-point environment (CUDA has no such call; the
//    rounding intrinsics are per operation), so every context of an OS thread has the same one.
//    Their slots are kept, unwritten, so a frame it saves has jump_fcontext's layout, and contexts
//    made by make_fcontext start as Boost's do (every switch on x86-64 is this one: nothing reads
//    the slots).
//  - The suspending side stores its own context in *data before it leaves (Boost leaves that to
//    the resumed side, arrive()), so a context can also be resumed from resume_tail(), whose
//    caller does not come back to call arrive().
//  - The resumed code is entered by `ret` only when its return address is the suspending side's
//    own, otherwise by an indirect jump (Boost always jumps, `jmp *%r8`). A `ret` is predicted from
//    the return-stack buffer, which holds the suspending side's return addresses, not the resumed
//    side's. Threads that wait at one barrier return to one place in the kernel, so there the
//    prediction holds. But a thread that arrives at the kernel's next barrier while the one it
//    resumes still waits at the previous one (a tiled matmul, with two barriers per tile: every
//    switch) would have every such `ret` mispredicted. The indirect jump is predicted from where
//    it went before, which is where the previous resumed thread waited: the same barrier.
// The frame, from the saved stack pointer up (its offsets named below): the MXCSR and x87
// control-word slots (4 bytes each, unwritten), r12, r13, r14, r15, rbx, rbp, then the return
// address. Returns transfer_t {rax: the context left, rdx: data}; a fresh context's entry receives
// the same in rdi, rsi.
extern "C" Transfer cusim_jump_fcontext(Context to, void* data);
// (64-byte aligned, as the engine's other per-switch paths: block_run.cpp says why.)
asm(R"(
  .set FRAME_R12, 0x08
  .set FRAME_R13, 0x10
  .set FRAME_R14, 0x18
  .set FRAME_R15, 0x20
  .set FRAME_RBX, 0x28
  .set FRAME_RBP, 0x30
  .set FRAME_SIZE, 0x38
  .text
  .p2align 6
  .globl cusim_jump_fcontext
  .hidden cusim_jump_fcontext
  .type cusim_jump_fcontext,@function
cusim_jump_fcontext:
  leaq -FRAME_SIZE(%rsp), %rsp
  movq %r12, FRAME_R12(%rsp)
  movq %r13, FRAME_R13(%rsp)
  movq %r14, FRAME_R14(%rsp)
  movq %r15, FRAME_R15(%rsp)
  movq %rbx, FRAME_RBX(%rsp)
  movq %rbp, FRAME_RBP(%rsp)
  movq %rsp, %rax
  testq %rsi, %rsi
  je 1f
  movq %rsp, (%rsi)
1:
  movq FRAME_SIZE(%rsp), %r8
  movq %rdi, %rsp
  movq FRAME_R12(%rsp), %r12
  movq FRAME_R13(%rsp), %r13
  movq FRAME_R14(%rsp), %r14
  movq FRAME_R15(%rsp), %r15
  movq FRAME_RBX(%rsp), %rbx
  movq FRAME_RBP(%rsp), %rbp
  leaq FRAME_SIZE(%rsp), %rsp
  movq %rsi, %rdx
  movq %rax, %rdi
  cmpq (%rsp), %r8
  jne 2f
  ret
2:
  popq %rcx
  jmpq *%rcx
  .size cusim_jump_fcontext, .-cusim_jump_fcontext
  .section .note.GNU-stack,"",@progbits
  .text
)");

[[gnu::always_inline]] inline Transfer jump(Context* save, Context to) { return cusim_jump_fcontext(to, save); }
#else
inline Transfer jump(Context* save, Context to) { return boost::context::detail::jump_fcontext(to, save); }
#endif

#if !CUSIM_ASAN_FIBERS
void switch_to(Context* save, Context to) { arrive(jump(save, to)); }
#else
// ---- AddressSanitizer builds only ----------------------------------------------------------
//
// ASan keeps, per OS thread, the bounds of the stack that is running: its stack checks, the
// unpoisoning before noreturn calls and exception unwinding (__asan_handle_no_return), and its
// reports depend on them. A switch must therefore name the stack it resumes
// (__sanitizer_start_switch_fiber), and the resumed side must confirm it
// (__sanitizer_finish_switch_fiber), which also hands back the bounds of the stack just left.
//
// A context lives on the stack that contains it (an fcontext is the suspended stack pointer), so
// the bounds of the stack to resume are found from the context itself: either one of the fiber
// stacks announced by add_stack (the StackPool's), or else the OS thread's own stack, whose
// bounds are learnt from ASan the first time a fiber is entered from it. The lookup reads only;
// it allocates nothing, since it also runs from the fault handler.
namespace {

struct Bounds {
  const char* low = nullptr;
  std::size_t size = 0;
  bool contains(const void* p) const {
    const char* c = static_cast<const char*>(p);
    return c >= low && c < low + size;
  }
};

// Fiber stacks of this OS thread, sorted by address. Held by a plain pointer and freed when the
// last stack is removed: StackPools are thread_local too (in BlockRun), and a thread_local vector
// could be destroyed before the pool that still has stacks to remove.
thread_local std::vector<Bounds>* fiber_stacks = nullptr;
// The OS thread's own stack (where BlockRun::run saves the worker's context).
thread_local Bounds thread_stack;

const Bounds* fiber_stack_of(const void* p) {
  if (!fiber_stacks) return nullptr;
  auto it = std::upper_bound(fiber_stacks->begin(), fiber_stacks->end(), static_cast<const char*>(p),
                             [](const char* a, const Bounds& b) { return a < b.low; });
  if (it == fiber_stacks->begin()) return nullptr;
  --it;
  return it->contains(p) ? &*it : nullptr;
}

}  // namespace

namespace asan {

void add_stack(const void* low, std::size_t size) {
  const Bounds b{static_cast<const char*>(low), size};
  if (!fiber_stacks) fiber_stacks = new std::vector<Bounds>;
  fiber_stacks->insert(std::upper_bound(fiber_stacks->begin(), fiber_stacks->end(), b,
                                        [](const Bounds& x, const Bounds& y) { return x.low < y.low; }),
                       b);
}

void remove_stack(const void* low) {
  if (!fiber_stacks) return;
  std::erase_if(*fiber_stacks, [low](const Bounds& b) { return b.low == low; });
  if (fiber_stacks->empty()) {
    delete fiber_stacks;
    fiber_stacks = nullptr;
  }
}

void arrive(Transfer t, void* fake_stack) {
  const void* left_low = nullptr;
  std::size_t left_size = 0;
  __sanitizer_finish_switch_fiber(fake_stack, &left_low, &left_size);
  if (!t.data) return;  // the side that left is never resumed
  *static_cast<Context*>(t.data) = t.fctx;
  // A context saved outside every fiber stack is on the OS thread's own stack.
  if (!fiber_stack_of(t.fctx)) thread_stack = Bounds{static_cast<const char*>(left_low), left_size};
}

void enter_signal_stack(const void* low, std::size_t size) {
  __sanitizer_start_switch_fiber(nullptr, low, size);  // nullptr: the interrupted fiber is done
  __sanitizer_finish_switch_fiber(nullptr, nullptr, nullptr);
}

}  // namespace asan

// Not instrumented itself: under detect_stack_use_after_return an instrumented frame would live
// on the running fiber's fake stack, which __sanitizer_start_switch_fiber(nullptr, ...) frees
// while this frame is still in use.
[[gnu::no_sanitize_address]] void switch_to(Context* save, Context to) {
  const Bounds* fiber = fiber_stack_of(to);
  const Bounds& next = fiber ? *fiber : thread_stack;
  if (!next.contains(to)) {
    std::fprintf(stderr, "cusim: switch to context %p on a stack unknown to the ASan annotations\n", to);
    std::abort();
  }
  // With no context to save this code is never resumed: ASan then frees its fake stack.
  void* fake_stack = nullptr;
  __sanitizer_start_switch_fiber(save ? &fake_stack : nullptr, next.low, next.size);
  asan::arrive(jump(save, to), fake_stack);
}
#endif

}  // namespace cusim::sim
