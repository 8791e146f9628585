// The watchdog's signals (CUSIM_TIMEOUT): real-time signals queue, so a worker thread that does
// not run for a while (a loaded machine) must not find a signal for every round it missed, each
// delivered inside the last one's handler on its alternate signal stack until that stack
// overflows and the process dies by SIGSEGV.
#include <doctest/doctest.h>

#include <pthread.h>
#include <signal.h>

#include <chrono>
#include <thread>

#include "sim/exec/fault_signals.hpp"
#include "sim/exec/launch_plan.hpp"
#include "sim/exec/watchdog.hpp"

using namespace cusim::sim;

TEST_CASE("a worker that misses many rounds of the watchdog's signals gets one of them, not all") {
  LaunchPlan plan;
  plan.launch = 1;
  plan.timeout_seconds = 0.001;  // past at once: the watchdog signals the worker every round (2 ms)
  WatchedLaunch launch(plan);
  ensure_alt_stack();  // the worker's alternate signal stack, as block_run gives a worker
  sigset_t watchdog;
  sigemptyset(&watchdog);
  sigaddset(&watchdog, watchdog_signal());
  {
    WatchedLaunch::Worker worker(launch);
    // Not running, as far as signals go, for 400 ms: some 200 rounds.
    REQUIRE(pthread_sigmask(SIG_BLOCK, &watchdog, nullptr) == 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    sigset_t pending;
    REQUIRE(sigpending(&pending) == 0);
    CHECK(sigismember(&pending, watchdog_signal()) == 1);
    // Delivered here: one handler run, or a few, not 200 nested in one another.
    REQUIRE(pthread_sigmask(SIG_UNBLOCK, &watchdog, nullptr) == 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    CHECK(worker.sampled.load() != 0);  // the handler ran and said where it found the thread
  }
  CHECK(plan.timed_out.load());
}
