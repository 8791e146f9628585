// Which blocks of a launch run, in which order, and which are resident at once: the block
// dispenser of run_grid, and what happens when resident blocks spin on memory that only another
// block changes (DESIGN §4, "No hangs").
//
// A GPU keeps at most `resident_blocks` blocks of a launch on its SMs (the occupancy) and starts
// the others in order as resident ones finish. Here a block whose threads all spin on global
// memory that none of them changes stalls: its OS thread waits in stall(), off its worker (each
// block's engine and checker state is its OS thread's), while other blocks run, on a helper OS
// thread if every worker is taken. It wakes when another block stalled or finished, since that
// block may have written what it polls. When every resident block waits and no other block may
// start, the grid is quiescent: nothing can change memory any more, and the lowest waiting block
// is given the last word (its spinner polls on alone; a spin that cannot end is then a deadlock),
// once every other running grid is quiescent too and a host thread waits for the device
// (HostWaitsForDevice). A stalled
// block also lets its spinners poll again every 50 ms: the host and other grids write without
// waking anyone, and a loop bounded by a clock must see the time pass.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "sim/exec/launch_plan.hpp"

namespace cusim::sim {

// While a host thread waits for the device (a synchronising call), it changes no device memory.
// Spinning blocks are given the last word only then, and only when every grid that runs waits
// too: until then the host or another stream's kernel may still write what they poll.
class HostWaitsForDevice {
 public:
  HostWaitsForDevice();
  ~HostWaitsForDevice();
  HostWaitsForDevice(const HostWaitsForDevice&) = delete;
  HostWaitsForDevice& operator=(const HostWaitsForDevice&) = delete;
};

class GridResidency {
 public:
  enum class Wake : std::uint8_t {
    progress,   // another block stalled or finished: memory may have changed
    look_again, // a while has passed: the host or another grid may have changed memory, and a
                // loop bounded by a clock must see the time pass
    last_word,  // the grid is quiescent and this block's spinner polls on alone
    cancelled,  // another block ended the launch
  };

  // `worker` is the loop a helper OS thread runs: it takes and runs blocks until take() says none.
  GridResidency(const LaunchPlan& plan, std::function<void()> worker);
  ~GridResidency();
  GridResidency(const GridResidency&) = delete;
  GridResidency& operator=(const GridResidency&) = delete;

  // The next block to start, or false when none may start now: none is left, the launch was
  // cancelled, or (once a block has stalled) the resident set is full.
  bool take(std::uint64_t* block);
  // Block `block` finished (or failed, or was abandoned).
  void finished(std::uint64_t block);
  // A block whose threads all spin or wait, with nothing they poll changed since they last polled,
  // waits here until something may have changed. `ran`: the block ran threads since it last
  // stalled (it may have written what others poll).
  Wake stall(std::uint64_t block, bool ran);
  // grid.sync(): block `block`, whose threads have all arrived, waits until every block of the
  // grid has arrived (cooperative launches: every block is resident). The last to arrive calls
  // `on_release` (with every other block waiting) and releases them all. `deadlock`: every block
  // that can still run waits here and some block exited without arriving, so none will ever be
  // released; given to the lowest waiting block only (the others see the launch cancelled).
  enum class GridSync : std::uint8_t { released, cancelled, deadlock };
  GridSync grid_sync(std::uint64_t block, const std::function<void()>& on_release);
  // For a grid.sync() deadlock report: the blocks that exited without arriving.
  std::string describe_grid_deadlock() const;
  // Joins the helper OS threads; run_grid calls it once every worker has returned.
  void join_helpers();
  // For a deadlock report: how many other blocks wait, and why no other block can start.
  std::string describe_others() const;

 private:
  bool startable() const;  // with m_ held
  bool quiescent() const;  // with m_ held
  void set_quiescent(bool q);  // with m_ held: tells the other grids
  void maybe_spawn_helper();  // with m_ held
  unsigned max_helpers() const;  // OS threads that may run blocks beside the workers
  std::uint64_t waiting() const { return stalled_blocks_.size() + grid_waiters_.size(); }  // with m_ held
  bool grid_deadlocked() const;  // with m_ held
  void start_ascending();  // with m_ held
  std::uint64_t live() const { return next_.load() - finished_.load(); }
  std::uint64_t order(std::uint64_t i) const;

  const LaunchPlan& plan_;
  std::function<void()> worker_;
  // The permutation of the schedule's block order with one worker: b -> (b * step + offset) mod n
  // with step coprime to n, or reversed; the identity with several workers.
  std::uint64_t step_ = 1, offset_ = 0;
  bool reverse_ = false, permuted_ = false;

  std::atomic<std::uint64_t> next_{0};      // blocks started (and the dispenser's position)
  std::atomic<std::uint64_t> finished_{0};
  std::atomic<unsigned> stalled_count_{0};  // waiting(), read without the lock
  std::atomic<bool> stalling_{false};       // some block has stalled: take() goes through m_

  mutable std::mutex m_;
  std::condition_variable cv_;
  std::uint64_t epoch_ = 0;                 // bumped when a block that ran stalls, or one finishes
  std::set<std::uint64_t> stalled_blocks_;
  // grid.sync(): the blocks waiting in it, arrivals at the current one, releases so far, and the
  // lowest block that finished (a block that finished can never arrive).
  std::set<std::uint64_t> grid_waiters_;
  std::uint64_t grid_arrived_ = 0, grid_generation_ = 0;
  std::uint64_t lowest_finished_ = ~0ull, finished_blocks_ = 0;
  static constexpr std::uint64_t kNone = ~0ull;
  std::uint64_t last_word_ = kNone;
  bool quiescent_ = false;  // as the process-wide count of quiescent grids has it
  // Once a block has stalled with a permuted order, the rest start in ascending order, as a GPU
  // starts them (started_ marks those started before; low_ is the lowest not yet started).
  bool ascending_ = false;
  std::vector<std::uint64_t> started_;
  std::uint64_t low_ = 0;
  std::vector<std::thread> helpers_;
  unsigned helper_count_ = 0;  // helpers still running
};

}  // namespace cusim::sim
