#include "sim/exec/block_run.hpp"

#include <signal.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

#include "sim/exec/fault_signals.hpp"
#include "sim/report/symbolize.hpp"
#include "sim/report/wording.hpp"

// The per-switch paths (runner_loop, park, sync, release_barrier, warp_arrive; block_sync in
// kernel_abi.cpp and the switch in context.cpp) start on a 64-byte boundary, so that where their
// branches fall relative to the fetch blocks depends on their own code only: unaligned, their
// speed moves with unrelated changes elsewhere.

// The built-in index variables, declared in cusim/detail/sim_abi.hpp.
namespace cusim::detail {
namespace {
constexpr uint3 kNoThreadIdx{0, 0, 0};
}
constinit thread_local const uint3* tls_thread_idx = &kNoThreadIdx;
constinit thread_local uint3 tls_block_idx{};
constinit thread_local dim3 tls_block_dim{};
constinit thread_local dim3 tls_grid_dim{};
constinit thread_local char* tls_shared_begin = nullptr;
constinit thread_local char* tls_shared_end = nullptr;
constinit thread_local SharedSlot tls_shared_slots[kSharedSlotCache] = {};
}  // namespace cusim::detail

namespace cusim::sim {

namespace running {
constinit thread_local BlockRun* block = nullptr;
constinit thread_local SimThread* thread = nullptr;
constinit thread_local AccessGate* gate = nullptr;
constinit thread_local const ObserverList* observers = nullptr;
}  // namespace running

namespace {
bool same_site(const std::source_location& a, const std::source_location& b) {
  // One call site is one static location record: equal records are the common, cheap case.
  if (std::memcmp(&a, &b, sizeof a) == 0) return true;
  return a.line() == b.line() && a.column() == b.column() &&
         (a.file_name() == b.file_name() || std::strcmp(a.file_name(), b.file_name()) == 0);
}

SourceSite site_of(const std::source_location& s) {
  return SourceSite{s.file_name(), static_cast<unsigned>(s.line()), static_cast<unsigned>(s.column()), s.function_name()};
}


// "0..7,9,12..31": the lanes of `mask`, consecutive ones as ranges.
std::string lane_list(unsigned mask) {
  std::string s;
  for (unsigned l = 0; l < 32;) {
    if (!(mask >> l & 1u)) {
      ++l;
      continue;
    }
    unsigned end = l;
    while (end + 1 < 32 && (mask >> (end + 1) & 1u)) ++end;
    s += (s.empty() ? "" : ",") + std::to_string(l) + (end > l ? ".." + std::to_string(end) : "");
    l = end + 1;
  }
  return s;
}

// "lane 5" or "lanes 5..9".
std::string lanes_phrase(unsigned mask) {
  return (__builtin_popcount(mask) == 1 ? "lane " : "lanes ") + lane_list(mask);
}

// The source lane of PTX shfl.sync in mode `Op` for `lane` (ISA: "shfl.sync" semantics), or
// `lane` itself when the source is out of the segment. A template so that completing a shuffle
// chooses the mode once, not once per lane.
template <detail::WarpOp Op>
unsigned shuffle_source(unsigned lane, int b, int c) {
  const unsigned bval = static_cast<unsigned>(b) & 31u, cval = static_cast<unsigned>(c) & 31u;
  const unsigned segmask = (static_cast<unsigned>(c) >> 8) & 31u;
  const int max_lane = static_cast<int>((lane & segmask) | (cval & ~segmask));
  const int min_lane = static_cast<int>(lane & segmask);
  int j = 0;
  bool in_range = false;
  if constexpr (Op == detail::WarpOp::shfl_up) {
    j = static_cast<int>(lane) - static_cast<int>(bval);
    in_range = j >= max_lane;
  } else if constexpr (Op == detail::WarpOp::shfl_down) {
    j = static_cast<int>(lane + bval);
    in_range = j <= max_lane;
  } else if constexpr (Op == detail::WarpOp::shfl_xor) {
    j = static_cast<int>(lane ^ bval);
    in_range = j <= max_lane;
  } else {
    j = min_lane | static_cast<int>(bval & ~segmask);
    in_range = j <= max_lane;
  }
  return in_range ? static_cast<unsigned>(j) : lane;
}

// Every lane of `mask` reads its source lane's operand into its result. Reading a lane outside the
// mask is undefined in CUDA; the simulator returns the caller's own value.
template <detail::WarpOp Op>
void shuffle(SimThread* lanes, const std::uint64_t* value, const std::int32_t* b, const std::int32_t* c,
             unsigned mask) {
  if (mask == ~0u) {  // the whole warp, the common case: every source lane takes part
    // Nearly always every lane passes the same delta (or lane) and width: the per-lane formula then
    // has loop-invariant parts, which the compiler computes once.
    std::int32_t differ = 0;
    for (unsigned l = 0; l < 32; ++l) differ |= (b[l] ^ b[0]) | (c[l] ^ c[0]);
    if (differ == 0) {
      const std::int32_t b0 = b[0], c0 = c[0];
      for (unsigned l = 0; l < 32; ++l) lanes[l].result = value[shuffle_source<Op>(l, b0, c0)];
    } else {
      for (unsigned l = 0; l < 32; ++l) lanes[l].result = value[shuffle_source<Op>(l, b[l], c[l])];
    }
    return;
  }
  for (unsigned rest = mask; rest; rest &= rest - 1) {
    const unsigned l = static_cast<unsigned>(__builtin_ctz(rest));
    const unsigned src = shuffle_source<Op>(l, b[l], c[l]);
    lanes[l].result = (mask >> src & 1u) ? value[src] : value[l];
  }
}
}  // namespace

BlockRun::BlockRun() = default;
BlockRun::~BlockRun() { discard_runners(); }

void BlockRun::discard_runners() {
  for (const Runner& r : runners_) pool_.release(r.stack);
  runners_.clear();
  parked_ = nullptr;
}

Dim BlockRun::thread_dim(std::uint32_t linear) const {
  const uint3 t = plan_->thread_index[linear];
  return Dim{t.x, t.y, t.z};
}

BlockOutcome& BlockRun::run(const LaunchPlan& plan, std::uint64_t block_linear) {
  plan_ = &plan;
  block_linear_ = block_linear;
  // (Two 64-bit divisions a block, which a one-dimensional grid does without.)
  block_idx_ = plan.grid.y == 1 && plan.grid.z == 1
                   ? uint3{static_cast<unsigned>(block_linear), 0, 0}
                   : uint3{static_cast<unsigned>(block_linear % plan.grid.x),
                           static_cast<unsigned>(block_linear / plan.grid.x % plan.grid.y),
                           static_cast<unsigned>(block_linear / (std::uint64_t(plan.grid.x) * plan.grid.y))};
  n_ = plan.threads;
  if (threads_.size() != n_) {
    states_dirty_ = true;
    threads_.assign(n_, SimThread{});
    for (std::uint32_t i = 0; i < n_; ++i) threads_[i].linear = i;
    std::uint32_t cap = 1;
    while (cap < n_) cap <<= 1;
    ready_.assign(cap, nullptr);
    ready_mask_ = cap - 1;
  }
  // States and warps are only written once some thread has blocked; a block that ran straight
  // through (its exits booked in bulk) left them as they were.
  if (states_dirty_) {
    for (SimThread& t : threads_) t.state = ThreadState::unstarted;
    const unsigned warps = (n_ + 31) / 32;
    warps_.resize(warps);
    for (unsigned w = 0; w < warps; ++w) {
      Warp& warp = warps_[w];  // open[] needs no reset: only open[0..pending) is ever read
      warp.present = (w + 1) * 32 <= n_ ? 0xffffffffu : (1u << (n_ - w * 32)) - 1u;
      warp.exited = warp.activemask_waiting = warp.pending = 0;
    }
    states_dirty_ = false;
  }

  if (plan.schedule == ScheduleKind::random) {
    rng_.seed(plan.seed * 0x9e3779b97f4a7c15ull + block_linear);
    random_order_.assign(plan.start_order.begin(), plan.start_order.end());
    std::shuffle(random_order_.begin(), random_order_.end(), rng_);
    order_ = random_order_.data();
  } else {
    order_ = plan.start_order.data();
  }
  next_start_ = 0;
  live_ = n_;
  thread_index_ = plan.thread_index.data();
  straight_run_ = false;
  any_blocked_ = false;
  barrier_arrived_ = barrier_true_ = 0;
  barrier_divergent_ = false;
  activemask_waiters_ = 0;
  ready_head_ = ready_tail_ = 0;
  arena_.reset(plan.dynamic_shared);
  observers_.clear();
  thread_observers_.clear();
  access_observers_.clear();
  for (const auto& o : plan.observers) {
    if (!o->wants_blocks()) continue;
    BlockObserver* const b = &o->for_this_thread();
    observers_.add(b);
    if (o->wants_threads()) thread_observers_.add(b);
    if (o->wants_accesses()) access_observers_.add(b);
  }
  barriers_ = barrier_waits_ = 0;
  gate_ = nullptr;
  // The diagnostic is only read when `failed`, and every failure assigns the whole of it.
  outcome_.failed = false;
  outcome_.static_shared = 0;
  signal_fault_ = SignalFault{};
  if (observers_.any()) {
    const ObservedBlock observed{block_linear, block_idx_, n_, reinterpret_cast<std::uintptr_t>(arena_.begin()),
                                 reinterpret_cast<std::uintptr_t>(arena_.end())};
    for (BlockObserver* o : observers_) {
      o->begin_block(observed);
      if (AccessGate* g = o->access_gate()) gate_ = g;
    }
    if (access_observers_.any()) running::observers = &access_observers_;
  }

  ensure_alt_stack();
  detail::tls_block_idx = block_idx_;
  detail::tls_block_dim = plan.block;
  detail::tls_grid_dim = plan.grid;
  detail::tls_shared_begin = static_cast<char*>(arena_.begin());
  detail::tls_shared_end = static_cast<char*>(arena_.end());
  for (detail::SharedSlot& slot : detail::tls_shared_slots) slot = detail::SharedSlot{nullptr, nullptr};
  running::block = this;

  if (!runners_.empty() && runners_.front().stack.size != StackPool::page_round(plan.stack_bytes)) discard_runners();
  switch_to(&main_ctx_, next_runner());

  // The block is finished, stuck, or failed; every fiber of it is suspended or dead.
  running::thread = nullptr;
  running::gate = nullptr;
  running::observers = nullptr;
  if (signal_fault_.signo) diagnose_signal();
  else if (!outcome_.failed && live_ > 0) diagnose_stuck();
  if (observers_.any()) {
    const BlockSummary summary{barriers_, barrier_waits_, outcome_.failed};
    for (auto o = observers_.rbegin(); o != observers_.rend(); ++o) (*o)->end_block(summary);
  }
  if (outcome_.failed) plan.cancelled.store(true, std::memory_order_relaxed);
  outcome_.static_shared = arena_.static_bytes();
  detail::tls_shared_begin = detail::tls_shared_end = nullptr;
  detail::tls_thread_idx = &detail::kNoThreadIdx;
  if (outcome_.failed) discard_runners();
  running::block = nullptr;
  return outcome_;
}

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

// Makes `t` the running thread. A thread resumed here goes back to kernel code, so the checks
// are on again: sync() lets a thread leave without pausing them, and relies on this.
inline void BlockRun::enter(SimThread& t) {
  running::thread = &t;
  running::gate = gate_;
  detail::tls_thread_idx = &thread_index_[t.linear];
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
  if (__builtin_expect((w.pending | w.activemask_waiting | barrier_arrived_) != 0, 0)) exit_while_others_wait(t, w);
}

void BlockRun::exit_while_others_wait(SimThread& t, Warp& w) {
  const unsigned bit = 1u << (t.linear & 31);
  for (unsigned i = 0; i < w.pending; ++i) {
    const WarpCollective& c = w.open[i];
    if (!(c.mask & bit)) continue;
    // Reported from a waiting lane at the intrinsic's call site, as when the exited lane is
    // noticed on arrival: the finding does not depend on which lane ran first.
    const SimThread& waiter = threads_[(t.linear & ~31u) + static_cast<unsigned>(__builtin_ctz(c.arrived))];
    Diagnostic d = thread_diagnostic(DiagnosticKind::warp_lane_exited, waiter,
                                     std::string(detail::warp_op_name(c.op)) + "(mask " + hex_mask(c.mask) + ") names " + lanes_phrase(bit) +
                                         " that exited");
    d.site = site_of(waiter.site);
    fail(std::move(d));
  }
  if (w.activemask_waiting) try_resolve_activemask(w, t.linear >> 5);
  // Exited threads leave the barrier: the others may now be complete.
  if (barrier_arrived_ && barrier_arrived_ == live_) release_barrier();
}

void BlockRun::make_ready(SimThread& t) {
  t.state = ThreadState::ready;
  ready_[ready_tail_++ & ready_mask_] = &t;
}

inline void BlockRun::suspend(SimThread& t, ThreadStop why) {
  if (__builtin_expect(activemask_waiters_ != 0 || thread_observers_.any(), 0)) return suspend_slow(t, why);
  dispatch(&t.ctx);
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

void BlockRun::observe_first_arrival() {
  for (BlockObserver* o : observers_) o->barrier_first_arrival();
}

// A release's event, and which threads exited before it.
ReleasedBarrier BlockRun::released_barrier() const {
  ReleasedBarrier r;
  r.site = barrier_site_;
  r.arrived = barrier_arrived_;
  r.exited = n_ - live_;
  if (r.exited)
    while (r.first_exited < n_ && threads_[r.first_exited].state != ThreadState::exited) ++r.first_exited;
  return r;
}

void BlockRun::observe_release() {
  const ReleasedBarrier r = released_barrier();
  for (BlockObserver* o : observers_) o->barrier_released(r);
}

void BlockRun::observe_exits_at_release() {
  const ReleasedBarrier r = released_barrier();
  for (const auto& o : plan_->observers) o->exited_at_barrier(block_linear_, r);
}

void BlockRun::observe_atomic() {
  for (BlockObserver* o : observers_) o->atomic();
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

// ---- barrier ---------------------------------------------------------------------------------

// __syncthreads(). The common arrival (neither the first nor the last, at the first arrival's
// call site, with no __activemask waiting and no per-thread observer) books itself and resumes
// the next ready thread; every other arrival takes barrier(), which does the whole work.
//
// Once this thread is resumed nothing of this function is needed, so the switch (at the end of
// dispatch) is its tail call: the function keeps no frame, and the kernel's callee-saved
// registers are saved once, by the switch, instead of once more by a prologue here. For the
// same reason it does not pause the checks: it makes no access that the checked build
// instruments, dispatch_slow() pauses them before engine code runs, and enter() turns them on for
// the thread it resumes. A waiting arrival means the straight-through run was settled (the first
// thread to block settles it), so that needs no test here.
[[gnu::aligned(64)]] void BlockRun::sync(std::source_location site) {
  const std::uint32_t arrived = barrier_arrived_;
  if (__builtin_expect(arrived == 0 || arrived + 1 == live_ || std::memcmp(&site, &barrier_site_, sizeof site) != 0 ||
                           activemask_waiters_ != 0 || thread_observers_.any(),
                       0))
    return sync_slow(site);
  SimThread& t = *running::thread;
  t.state = ThreadState::at_barrier;
  t.site = site;
  barrier_arrived_ = arrived + 1;
  dispatch<true>(&t.ctx);
}

void BlockRun::sync_slow(std::source_location site) { barrier(detail::BarrierOp::plain, 0, site); }

// The per-arrival path is kept to what every arrival needs; the first arrival, an arrival at another
// call site, the release and the return value of the predicate forms are out of line.
int BlockRun::barrier(detail::BarrierOp op, int predicate, std::source_location site) {
  // The engine's own accesses are not the kernel's (PauseChecks, inline).
  AccessGate* const gate = running::gate;
  running::gate = nullptr;
  if (__builtin_expect(straight_run_, 0)) settle_straight_run(true);
  SimThread& t = *running::thread;
  t.state = ThreadState::at_barrier;
  t.site = site;
  // Counted apart from the arrival, which GCC would otherwise pair with it in a vector register.
  if (predicate) ++barrier_true_;
  if (barrier_arrived_++ == 0) first_barrier_arrival(site);
  // One call site is one static location record: the same record is the common case.
  else if (__builtin_expect(std::memcmp(&site, &barrier_site_, sizeof site) != 0, 0)) other_site_arrival(site);
  if (barrier_arrived_ == live_) release_barrier();
  suspend(t, ThreadStop::barrier);
  running::gate = gate;
  return op == detail::BarrierOp::plain ? 0 : barrier_result(op);
}

void BlockRun::first_barrier_arrival(std::source_location site) {
  barrier_site_ = site;
  if (__builtin_expect(observers_.any(), 0)) observe_first_arrival();
}

// Unless the plan is strict about barrier sites (synccheck), barriers at different call sites
// release each other, as bar.sync 0 does on the hardware (CUDA leaves it undefined).
void BlockRun::other_site_arrival(std::source_location site) {
  if (plan_->strict_barrier_sites && !same_site(site, barrier_site_)) barrier_divergent_ = true;
}

int BlockRun::barrier_result(detail::BarrierOp op) const {
  switch (op) {
    case detail::BarrierOp::plain: return 0;
    case detail::BarrierOp::count: return static_cast<int>(released_true_);
    case detail::BarrierOp::all: return released_true_ == released_arrived_;
    case detail::BarrierOp::any: return released_true_ != 0;
  }
  return 0;
}

[[gnu::aligned(64)]] void BlockRun::release_barrier() {
  if (live_ < n_ && !plan_->observers.empty()) observe_exits_at_release();
  ++barriers_;
  barrier_waits_ += barrier_arrived_;
  if (barrier_divergent_) {
    Diagnostic d;
    d.kind = DiagnosticKind::barrier_divergence;
    d.site = site_of(barrier_site_);
    d.message = "threads of block " + coordinates(block_idx_.x, block_idx_.y, block_idx_.z) +
                " wait at different __syncthreads() call sites";
    d.block = Dim{block_idx_.x, block_idx_.y, block_idx_.z};
    describe_waiters(d, [](const SimThread& t) { return t.state == ThreadState::at_barrier; });
    fail(std::move(d));
  }
  if (observers_.any()) observe_release();
  released_true_ = barrier_true_;
  released_arrived_ = barrier_arrived_;
  barrier_arrived_ = barrier_true_ = 0;
  if (plan_->schedule == ScheduleKind::in_order) {
    ReadyBatch batch(*this);
    for (SimThread& w : threads_)
      if (w.state == ThreadState::at_barrier) batch.push(w);
  } else if (plan_->schedule == ScheduleKind::reverse) {
    ReadyBatch batch(*this);
    for (auto it = threads_.rbegin(); it != threads_.rend(); ++it)
      if (it->state == ThreadState::at_barrier) batch.push(*it);
  } else {
    scratch_ids_.clear();
    for (const SimThread& w : threads_)
      if (w.state == ThreadState::at_barrier) scratch_ids_.push_back(w.linear);
    make_ready_scheduled(scratch_ids_.data(), static_cast<std::uint32_t>(scratch_ids_.size()));
  }
}

void BlockRun::make_ready_scheduled(std::uint32_t* ids, std::uint32_t count) {
  if (plan_->schedule == ScheduleKind::reverse) std::reverse(ids, ids + count);
  if (plan_->schedule == ScheduleKind::random) std::shuffle(ids, ids + count, rng_);
  ReadyBatch batch(*this);
  for (std::uint32_t i = 0; i < count; ++i) batch.push(threads_[ids[i]]);
}

// ---- warps -----------------------------------------------------------------------------------

// A lane's call of a warp intrinsic. Its operands are booked first, in slots that only this lane
// writes, so that they need no registers past this point. The common arrival (the warp has one open
// collective, with this intrinsic and mask, which names this lane, and this lane is not the last to
// arrive; no __activemask waits and no per-thread observer) then resumes the next ready thread, as
// sync() does: the switch a tail jump, the checks not paused (sync() says why). Every other arrival
// takes warp_arrive_slow(). The lane's result is read by the caller (kernel_abi.cpp), once this
// returns: when the collective is complete and the lane runs again.
[[gnu::aligned(64)]] void BlockRun::warp_arrive(detail::WarpOp op, unsigned mask, std::uint64_t value, int b, int c,
                                                std::source_location site) {
  BlockRun& self = *running::block;
  SimThread& t = *running::thread;
  const unsigned lane = t.linear & 31, bit = 1u << lane;
  Warp& w = self.warps_[t.linear >> 5];
  t.site = site;
  t.op = op;
  w.value[lane] = value;
  w.b[lane] = b;
  w.c[lane] = c;
  WarpCollective& coll = w.open[0];
  if (__builtin_expect(self.straight_run_ || w.pending != 1 || coll.mask != mask || coll.op != op || !(mask & bit) ||
                           (coll.arrived | bit) == mask || self.activemask_waiters_ != 0 ||
                           self.thread_observers_.any(),
                       0))
    return self.warp_arrive_slow(op, mask);
  coll.arrived |= bit;
  t.state = ThreadState::at_warp;
  self.dispatch<true>(&t.ctx);
}

// Every arrival but the common one (warp_arrive()), its operands booked.
void BlockRun::warp_arrive_slow(detail::WarpOp op, unsigned mask) {
  running::PauseChecks pause;
  if (straight_run_) settle_straight_run(true);
  SimThread& t = *running::thread;
  const unsigned warp_index = t.linear >> 5, lane = t.linear & 31, bit = 1u << lane;
  Warp& w = warps_[warp_index];
  if (op == detail::WarpOp::activemask) {
    t.state = ThreadState::at_activemask;
    w.activemask_waiting |= bit;
    ++activemask_waiters_;
    suspend(t, ThreadStop::warp);
    return;
  }
  // Joining the one open collective of the warp with the same mask and intrinsic is the common
  // case; its mask was validated when it was opened, and a named lane exiting since then has
  // already been reported.
  WarpCollective* coll = &w.open[0];
  if (!(w.pending == 1 && coll->mask == mask && coll->op == op && (mask & bit)))
    coll = &open_collective(w, warp_index, t, op, mask, t.site);
  coll->arrived |= bit;
  if (coll->arrived == mask) {
    const WarpCollective done = *coll;
    *coll = w.open[--w.pending];  // close it before anyone runs
    complete(w, warp_index, done);
    return;
  }
  t.state = ThreadState::at_warp;
  suspend(t, ThreadStop::warp);
}

// Validates a lane's call of a warp intrinsic and returns the collective it joins (opening one
// when none of the warp's open collectives names the lane).
BlockRun::WarpCollective& BlockRun::open_collective(Warp& w, unsigned warp_index, SimThread& t, detail::WarpOp op,
                                                    unsigned mask, const std::source_location& site) {
  const unsigned lane = t.linear & 31, bit = 1u << lane;
  // fail() never returns: the fiber's frames are abandoned, not unwound, so nothing that owns
  // memory may be alive in them when it runs. Hence each message is built by a lambda (its
  // temporaries die when it returns) and moved into the diagnostic, which fail() moves out; built
  // in fail_here's argument list, the temporaries would leak.
  auto fail_here = [&](DiagnosticKind kind, auto text) {
    Diagnostic d = thread_diagnostic(kind, t, text());
    d.site = site_of(site);
    fail(std::move(d));
  };
  auto call = [&] { return std::string(detail::warp_op_name(op)) + "(mask " + hex_mask(mask) + ")"; };
  if (!(mask & bit))
    fail_here(DiagnosticKind::warp_lane_not_in_mask,
              [&] { return "lane " + std::to_string(lane) + " calls " + call() + " but is not in the mask"; });
  if (mask & ~w.present)
    fail_here(DiagnosticKind::warp_lane_absent, [&] {
      return call() + " names " + lanes_phrase(mask & ~w.present) + " that warp " + std::to_string(warp_index) +
             " of this block does not have";
    });
  if (mask & w.exited)
    fail_here(DiagnosticKind::warp_lane_exited,
              [&] { return call() + " names " + lanes_phrase(mask & w.exited) + " that exited"; });
  for (unsigned i = 0; i < w.pending; ++i) {
    WarpCollective& o = w.open[i];
    if (!(o.mask & mask)) continue;
    if (o.mask != mask || o.op != op)
      fail_here(DiagnosticKind::warp_mask_mismatch, [&] {
        return "lane " + std::to_string(lane) + " calls " + call() + " while " + lanes_phrase(o.arrived) +
               " wait in " + detail::warp_op_name(o.op) + "(mask " + hex_mask(o.mask) + ")";
      });
    return o;
  }
  WarpCollective& fresh = w.open[w.pending++];
  fresh = WarpCollective{mask, 0, op};
  return fresh;
}

void BlockRun::complete(Warp& w, unsigned warp_index, const WarpCollective& coll) {
  const unsigned mask = coll.mask;
  SimThread* const lanes = &threads_[warp_index * 32];
  switch (coll.op) {
    case detail::WarpOp::sync:
      if (observers_.any())
        for (BlockObserver* o : observers_) o->warp_synced(warp_index, mask);
      break;
    case detail::WarpOp::ballot:
    case detail::WarpOp::all:
    case detail::WarpOp::any: {
      unsigned ballot = 0;
      for (unsigned l = 0; l < 32; ++l) ballot |= (w.value[l] != 0 ? 1u : 0u) << l;
      ballot &= mask;
      const std::uint64_t r = coll.op == detail::WarpOp::ballot ? ballot
                              : coll.op == detail::WarpOp::all  ? (ballot == mask)
                                                                : (ballot != 0);
      for (unsigned rest = mask; rest; rest &= rest - 1) lanes[__builtin_ctz(rest)].result = r;
      break;
    }
    case detail::WarpOp::shfl_idx: shuffle<detail::WarpOp::shfl_idx>(lanes, w.value, w.b, w.c, mask); break;
    case detail::WarpOp::shfl_up: shuffle<detail::WarpOp::shfl_up>(lanes, w.value, w.b, w.c, mask); break;
    case detail::WarpOp::shfl_down: shuffle<detail::WarpOp::shfl_down>(lanes, w.value, w.b, w.c, mask); break;
    case detail::WarpOp::shfl_xor: shuffle<detail::WarpOp::shfl_xor>(lanes, w.value, w.b, w.c, mask); break;
    case detail::WarpOp::activemask: break;  // resolved by try_resolve_activemask, never here
  }
  if (thread_observers_.any())
    for (BlockObserver* o : thread_observers_) o->warp_op(warp_index, coll.op, mask);
  // Wake the other lanes, lowest first (make_ready_scheduled reorders for other schedules).
  const unsigned others = mask & ~(1u << (running::thread->linear & 31));
  if (plan_->schedule == ScheduleKind::in_order) {
    ReadyBatch batch(*this);
    for (unsigned rest = others; rest; rest &= rest - 1) batch.push(lanes[__builtin_ctz(rest)]);
    return;
  }
  std::uint32_t waiting[32];
  std::uint32_t count = 0;
  for (unsigned rest = others; rest; rest &= rest - 1)
    waiting[count++] = warp_index * 32 + static_cast<unsigned>(__builtin_ctz(rest));
  make_ready_scheduled(waiting, count);
}

void BlockRun::try_resolve_activemask(Warp& w, unsigned warp_index) {
  SimThread* lanes = &threads_[warp_index * 32];
  for (unsigned l = 0; l < 32; ++l) {
    if (!(w.present >> l & 1u)) continue;
    const ThreadState s = lanes[l].state;
    if (s == ThreadState::unstarted || s == ThreadState::running || s == ThreadState::ready) return;
  }
  // Every lane has arrived somewhere: those at one __activemask call site form a group. Only the
  // smallest group is released (ties: the one with the lowest lane). Lanes inside a branch are
  // the fewer ones; once they run on and reach the call site after the branch, where the others
  // wait, the whole warp is reported together, as a reconverged warp would be.
  if (w.activemask_waiting) {
    unsigned group = 0;
    for (unsigned rest = w.activemask_waiting; rest;) {
      const unsigned first = static_cast<unsigned>(__builtin_ctz(rest));
      unsigned candidate = 0;
      for (unsigned l = first; l < 32; ++l)
        if ((rest >> l & 1u) && same_site(lanes[l].site, lanes[first].site)) candidate |= 1u << l;
      if (!group || __builtin_popcount(candidate) < __builtin_popcount(group)) group = candidate;
      rest &= ~candidate;
    }
    w.activemask_waiting &= ~group;
    activemask_waiters_ -= static_cast<std::uint32_t>(__builtin_popcount(group));
    std::uint32_t ids[32];
    std::uint32_t count = 0;
    for (unsigned l = 0; l < 32; ++l)
      if (group >> l & 1u) {
        lanes[l].result = group;
        ids[count++] = lanes[l].linear;
      }
    make_ready_scheduled(ids, count);
  }
}

// ---- shared memory ---------------------------------------------------------------------------

void* BlockRun::shared_static(const detail::SharedDecl& decl, std::source_location site) {
  const std::size_t before = arena_.static_bytes();
  if (void* p = arena_.static_slot(decl, plan_->shared_limit, plan_->static_shared_limit)) {
    if (arena_.static_bytes() != before) {  // the block's first declaration of it
      for (BlockObserver* o : observers_) o->shared_variable(decl.name, p, decl.size);
      for (detail::SharedSlot& slot : detail::tls_shared_slots)
        if (!slot.decl) {
          slot = detail::SharedSlot{&decl, p};
          break;
        }
    }
    return p;
  }
  Diagnostic d = thread_diagnostic(
      DiagnosticKind::shared_memory_limit, *running::thread,
      "__shared__ '" + std::string(decl.name) + "' (" + std::to_string(decl.size) + " bytes) takes the block to " +
          std::to_string(arena_.static_bytes() + decl.size) + " static + " + std::to_string(arena_.dynamic_bytes()) +
          " dynamic bytes, over the limit of " + std::to_string(plan_->shared_limit) + " (static alone: " +
          std::to_string(plan_->static_shared_limit) + ")");
  d.site = site_of(site);
  fail(std::move(d));
}

// ---- failures --------------------------------------------------------------------------------

Diagnostic BlockRun::thread_diagnostic(DiagnosticKind kind, const SimThread& t, std::string message) const {
  Diagnostic d;
  d.kind = kind;
  d.message = std::move(message);
  d.has_thread = true;
  d.block = Dim{block_idx_.x, block_idx_.y, block_idx_.z};
  d.thread = thread_dim(t.linear);
  return d;
}

void BlockRun::fail(Diagnostic d) {
  running::gate = nullptr;
  outcome_.failed = true;
  outcome_.diagnostic = std::move(d);
  running::thread = nullptr;
  switch_to(nullptr, main_ctx_);
  __builtin_unreachable();
}

void BlockRun::fail_thread(DiagnosticKind kind, std::string message, SourceSite site) {
  Diagnostic d = thread_diagnostic(kind, *running::thread, std::move(message));
  d.site = site;
  fail(std::move(d));
}

void BlockRun::fail_from_signal(int signo, const void* address, const void* pc) {
  // Only plain stores here: this runs in a signal handler. run() builds the report.
  signal_fault_ = SignalFault{signo, address, pc, running::thread};
  running::thread = nullptr;
  switch_to(nullptr, main_ctx_);
  __builtin_unreachable();
}

void BlockRun::fail_access(Diagnostic d, const void* pc) {
  Diagnostic full = thread_diagnostic(d.kind, *running::thread, std::move(d.message));
  full.space = d.space;
  full.address = d.address;
  full.site = call_site(pc);
  fail(std::move(full));
}

void BlockRun::preempt() {
  if (straight_run_) settle_straight_run(true);
  SimThread& t = *running::thread;
  make_ready(t);
  // The checker is per OS thread, and the threads that run meanwhile may leave it paused (one
  // suspended inside a barrier pauses checks while the engine runs): this thread resumes in
  // kernel code, checked as it was.
  AccessGate* const gate = running::gate;
  if (__builtin_expect(thread_observers_.any(), 0)) observe_stop(t, ThreadStop::preempted);
  // Threads not started yet go first: they too must reach their first access before anyone
  // goes on, as the lanes of a warp would.
  if (next_start_ < n_) switch_to(&t.ctx, next_runner());
  else dispatch(&t.ctx);
  if (__builtin_expect(thread_observers_.any(), 0)) observe_run(t.linear);
  running::gate = gate;
}

void BlockRun::fence() {
  if (observers_.any())
    for (BlockObserver* o : observers_) o->fence(running::thread->linear);
}

bool BlockRun::is_stack_guard(const void* address) const {
  for (const Runner& r : runners_)
    if (r.stack.guards(address)) return true;
  return false;
}

void BlockRun::diagnose_signal() {
  const SignalFault f = signal_fault_;
  char addr[32];
  std::snprintf(addr, sizeof addr, "%p", f.address);
  DiagnosticKind kind = DiagnosticKind::illegal_address;
  std::string message;
  if (f.signo == SIGSEGV || f.signo == SIGBUS) {
    if (is_stack_guard(f.address)) {
      kind = DiagnosticKind::stack_overflow;
      message = "thread overflowed its " + std::to_string(plan_->stack_bytes / 1024) +
                " KiB stack (raise CUSIM_STACK_KB, or look for deep recursion or large local arrays)";
    } else {
      message = std::string("access to address ") + addr + ", which is mapped nowhere";
    }
  } else if (f.signo == SIGFPE) {
    kind = DiagnosticKind::arithmetic_fault;
    message = "arithmetic fault (integer division by zero?); a GPU would not trap but return an unspecified value";
  } else {
    kind = DiagnosticKind::illegal_instruction;
    message = "illegal instruction";
  }
  const SourceSite at = code_site(f.pc);
  if (f.pc && !at.known()) message += " (in " + function_name(f.pc) + ")";
  outcome_.failed = true;
  outcome_.diagnostic = thread_diagnostic(kind, *f.thread, message);
  outcome_.diagnostic.address = reinterpret_cast<std::uintptr_t>(f.address);
  if (at.known()) outcome_.diagnostic.site = at;
}

void BlockRun::describe_waiters(Diagnostic& d, bool (*select)(const SimThread&)) const {
  // One group per (state, site, intrinsic), in order of first thread; consecutive thread ids
  // form ranges (the renderer cuts long lists short).
  struct Group {
    const SimThread* first;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges;
  };
  std::vector<Group> groups;
  for (std::uint32_t i = 0; i < n_; ++i) {
    const SimThread& t = threads_[i];
    if (!select(t)) continue;
    Group* g = nullptr;
    for (Group& c : groups)
      if (c.first->state == t.state && c.first->op == t.op && same_site(c.first->site, t.site)) g = &c;
    if (!g) g = &groups.emplace_back(Group{&t, {}});
    if (!g->ranges.empty() && g->ranges.back().second + 1 == i) g->ranges.back().second = i;
    else g->ranges.emplace_back(i, i);
  }
  for (const Group& grp : groups) {
    const SimThread& t = *grp.first;
    ThreadGroup g;
    for (const auto& [lo, hi] : grp.ranges) {
      g.threads.push_back(ThreadRange{thread_dim(lo), thread_dim(hi), hi - lo + 1});
      g.total += hi - lo + 1;
    }
    g.site = site_of(t.site);
    if (t.state == ThreadState::at_barrier) g.state = "wait at __syncthreads()";
    else if (t.state == ThreadState::at_activemask) g.state = "wait in __activemask()";
    else {
      g.state = std::string("wait in ") + detail::warp_op_name(t.op) + "()";
      const Warp& w = warps_[t.linear >> 5];
      for (unsigned k = 0; k < w.pending; ++k)
        if (w.open[k].mask >> (t.linear & 31) & 1u)
          g.state += " (mask " + hex_mask(w.open[k].mask) + ", missing " + lanes_phrase(w.open[k].mask & ~w.open[k].arrived) + ")";
    }
    d.groups.push_back(std::move(g));
  }
}

void BlockRun::diagnose_stuck() {
  Diagnostic d;
  d.kind = DiagnosticKind::deadlock;
  d.block = Dim{block_idx_.x, block_idx_.y, block_idx_.z};
  d.message = std::to_string(live_) + " live thread(s) of block " +
              coordinates(block_idx_.x, block_idx_.y, block_idx_.z) + " wait and none can be released";
  describe_waiters(d, [](const SimThread& t) {
    return t.state == ThreadState::at_barrier || t.state == ThreadState::at_warp ||
           t.state == ThreadState::at_activemask;
  });
  if (!d.groups.empty()) d.site = d.groups.front().site;
  outcome_.failed = true;
  outcome_.diagnostic = std::move(d);
}

}  // namespace cusim::sim
