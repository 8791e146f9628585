// The statistics observer of one launch (CUSIM_STATS, docs/STATS.md): every OS thread that runs
// blocks of the launch counts them with its own BlockStats, which adds each block's counts here at
// the block's end, under a lock; once the grid has run, result() is the launch's LaunchStats.
#pragma once
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "cusim/detail/launch_stats.hpp"
#include "sim/exec/observer.hpp"

namespace cusim::sim::stats {

// Adds the counts of `from` (blocks, threads, barriers, accesses, requests) to `into`.
void add_counts(cusim::LaunchStats& into, const cusim::LaunchStats& from);

class LaunchStatsObserver : public PerThreadObserver {
 public:
  // memory_measured: the launch's kernel code is instrumented (checked build), so its accesses
  // will be seen; otherwise only blocks, threads and barriers are counted.
  explicit LaunchStatsObserver(bool memory_measured)
      : PerThreadObserver(Wants{.accesses = true}), measured_(memory_measured) {}

  // What one block saw: its counts, the atomics it made on each global address, and its own
  // most-used shared address (shared memory is the block's own).
  void add_block(const cusim::LaunchStats& counts, const std::unordered_map<std::uintptr_t, std::uint64_t>& global_atomics,
                 const cusim::AtomicContention& shared_worst);

  // The launch's statistics once its grid has run: `head` holds what the launch itself knows
  // (ordinal, kernel, grid, block); the counts and the worst contention are added to it.
  cusim::LaunchStats result(cusim::LaunchStats head) const;

 protected:
  std::unique_ptr<BlockObserver> make_block_observer() override;

 private:
  const bool measured_;
  mutable std::mutex m_;
  cusim::LaunchStats totals_;
  std::unordered_map<std::uintptr_t, std::uint64_t> global_atomics_;
  cusim::AtomicContention shared_worst_;
};

}  // namespace cusim::sim::stats
