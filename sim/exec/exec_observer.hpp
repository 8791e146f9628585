// What the engine tells an observer about a launch's execution (DESIGN §2: "events → observers").
// The tracer (sim/trace) is one. The engine holds a pointer per block run, null when no observer
// is attached, so an unobserved launch pays one predictable branch per hook site and nothing more;
// the per-thread hooks have a pointer of their own, set only for observers that ask for them.
//
// Every call is made on the OS thread that runs the block, between block_begin and block_end;
// blocks run concurrently on several OS threads, so an observer keeps its state per OS thread.
#pragma once
#include <cstdint>
#include <source_location>

#include "cusim/detail/sim_abi.hpp"

namespace cusim::sim {

struct LaunchPlan;

// Why a simulated thread stopped running.
enum class ThreadStop : std::uint8_t {
  exited,     // its kernel body returned
  barrier,    // it waits in __syncthreads()
  warp,       // it waits in a warp intrinsic (see the op)
  preempted,  // the interleaved schedule switched away at a memory access
};

class ExecObserver {
 public:
  virtual ~ExecObserver() = default;

  // Whether the per-thread hooks (thread_runs, thread_stops, warp_op) are wanted: they run at
  // every thread start, switch and exit.
  bool wants_threads() const { return wants_threads_; }

  // Block `block` (linear id) of `plan` starts / ends on this OS thread; `failed`: it ended the launch.
  virtual void block_begin(const LaunchPlan& plan, std::uint64_t block) = 0;
  virtual void block_end(bool failed) = 0;
  // The first thread of the running block arrives at a __syncthreads().
  virtual void barrier_first_arrival() = 0;
  // Every live thread has arrived at the barrier at `site`: it releases `arrived` threads.
  virtual void barrier_released(const std::source_location& site, std::uint32_t arrived) = 0;
  // A thread of the running block performed an atomic on device or shared memory (the checked
  // build reports atomics only while a checker watches accesses).
  virtual void atomic() = 0;

  // Per-thread hooks (only when wants_threads()). Thread `linear` of the running block starts or
  // resumes running; it stops for `why` (at `site`, in warp intrinsic `op` when why == warp).
  virtual void thread_runs(std::uint32_t linear) = 0;
  virtual void thread_stops(std::uint32_t linear, ThreadStop why, const std::source_location& site,
                            detail::WarpOp op) = 0;
  // A warp intrinsic completed: every lane of `mask` of warp `warp` had arrived.
  virtual void warp_op(unsigned warp, detail::WarpOp op, unsigned mask) = 0;

 protected:
  explicit ExecObserver(bool wants_threads) : wants_threads_(wants_threads) {}

 private:
  bool wants_threads_;
};

}  // namespace cusim::sim
