// synccheck's finding that does not end its launch (CUSIM_CHECK=synccheck): a barrier completes
// while threads of the block have exited. CUDA leaves this undefined (a barrier in code that not
// every thread reaches); the engine lets the exited threads leave the barrier, and synccheck notes
// it. Its other finding, threads waiting at different __syncthreads() call sites, ends the launch:
// the engine reports that itself when the plan is strict about barrier sites (LaunchPlan). It
// watches launch-level events only, so blocks cost it nothing.
#pragma once
#include <memory>

#include "sim/check/launch_state.hpp"
#include "sim/exec/observer.hpp"

namespace cusim::sim::check {

class SynccheckObserver final : public LaunchObserver {
 public:
  explicit SynccheckObserver(std::shared_ptr<LaunchState> state)
      : LaunchObserver(Wants{.blocks = false}), state_(std::move(state)) {}
  void begin_launch(const ObservedLaunch& launch) override { threads_ = launch.threads; }
  void exited_at_barrier(std::uint64_t block, const ReleasedBarrier& barrier) override;
  BlockObserver& for_this_thread() override;  // never asked: it wants no blocks

 private:
  std::shared_ptr<LaunchState> state_;
  unsigned threads_ = 0;
};

}  // namespace cusim::sim::check
