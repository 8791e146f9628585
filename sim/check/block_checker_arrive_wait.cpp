// How arrive/wait barriers (cuda::barrier) order a block's accesses for racecheck: everything a
// thread did before it arrived at a phase happens before everything a thread does once its wait
// for that phase has returned; what an arriving thread knew of others (through earlier phases,
// __syncwarp() or atomics) goes along.
//
// A phase that every live thread completes with arrive_and_wait() is a __syncthreads(): the block's
// epoch advances, and nothing else is kept. Any other phase (split arrive() and wait(), some
// threads only arriving, a barrier for part of the block) orders through vector clocks: each
// arrival ticks the thread's clock and joins what it knows into the barrier's record; a completed
// phase keeps that record, and each wait that returns joins it into the waiter's row of known_.
// The rows cost threads² words, made only in a block that passes such a phase.
#include <algorithm>

#include "sim/check/block_checker.hpp"
#include "sim/config/config.hpp"

namespace cusim::sim::check {

BlockChecker::ArriveWaitOrder& BlockChecker::arrive_wait_order(const void* barrier) {
  const auto a = reinterpret_cast<std::uintptr_t>(barrier);
  for (std::size_t i = 0; i < arrive_waits_used_; ++i)
    if (arrive_waits_[i].barrier == a) return arrive_waits_[i];
  if (arrive_waits_used_ == arrive_waits_.size()) arrive_waits_.emplace_back();
  ArriveWaitOrder& o = arrive_waits_[arrive_waits_used_++];
  o.barrier = a;
  o.arrived.assign(threads_, 0);
  o.released.clear();
  o.acquired.clear();
  o.acquired_released.clear();
  o.any_released = false;
  return o;
}

std::uint32_t* BlockChecker::known_row(unsigned thread) {
  if (!known_used_) {
    known_.assign(std::size_t{threads_} * threads_, 0);
    known_used_ = true;
  }
  return known_.data() + std::size_t{thread} * threads_;
}

void BlockChecker::join_known(unsigned first, unsigned count, std::uint32_t lanes) {
  const auto member = [&](unsigned i) { return lanes >> (i & 31) & 1u; };
  std::vector<std::uint32_t> joined(threads_, 0);
  for (unsigned i = 0; i < count; ++i) {
    if (!member(i)) continue;
    const std::uint32_t* row = known_row(first + i);
    for (unsigned q = 0; q < threads_; ++q) joined[q] = std::max(joined[q], row[q]);
  }
  for (unsigned i = 0; i < count; ++i)
    if (member(i)) std::copy(joined.begin(), joined.end(), known_row(first + i));
}

void BlockChecker::on_arrive_wait_arrival(unsigned thread, const void* barrier) {
  if (!(checks_ & check_racecheck)) return;
  ArriveWaitOrder& o = arrive_wait_order(barrier);
  // A new step of the thread: its accesses so far have lower clocks, those after its arrival not.
  clocks_dirty_ = true;
  const std::uint32_t after = ++warp_clock_[thread][thread & 31];
  o.arrived[thread] = std::max(o.arrived[thread], after);
  const unsigned first = thread & ~31u;
  for (unsigned lane = 0; lane < 32 && first + lane < threads_; ++lane)
    if (first + lane != thread) o.arrived[first + lane] = std::max(o.arrived[first + lane], warp_clock_[thread][lane]);
  if (known_used_) {
    const std::uint32_t* row = known_row(thread);
    for (unsigned q = 0; q < threads_; ++q) o.arrived[q] = std::max(o.arrived[q], row[q]);
  }
  for (const Acquired& e : acquired_[thread]) join(o.acquired, e);
}

void BlockChecker::on_arrive_wait_completed(unsigned thread, const void* barrier, bool whole_block) {
  if (!(checks_ & check_racecheck)) return;
  if (whole_block) return on_barrier();
  // The completing thread ran the completion function since it arrived: released too.
  on_arrive_wait_arrival(thread, barrier);
  ArriveWaitOrder& o = arrive_wait_order(barrier);
  o.released = o.arrived;
  o.acquired_released = o.acquired;
  o.any_released = true;
}

void BlockChecker::on_arrive_wait_returned(unsigned thread, const void* barrier) {
  if (!(checks_ & check_racecheck)) return;
  ArriveWaitOrder& o = arrive_wait_order(barrier);
  if (!o.any_released) return;  // its phases so far were __syncthreads()
  std::uint32_t* const row = known_row(thread);
  for (unsigned q = 0; q < threads_; ++q) row[q] = std::max(row[q], o.released[q]);
  if (o.acquired_released.empty()) return;
  std::vector<Acquired>& mine = acquired_[thread];
  if (mine.empty()) acquiring_.push_back(thread);
  for (const Acquired& e : o.acquired_released) join(mine, e);
  any_acquired_ = true;
}

}  // namespace cusim::sim::check
