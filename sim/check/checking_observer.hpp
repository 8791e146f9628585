// memcheck, racecheck and initcheck as an observer of one launch (DESIGN §2): each OS thread that
// runs blocks of the launch checks them with its BlockChecker, which the engine installs as the
// blocks' access gate; the engine's events (a block's start, its shared variables, barriers,
// __syncwarp() and fences) reach the checker through this observer. The engine knows no checker.
#pragma once
#include <memory>

#include "sim/check/launch_state.hpp"
#include "sim/exec/observer.hpp"

namespace cusim::sim::check {

class CheckingObserver final : public PerThreadObserver {
 public:
  explicit CheckingObserver(std::shared_ptr<LaunchState> state) : PerThreadObserver(Wants{}), state_(std::move(state)) {}
  void begin_launch(const ObservedLaunch& launch) override { launch_ = launch; }
  void grid_synced() override { state_->grid_synced(); }

 private:
  std::unique_ptr<BlockObserver> make_block_observer() override;

  std::shared_ptr<LaunchState> state_;
  ObservedLaunch launch_;
};

}  // namespace cusim::sim::check
