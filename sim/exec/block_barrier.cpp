// __syncthreads() and its predicate forms: arrivals, the release, and the divergence the engine
// itself reports when the plan is strict about barrier sites.
#include "sim/exec/block_run_internal.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "sim/exec/grid_residency.hpp"
#include "sim/report/wording.hpp"

namespace cusim::sim {

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
    d.message = "threads of block " + coordinates(block_idx_.x, block_idx_.y, block_idx_.z) +
                " wait at different __syncthreads() call sites";
    d.block = Dim{block_idx_.x, block_idx_.y, block_idx_.z};
    describe_waiters(d, [](const SimThread& t) { return t.state == ThreadState::at_barrier; });
    // Named at the site of the block's first waiting thread (the groups are in thread order), not
    // of the first to arrive: the same in every schedule.
    d.site = d.groups.empty() ? site_of(barrier_site_) : d.groups.front().site;
    fail(std::move(d));
  }
  if (grid_barrier_) wait_for_grid();
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

void BlockRun::grid_sync(std::source_location site) {
  if (!plan_->cooperative) {
    running::gate = nullptr;  // the report's strings are not the kernel's accesses
    fail_thread(DiagnosticKind::grid_sync_not_cooperative,
                "grid.sync() in a kernel launched without cudaLaunchCooperativeKernel: CUDA traps here "
                "(cudaErrorLaunchFailure); launch it with cudaLaunchCooperativeKernel, whose grid must fit on the "
                "device at once",
                site_of(site));
  }
  grid_barrier_ = true;
  barrier(detail::BarrierOp::plain, 0, site);
}

// The block's part of grid.sync(), once all its threads have arrived: its OS thread waits, off
// its worker, for the other blocks (grid_residency.hpp). The last block to arrive tells the
// launch's observers, while every block waits, that everything before the barrier happened before
// everything after it.
void BlockRun::wait_for_grid() {
  grid_barrier_ = false;
  const auto result = plan_->residency->grid_sync(block_linear_, [this] {
    for (const auto& o : plan_->observers) o->grid_synced();
  });
  if (result == GridResidency::GridSync::cancelled) abandon();
  if (result == GridResidency::GridSync::deadlock) {
    Diagnostic d = thread_diagnostic(DiagnosticKind::deadlock, *running::thread,
                                     "grid.sync() cannot complete: " + plan_->residency->describe_grid_deadlock());
    d.site = site_of(barrier_site_);
    fail(std::move(d));
  }
}

void BlockRun::abandon() {
  abandoned_ = true;
  running::gate = nullptr;
  running::thread = nullptr;
  switch_to(nullptr, main_ctx_);
  __builtin_unreachable();
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

}  // namespace cusim::sim
