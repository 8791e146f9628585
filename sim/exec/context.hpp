// The context-switch layer: Boost.Context's fcontext primitives behind two tiny functions.
//
// A Context is a suspended execution (its registers live on its own stack). Switching is
// symmetric: the running code names where its own context must be saved and which context to
// resume; the resumed side stores the saved context on arrival (fcontext hands it over then).
//
// Under AddressSanitizer (CUSIM_SANITIZE=address, which defines __SANITIZE_ADDRESS__) every switch
// also tells ASan which stack runs next (__sanitizer_start/finish_switch_fiber), so that its
// stack checks, exception unwinding and reports follow the fibers. None of that is compiled into
// the normal build.
#pragma once
#include <boost/context/detail/fcontext.hpp>
#include <cstddef>

#if defined(__SANITIZE_ADDRESS__)
#define CUSIM_ASAN_FIBERS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CUSIM_ASAN_FIBERS 1
#endif
#endif

namespace cusim::sim {

using Context = boost::context::detail::fcontext_t;
using Transfer = boost::context::detail::transfer_t;

#if CUSIM_ASAN_FIBERS
namespace asan {
// Finishes ASan's side of a switch on the resumed side (the fake stack that the resumed code saved
// when it left, nullptr for a fresh context), then does what arrive() does.
void arrive(Transfer t, void* fake_stack);
// The stacks contexts run on besides the OS thread's own: a switch to a context inside
// [low, low + size) tells ASan that this is the stack now running. Per OS thread (a stack is
// made, used and unmapped by one thread: contexts never migrate).
void add_stack(const void* low, std::size_t size);
void remove_stack(const void* low);
// Tells ASan that the running code has moved to the alternate signal stack [low, low + size) and
// that the stack it left is never resumed (a fault handler abandoning a kernel thread).
void enter_signal_stack(const void* low, std::size_t size);
}  // namespace asan

// A fresh context's first arrival: it has no fake stack of its own yet.
inline void arrive(Transfer t) { asan::arrive(t, nullptr); }
#else
// Completes a switch on the resumed side: the suspended side's context goes where it asked.
// On x86-64 cusim's own switch (context.cpp) has stored it there already, before leaving.
inline void arrive(Transfer t) {
#if defined(__x86_64__)
  (void)t;
#else
  if (t.data) *static_cast<Context*>(t.data) = t.fctx;
#endif
}
#endif

// Suspends the running code, saving its context in *save (nullptr: it is never resumed), and
// resumes `to`. Returns when someone resumes the saved context. Out of line, so that contexts
// it saves all resume at one return address, which the switch then leaves to by a predicted
// `ret` (context.cpp says why that matters).
[[gnu::noinline]] void switch_to(Context* save, Context to);

// switch_to() for a caller that jumps here as its last act (a tail call) with a non-null `save`:
// the switch then saves the return address of the caller's caller (kernel code calling an
// intrinsic), which makes resuming it cheaper to predict (context.cpp says why).
#if defined(__x86_64__) && !CUSIM_ASAN_FIBERS
extern "C" Transfer cusim_jump_fcontext(Context to, void* data);
[[gnu::always_inline]] inline void resume_tail(Context* save, Context to) { cusim_jump_fcontext(to, save); }
#else
[[gnu::always_inline]] inline void resume_tail(Context* save, Context to) { switch_to(save, to); }
#endif

// Every resumed context is on a stack page of its own: a block of 256 threads passing a barrier
// touches 256 pages in turn, more than the first-level data TLB holds (the switch among 256
// fibers costs twice what it costs among 64). The engine knows which contexts it resumes next (its
// ready queue), so it prefetches the saved frame of the one kContextPrefetchAhead switches ahead:
// the page walk and the cache miss then overlap the switches before it (bench/bench_floors
// measures a ring of 256 fibers with and without it; docs/PERFORMANCE.md has the figures).
inline constexpr unsigned kContextPrefetchAhead = 4;
inline void prefetch_context(Context c) { __builtin_prefetch(c); }

// A fresh context that will run entry(t) on the stack whose highest address is `stack_top`;
// entry must call arrive(t) first and must never return.
inline Context make_context(void* stack_top, std::size_t size, void (*entry)(Transfer)) {
  return boost::context::detail::make_fcontext(stack_top, size, entry);
}

}  // namespace cusim::sim
