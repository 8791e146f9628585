#include "sim/check/checking_observer.hpp"

#include "sim/check/block_checker.hpp"

namespace cusim::sim::check {
namespace {

// The OS thread's checker, kept from launch to launch: its shadow of a shared arena is a few
// megabytes, allocated once. An OS thread runs one block at a time, so one checker serves all
// the launches whose blocks it runs.
BlockChecker& this_threads_checker() {
  static thread_local BlockChecker checker;
  return checker;
}

// One OS thread's view of the launch: the engine's events, handed to its checker.
class CheckedBlocks final : public BlockObserver {
 public:
  CheckedBlocks(LaunchState& state, const ObservedLaunch& launch)
      : state_(state), launch_(launch), checker_(this_threads_checker()) {}

  void begin_block(const ObservedBlock& b) override {
    checker_.begin_block(state_, BlockChecker::BlockSetup{static_cast<std::uint32_t>(b.linear), b.threads,
                                                          reinterpret_cast<char*>(b.shared_begin),
                                                          launch_.shared_capacity, launch_.dynamic_shared,
                                                          launch_.packet, launch_.packet_bytes, launch_.stack_bytes});
  }
  void shared_variable(const char* name, const void* at, std::size_t size) override {
    checker_.on_shared_variable(name, at, size);
  }
  void barrier_released(const ReleasedBarrier&) override { checker_.on_barrier(); }
  void warp_synced(unsigned warp, unsigned mask) override { checker_.on_warp_sync(warp, mask); }
  void tile_synced(unsigned first, unsigned count, unsigned size) override { checker_.on_tile_sync(first, count, size); }
  void fence(unsigned thread) override { checker_.on_fence(thread); }
  void arrive_wait_arrival(unsigned thread, const void* barrier) override { checker_.on_arrive_wait_arrival(thread, barrier); }
  void arrive_wait_completed(unsigned thread, const void* barrier, bool whole_block) override {
    checker_.on_arrive_wait_completed(thread, barrier, whole_block);
  }
  void arrive_wait_returned(unsigned thread, const void* barrier) override { checker_.on_arrive_wait_returned(thread, barrier); }
  AccessGate* access_gate() override { return &checker_; }

 private:
  LaunchState& state_;
  const ObservedLaunch& launch_;
  BlockChecker& checker_;
};

}  // namespace

std::unique_ptr<BlockObserver> CheckingObserver::make_block_observer() {
  return std::make_unique<CheckedBlocks>(*state_, launch_);
}

}  // namespace cusim::sim::check
