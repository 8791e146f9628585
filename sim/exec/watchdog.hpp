// The watchdog of launches with a time limit (CUSIM_TIMEOUT). A launch still running when its
// limit passes is ended where its threads are, as a GPU's watchdog ends a kernel: each OS thread
// that runs its blocks is interrupted by a signal until it is caught in the program's own code,
// where the block is abandoned with a launch-timeout finding that says where each unfinished
// thread of the block is (BlockRun::fail_from_watchdog).
//
// A thread is abandoned only at an instruction that the debug information places in the
// program's own code (is_program_code, symbolize.hpp), never inside cusim's library, the C
// library or code inlined from their headers, where a lock or cusim's state may be half taken:
// the handler only records where it found the thread, the watchdog's own thread looks the address
// up, and the next signal abandons the thread if it is found at an address known to be safe. A
// loop that never calls cusim (no memory access in the fast build, registers only in the checked
// one) is stopped as surely as one that calls it at every step.
#pragma once
#include <pthread.h>

#include <atomic>
#include <chrono>
#include <cstdint>

#include "sim/exec/launch_plan.hpp"

namespace cusim::sim {

// The signal the watchdog interrupts threads with (a real-time signal; its handler passes other
// threads' deliveries on to a handler installed before cusim's).
int watchdog_signal();

// Watches one launch with a time limit (plan.timeout_seconds > 0) for as long as it lives;
// run_blocks makes one around the launch's blocks.
class WatchedLaunch {
 public:
  explicit WatchedLaunch(const LaunchPlan& plan);
  ~WatchedLaunch();
  WatchedLaunch(const WatchedLaunch&) = delete;
  WatchedLaunch& operator=(const WatchedLaunch&) = delete;

  // The calling OS thread runs blocks of the launch for as long as a Worker lives.
  class Worker {
   public:
    explicit Worker(WatchedLaunch& launch);
    ~Worker();
    Worker(const Worker&) = delete;
    Worker& operator=(const Worker&) = delete;

    // What the watchdog knows of the thread (its slot in the launch's list).
    WatchedLaunch* const launch;
    const pthread_t thread;
    std::atomic<std::uintptr_t> sampled{0};  // where the last signal found it
    // A signal sent and not yet handled. Real-time signals queue: a thread that does not run for
    // a while would otherwise find one for every round it missed, each delivered inside the last
    // one's handler (SA_NODEFER) until its alternate signal stack overflowed.
    std::atomic<bool> signal_pending{false};
  };

  const LaunchPlan& plan() const { return plan_; }
  // Whether a thread interrupted at `pc` may be abandoned (async-signal-safe).
  bool safe_to_stop_at(std::uintptr_t pc) const;

 private:
  friend class Watchdog;
  static constexpr unsigned kSafeAddresses = 256;
  void add_safe(std::uintptr_t pc);
  const LaunchPlan& plan_;
  const std::chrono::steady_clock::time_point deadline_;
  // Addresses found to be the program's own code, appended by the watchdog's thread and read by
  // the handler (a loop runs through a few, so a few rounds of signals find it at one of them).
  std::atomic<std::uintptr_t> safe_[kSafeAddresses] = {};
  std::atomic<unsigned> safe_count_{0};
};

}  // namespace cusim::sim
