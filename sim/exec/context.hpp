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

// Suspends the running code, saving its context in *save (nullptr: it is never resumed), and
// resumes `to`. Returns when someone resumes the saved context. Out of line on purpose (see
// context.cpp): one call site keeps the CPU's return prediction right across switches.
[[gnu::noinline]] void switch_to(Context* save, Context to);

// A fresh context that will run entry(t) on the stack whose highest address is `stack_top`;
// entry must call arrive(t) first and must never return.
inline Context make_context(void* stack_top, std::size_t size, void (*entry)(Transfer)) {
  return boost::context::detail::make_fcontext(stack_top, size, entry);
}

}  // namespace cusim::sim
