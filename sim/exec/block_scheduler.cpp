// Which simulated thread runs next, and on which fiber: runners that start threads back to back,
// the straight-through run of blocks whose threads never wait, parking and resuming, the ready
// queue and its schedules, preemption (the interleaved schedule).
#include "sim/exec/block_run_internal.hpp"

#include <algorithm>
#include <exception>
#include <string>

#include "sim/report/wording.hpp"

namespace cusim::sim {

// The runner taken next is prefetched as this one is taken (context.hpp says why): in a block
// whose threads all wait, every thread starts on a runner of its own.
Context BlockRun::next_runner() {
  if (Runner* const r = parked_) {
    parked_ = r->next_parked;
    if (parked_) prefetch_context(parked_->ctx);
    return r->ctx;
  }
  runners_.push_back(Runner{pool_.acquire(plan_->stack_bytes)});
  starting_runner_ = &runners_.back();
  return make_context(runners_.back().stack.top(), runners_.back().stack.size, &BlockRun::runner_entry);
}

void BlockRun::runner_entry(Transfer t) {
  arrive(t);
  running::block->runner_loop(*running::block->starting_runner_);
}

// Runs the kernel body for the current thread (fn = the plan's invoke), or parks the runner
// (fn = park). An exception escaping the kernel is described in
// `escaped` and fully caught here: the block is then abandoned by fail(), which never returns,
// and leaving a handler open would corrupt this OS thread's exception bookkeeping.
//
// Accesses are checked only while kernel code runs: the engine's own code may call instances of
// library templates (std::string, ...) that the checked build instrumented, and those accesses
// are not the kernel's.
[[gnu::always_inline]] inline void BlockRun::call_on_runner(void (*fn)(const void*), const void* arg, std::string& escaped) {
  try {
    // The call goes through a register: left to itself, GCC calls through memory (`call
    // *0x10(%rax)`), which makes every thread start measurably slower.
    asm("" : "+r"(fn));
    fn(arg);  // the checks are on: enter() turned them on for the thread (park() needs none)
    running::gate = nullptr;
  } catch (const std::exception& e) {
    running::gate = nullptr;
    escaped = std::string("an exception escaped kernel code: ") + e.what();
  } catch (...) {
    running::gate = nullptr;
    escaped = "an exception of unknown type escaped kernel code";
  }
}

// The fast path: while no thread of the block has blocked, threads run back to back as plain
// calls and only the thread-locals change between them. Observed, each thread's run is reported
// too (a separate instance, so that the unobserved loop carries no per-thread test).
//
// Linear is the common case, the in-order schedule: a thread's linear id is its start position,
// so the order table is not read.
//
// Checks stay on for the whole loop, not per thread: between two threads only this loop runs,
// which makes no instrumented accesses. A thread that blocks resumes here on the runner's stack
// it took, after the run was settled (straight_run_ false); its exit is then booked like any other.
template <bool Observed, bool Linear>
void BlockRun::run_straight_through(std::string& escaped) {
  straight_run_ = true;
  straight_from_ = next_start_;
  void (*const invoke)(const void*) = plan_->invoke;
  const void* const packet = plan_->packet;
  SimThread* const threads = threads_.data();
  const std::uint32_t* const order = order_;
  const uint3* const thread_index = thread_index_;
  const std::uint32_t n = n_;
  try {
    running::gate = gate_;
    // In order, the thread and its index advance by one entry each, with no index arithmetic:
    // computing &threads[id] and &thread_index[id] from the id costs a kernel that does little
    // (a vector add) a fifth of its time.
    SimThread* next_thread = threads + next_start_;
    const uint3* next_index = thread_index + next_start_;
    while (next_start_ < n) {
      if constexpr (Linear) {
        ++next_start_;
        running::thread = next_thread++;
        detail::tls_thread_idx = next_index++;
      } else {
        const std::uint32_t id = order[next_start_++];
        running::thread = &threads[id];
        detail::tls_thread_idx = &thread_index[id];
      }
      if constexpr (Observed) {
        running::gate = nullptr;
        observe_run(running::thread->linear);
        running::gate = gate_;
      }
      invoke(packet);
      if (__builtin_expect(!straight_run_, 0)) {
        running::gate = nullptr;
        if constexpr (Observed) observe_stop(*running::thread, ThreadStop::exited);
        exit_thread(*running::thread);
        return;
      }
      if constexpr (Observed) {
        running::gate = nullptr;
        observe_stop(*running::thread, ThreadStop::exited);
        running::gate = gate_;
      }
    }
    running::gate = nullptr;
  } catch (const std::exception& e) {
    running::gate = nullptr;
    escaped = std::string("an exception escaped kernel code: ") + e.what();
    return;
  } catch (...) {
    running::gate = nullptr;
    escaped = "an exception of unknown type escaped kernel code";
    return;
  }
  settle_straight_run(false);
}

// Books the exits of the straight-through run so far; the thread now running (if any) is the
// last one started, and it stays running.
void BlockRun::settle_straight_run(bool current_still_running) {
  straight_run_ = false;
  const std::uint32_t end = next_start_ - (current_still_running ? 1 : 0);
  if (!current_still_running) {
    // The run ended with every thread of the block exited (it started at the first thread and
    // nobody ever waited): the block is done, and nothing will read the threads' states.
    live_ -= end - straight_from_;
    return;
  }
  states_dirty_ = true;
  for (std::uint32_t i = straight_from_; i < end; ++i) {
    SimThread& t = threads_[order_[i]];
    t.state = ThreadState::exited;
    warps_[t.linear >> 5].exited |= 1u << (t.linear & 31);
  }
  live_ -= end - straight_from_;
  threads_[order_[end]].state = ThreadState::running;
  any_blocked_ = true;  // the caller is about to wait: no more straight-through runs
}

[[gnu::aligned(64)]] void BlockRun::runner_loop(Runner& self) {
  std::string escaped;  // set only when an exception escapes kernel code
  for (;;) {
    if (!any_blocked_) {
      if (__builtin_expect(thread_observers_.any(), 0)) run_straight_through<true, false>(escaped);
      else if (plan_->schedule == ScheduleKind::in_order) run_straight_through<false, true>(escaped);
      else run_straight_through<false, false>(escaped);
      if (!escaped.empty()) {
        SimThread& t = *running::thread;
        if (straight_run_) settle_straight_run(true);  // unless the thread blocked before throwing
        fail(thread_diagnostic(DiagnosticKind::kernel_exception, t, std::move(escaped)));  // moved: fail() never returns
      }
    }
    // Some thread of the block waits: every start and exit is booked, since waiters can see them.
    // Starting a kernel thread and parking the runner go through one call instruction. A thread
    // that exits here resumes the next ready one, which returns to kernel code and later from
    // its kernel, to the instruction after that call. Parking switches from inside the same call
    // (a tail jump to the switch, which keeps its return address), so that return is predicted
    // from the return-stack buffer; from separate calls, each thread's exit would be mispredicted.
    for (;;) {
      SimThread* const t = next_start_ < n_ ? &threads_[order_[next_start_++]] : nullptr;
      if (t) {
        t->state = ThreadState::running;
        enter(*t);
        if (__builtin_expect(thread_observers_.any(), 0)) {
          running::PauseChecks pause;  // engine code, after enter() turned the checks on
          observe_run(t->linear);
        }
      } else {
        // Nothing left to start: park until a runner is needed again, in this block or a later
        // one (next_start_ == n_ here, so dispatch cannot pick this runner itself).
        self.next_parked = parked_;
        parked_ = &self;
      }
      call_on_runner(t ? plan_->invoke : &BlockRun::park, t ? plan_->packet : static_cast<const void*>(&self), escaped);
      if (!t) break;  // resumed: back to the top, which may be a new block
      if (__builtin_expect(!escaped.empty(), 0))
        fail(thread_diagnostic(DiagnosticKind::kernel_exception, *t, std::move(escaped)));
      if (__builtin_expect(thread_observers_.any(), 0)) observe_stop(*t, ThreadStop::exited);
      exit_thread(*t);
    }
  }
}

// A parked runner's call: suspends it in runner_loop's call of call_on_runner (see there).
[[gnu::aligned(64)]] void BlockRun::park(const void* runner) {
  running::block->dispatch<true>(&static_cast<Runner*>(const_cast<void*>(runner))->ctx);
}

inline void BlockRun::exit_thread(SimThread& t) {
  t.state = ThreadState::exited;
  --live_;
  Warp& w = warps_[t.linear >> 5];
  w.exited |= 1u << (t.linear & 31);
  if (__builtin_expect((w.pending | w.activemask_waiting | barrier_arrived_ | tile_waiters_) != 0, 0))
    exit_while_others_wait(t, w);
}

void BlockRun::exit_while_others_wait(SimThread& t, Warp& w) {
  // A collective that names this lane can no longer complete: its lanes wait until the block can
  // go no further, and diagnose_warps() names every lane of its mask that exited by then.
  if (w.activemask_waiting) try_resolve_activemask(w, t.linear >> 5);
  // Exited threads leave the barrier: the others may now be complete.
  if (barrier_arrived_ && barrier_arrived_ == live_) release_barrier();
  if (tile_waiters_) exit_from_tiles(t);
}

// (Its state does not say why: the last thread to arrive at a barrier is already ready again.)
void BlockRun::suspend_slow(SimThread& t, ThreadStop why) {
  Warp& w = warps_[t.linear >> 5];
  if (w.activemask_waiting) try_resolve_activemask(w, t.linear >> 5);
  if (thread_observers_.any()) observe_stop(t, why);
  dispatch(&t.ctx);
  if (thread_observers_.any()) {
    running::PauseChecks pause;  // resumed by enter(), which turned them on
    observe_run(t.linear);
  }
}

void BlockRun::observe_run(std::uint32_t linear) {
  for (BlockObserver* o : thread_observers_) o->thread_runs(linear);
}

void BlockRun::observe_stop(const SimThread& t, ThreadStop why) {
  for (BlockObserver* o : thread_observers_) o->thread_stops(t.linear, why, t.site, t.op);
}

void BlockRun::observe_atomic() {
  for (BlockObserver* o : observers_) o->atomic();
}

template <bool Tail>
void BlockRun::dispatch_slow(Context* save) {
  // A runner or the worker runs next: engine code until a kernel thread starts or is resumed
  // (sync() may come here with the checks on).
  running::gate = nullptr;
  if (next_start_ < n_) {
    if constexpr (Tail) return resume_tail(save, next_runner());
    else return switch_to(save, next_runner());
  }
  running::thread = nullptr;
  // Finished (live_ == 0) or stuck: run() decides which. Always by switch_to(), never by the
  // tail switch, whose indirect jump would land the worker in the middle of switch_to() with the
  // runner's return addresses in the return-stack buffer, mispredicting the returns of every
  // following straight-through block.
  switch_to(save, main_ctx_);
}

void BlockRun::preempt() {
  if (straight_run_) settle_straight_run(true);
  SimThread& t = *running::thread;
  make_ready(t);
  // Threads not started yet go first (step_aside): they too must reach their first access before
  // anyone goes on, as the lanes of a warp would. The checker is per OS thread, and one suspended
  // inside a barrier pauses checks while the engine runs: this thread resumes checked as it was.
  step_aside(t, ThreadStop::preempted);
}

void BlockRun::make_ready_scheduled(std::uint32_t* ids, std::uint32_t count) {
  if (plan_->schedule == ScheduleKind::reverse) std::reverse(ids, ids + count);
  if (plan_->schedule == ScheduleKind::random) std::shuffle(ids, ids + count, rng_);
  ReadyBatch batch(*this);
  for (std::uint32_t i = 0; i < count; ++i) batch.push(threads_[ids[i]]);
}

// dispatch() (block_run_internal.hpp) takes its slow path here, from the barrier's and the warps' files.
template void BlockRun::dispatch_slow<true>(Context* save);
template void BlockRun::dispatch_slow<false>(Context* save);

}  // namespace cusim::sim
