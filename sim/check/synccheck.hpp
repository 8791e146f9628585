// synccheck's finding that does not end its launch (CUSIM_CHECK=synccheck): a barrier completes
// while threads of the block have exited. CUDA leaves this undefined (a barrier in code that not
// every thread reaches); the engine lets the exited threads leave the barrier, and synccheck notes
// it. Its other finding, threads waiting at different __syncthreads() call sites, ends the launch:
// the engine reports that itself when the plan is strict about barrier sites (LaunchPlan).
#pragma once
#include <memory>

#include "sim/check/launch_state.hpp"
#include "sim/exec/observer.hpp"

namespace cusim::sim::check {

class SynccheckObserver final : public PerThreadObserver {
 public:
  explicit SynccheckObserver(std::shared_ptr<LaunchState> state) : PerThreadObserver(Wants{}), state_(std::move(state)) {}

 private:
  std::unique_ptr<BlockObserver> make_block_observer() override;
  std::shared_ptr<LaunchState> state_;
};

}  // namespace cusim::sim::check
