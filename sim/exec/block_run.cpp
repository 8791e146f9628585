// A block's life: setting it up from the plan, running its threads until they are done or
// stuck, and handing over its outcome; its shared variables; the events it tells its observers.
// The scheduler, barrier, warps and findings are in the files beside this one.
#include "sim/exec/block_run_internal.hpp"

#include <algorithm>
#include <string>

#include "sim/exec/fault_signals.hpp"
#include "sim/exec/stack_pool.hpp"

namespace cusim::sim {

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
  ++serial_;
  block_linear_ = block_linear;
  block_idx_ = block_index(plan.grid, block_linear);
  size_threads(plan.threads);
  reset_thread_states();
  choose_start_order();
  reset_block_state();
  attach_observers();
  install_thread_locals();
  if (!runners_.empty() && runners_.front().stack.size != StackPool::page_round(plan.stack_bytes)) discard_runners();
  switch_to(&main_ctx_, next_runner());
  // Nothing can run: the block is finished, failed or stuck, or threads spin and may go on.
  // Timed waits at arrive/wait barriers end last, when not even a spinner can go on.
  for (;;) {
    const bool spins = (!spinners_.empty() || budget_) && keep_spinning();
    if (!spins && (!timed_arrive_waiters_ || outcome_.failed || signal_fault_.signo || abandoned_ ||
                   !time_out_arrive_waiters()))
      break;
    dispatch(&main_ctx_);
  }
  // The block is finished, stuck, failed or abandoned; every fiber of it is suspended or dead.
  finish();
  return outcome_;
}

uint3 BlockRun::block_index(dim3 grid, std::uint64_t linear) {
  // Two 64-bit divisions a block, which a one-dimensional grid does without.
  if (grid.y == 1 && grid.z == 1) return uint3{static_cast<unsigned>(linear), 0, 0};
  return uint3{static_cast<unsigned>(linear % grid.x), static_cast<unsigned>(linear / grid.x % grid.y),
               static_cast<unsigned>(linear / (std::uint64_t(grid.x) * grid.y))};
}

void BlockRun::size_threads(std::uint32_t threads) {
  n_ = threads;
  if (threads_.size() == n_) return;
  states_dirty_ = true;
  threads_.assign(n_, SimThread{});
  for (std::uint32_t i = 0; i < n_; ++i) threads_[i].linear = i;
  std::uint32_t cap = 1;
  while (cap < n_) cap <<= 1;
  ready_.assign(cap, nullptr);
  ready_mask_ = cap - 1;
}

void BlockRun::reset_thread_states() {
  // States and warps are only written once some thread has blocked; a block that ran straight
  // through (its exits booked in bulk) left them as they were.
  if (!states_dirty_) return;
  for (SimThread& t : threads_) {
    t.state = ThreadState::unstarted;
    t.yield_next = false;
  }
  const unsigned warps = (n_ + 31) / 32;
  warps_.resize(warps);
  for (unsigned w = 0; w < warps; ++w) {
    Warp& warp = warps_[w];  // open[] needs no reset: only open[0..pending) is ever read
    warp.present = (w + 1) * 32 <= n_ ? 0xffffffffu : (1u << (n_ - w * 32)) - 1u;
    warp.exited = warp.activemask_waiting = warp.pending = 0;
  }
  states_dirty_ = false;
}

void BlockRun::choose_start_order() {
  if (plan_->schedule != ScheduleKind::random) {
    order_ = plan_->start_order.data();
    return;
  }
  rng_.seed(plan_->seed * 0x9e3779b97f4a7c15ull + block_linear_);
  random_order_.assign(plan_->start_order.begin(), plan_->start_order.end());
  std::shuffle(random_order_.begin(), random_order_.end(), rng_);
  order_ = random_order_.data();
}

void BlockRun::reset_block_state() {
  next_start_ = 0;
  live_ = n_;
  thread_index_ = plan_->thread_index.data();
  straight_run_ = false;
  any_blocked_ = false;
  barrier_arrived_ = barrier_true_ = 0;
  barrier_divergent_ = false;
  grid_barrier_ = false;
  activemask_waiters_ = 0;
  reset_tiles();
  arrive_waiters_ = timed_arrive_waiters_ = 0;
  ready_head_ = ready_tail_ = 0;
  arena_.reset(plan_->dynamic_shared);
  barriers_ = barrier_waits_ = 0;
  // The diagnostic is only read when `failed`, and every failure assigns the whole of it.
  outcome_.failed = false;
  outcome_.static_shared = 0;
  signal_fault_ = SignalFault{};
  outcome_.notes.clear();
  spinners_.clear();
  budget_ = nullptr;
  abandoned_ = false;
  running::last_word_accesses = nullptr;
}

void BlockRun::attach_observers() {
  observers_.clear();
  thread_observers_.clear();
  access_observers_.clear();
  gate_ = nullptr;
  for (const auto& o : plan_->observers) {
    if (!o->wants_blocks()) continue;
    BlockObserver* const b = &o->for_this_thread();
    observers_.add(b);
    if (o->wants_threads()) thread_observers_.add(b);
    if (o->wants_accesses()) access_observers_.add(b);
  }
  if (!observers_.any()) return;
  const ObservedBlock observed{block_linear_, block_idx_, n_, reinterpret_cast<std::uintptr_t>(arena_.begin()),
                               reinterpret_cast<std::uintptr_t>(arena_.end())};
  for (BlockObserver* o : observers_) {
    o->begin_block(observed);
    if (AccessGate* g = o->access_gate()) gate_ = g;
  }
  if (access_observers_.any()) running::observers = &access_observers_;
}

void BlockRun::install_thread_locals() {
  ensure_alt_stack();
  detail::tls_block_idx = block_idx_;
  detail::tls_block_dim = plan_->block;
  detail::tls_grid_dim = plan_->grid;
  detail::tls_shared_begin = static_cast<char*>(arena_.begin());
  detail::tls_shared_end = static_cast<char*>(arena_.end());
  for (detail::SharedSlot& slot : detail::tls_shared_slots) slot = detail::SharedSlot{nullptr, nullptr};
  running::block = this;
}

void BlockRun::finish() {
  running::thread = nullptr;
  running::last_word_accesses = nullptr;
  running::gate = nullptr;
  running::observers = nullptr;
  if (signal_fault_.signo) diagnose_signal();
  else if (!outcome_.failed && !abandoned_ && live_ > 0) diagnose_stuck();
  if (observers_.any()) {
    const BlockSummary summary{barriers_, barrier_waits_, outcome_.failed};
    for (auto o = observers_.rbegin(); o != observers_.rend(); ++o) (*o)->end_block(summary);
  }
  if (outcome_.failed) plan_->cancelled.store(true, std::memory_order_relaxed);
  outcome_.static_shared = arena_.static_bytes();
  detail::tls_shared_begin = detail::tls_shared_end = nullptr;
  detail::tls_thread_idx = &detail::kNoThreadIdx;
  if (outcome_.failed || abandoned_) discard_runners();
  running::block = nullptr;
}

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

void BlockRun::fence() {
  if (observers_.any())
    for (BlockObserver* o : observers_) o->fence(running::thread->linear);
}

bool BlockRun::is_stack_guard(const void* address) const {
  for (const Runner& r : runners_)
    if (r.stack.guards(address)) return true;
  return false;
}


}  // namespace cusim::sim
