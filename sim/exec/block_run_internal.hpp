// What the files of BlockRun share (block_run.cpp, block_scheduler.cpp, block_barrier.cpp,
// warp_collectives.cpp, block_findings.cpp): the inline steps of the per-switch paths, which every
// one of them must see to inline, and small helpers. Not for use outside sim/exec.
//
// The per-switch paths (runner_loop, park, sync, release_barrier, warp_arrive; block_sync in
// kernel_abi.cpp and the switch in context.cpp) start on a 64-byte boundary, so that where their
// branches fall relative to the fetch blocks depends on their own code only: unaligned, their
// speed moves with unrelated changes elsewhere.
#pragma once
#include <cstring>
#include <source_location>

#include "sim/exec/block_run.hpp"

namespace cusim::detail {
// threadIdx while no simulated thread runs on this OS thread.
inline constexpr uint3 kNoThreadIdx{0, 0, 0};
}  // namespace cusim::detail

namespace cusim::sim {

inline bool same_site(const std::source_location& a, const std::source_location& b) {
  // One call site is one static location record: equal records are the common, cheap case.
  if (std::memcmp(&a, &b, sizeof a) == 0) return true;
  return a.line() == b.line() && a.column() == b.column() &&
         (a.file_name() == b.file_name() || std::strcmp(a.file_name(), b.file_name()) == 0);
}

inline SourceSite site_of(const std::source_location& s) {
  return SourceSite{s.file_name(), static_cast<unsigned>(s.line()), static_cast<unsigned>(s.column()), s.function_name()};
}

// Makes `t` the running thread. A thread resumed here goes back to kernel code, so the checks
// are on again: sync() lets a thread leave without pausing them, and relies on this.
inline void BlockRun::enter(SimThread& t) {
  running::thread = &t;
  running::gate = gate_;
  detail::tls_thread_idx = &thread_index_[t.linear];
}

inline void BlockRun::make_ready(SimThread& t) {
  t.state = ThreadState::ready;
  ready_[ready_tail_++ & ready_mask_] = &t;
}

// Inline: the common case, another thread ready to resume, is a few loads and stores before the
// switch; dispatch_slow() covers the rest. The context a few places further down the queue is
// prefetched (context.hpp says why).
template <bool Tail>
inline void BlockRun::dispatch(Context* save) {
  if (__builtin_expect(ready_head_ == ready_tail_, 0)) return dispatch_slow<Tail>(save);
  if (ready_tail_ - ready_head_ > kContextPrefetchAhead)
    prefetch_context(ready_[(ready_head_ + kContextPrefetchAhead) & ready_mask_]->ctx);
  SimThread& next = *ready_[ready_head_++ & ready_mask_];
  next.state = ThreadState::running;
  if (&next == running::thread && save) return;  // the suspending thread is itself next
  enter(next);
  if constexpr (Tail) resume_tail(save, next.ctx);
  else switch_to(save, next.ctx);
}

inline void BlockRun::step_aside(SimThread& t, ThreadStop why) {
  AccessGate* const gate = running::gate;
  if (__builtin_expect(thread_observers_.any(), 0)) observe_stop(t, why);
  if (next_start_ < n_) switch_to(&t.ctx, next_runner());
  else dispatch(&t.ctx);
  if (__builtin_expect(thread_observers_.any(), 0)) observe_run(t.linear);
  running::gate = gate;
}

inline void BlockRun::suspend(SimThread& t, ThreadStop why) {
  if (__builtin_expect(activemask_waiters_ != 0 || thread_observers_.any(), 0)) return suspend_slow(t, why);
  dispatch(&t.ctx);
}

}  // namespace cusim::sim
