// The context-switch layer: Boost.Context's fcontext primitives behind two tiny functions.
//
// A Context is a suspended execution (its registers live on its own stack). Switching is
// symmetric: the running code names where its own context must be saved and which context to
// resume; the resumed side stores the saved context on arrival (fcontext hands it over then).
#pragma once
#include <boost/context/detail/fcontext.hpp>
#include <cstddef>

namespace cusim::sim {

using Context = boost::context::detail::fcontext_t;
using Transfer = boost::context::detail::transfer_t;

// Completes a switch on the resumed side: the suspended side's context goes where it asked.
inline void arrive(Transfer t) {
  if (t.data) *static_cast<Context*>(t.data) = t.fctx;
}

// jump_fcontext is entered by `call` but leaves by `jmp`, so each switch leaves one stale entry
// on the CPU's return-stack predictor and every `ret` on the way back out of the engine would be
// mispredicted. Popping that entry with a `ret` to the next instruction costs one mispredict
// instead of one per stack frame (measured: about 3x faster barriers).
inline void rebalance_return_predictor() {
#if defined(__x86_64__)
  // Step over the red zone first: the compiler may keep data in the 128 bytes below %rsp.
  asm volatile("lea -128(%%rsp), %%rsp\n\tlea 1f(%%rip), %%rax\n\tpush %%rax\n\tret\n1:\n\tlea 128(%%rsp), %%rsp" ::: "rax",
               "memory");
#endif
}

// Suspends the running code, saving its context in *save (nullptr: it is never resumed), and
// resumes `to`. Returns when someone resumes the saved context.
inline void switch_to(Context* save, Context to) {
  const Transfer t = boost::context::detail::jump_fcontext(to, save);
  rebalance_return_predictor();
  arrive(t);
}

// A fresh context that will run entry(t) on the stack whose highest address is `stack_top`;
// entry must call arrive(t) first and must never return.
inline Context make_context(void* stack_top, std::size_t size, void (*entry)(Transfer)) {
  return boost::context::detail::make_fcontext(stack_top, size, entry);
}

}  // namespace cusim::sim
