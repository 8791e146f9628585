// Everything the engine needs to run one launch, fixed before the first block starts and shared,
// read-only, by every worker.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "cusim/detail/types.hpp"
#include "sim/config/config.hpp"
#include "sim/exec/observer.hpp"

namespace cusim::sim {

class GridResidency;

struct LaunchPlan {
  std::uint64_t launch = 0;               // ordinal of the launch in the process (1, 2, ...)
  const void* kernel = nullptr;           // identity of the kernel, for names in findings
  void (*invoke)(const void*) = nullptr;  // runs the kernel body for the current thread
  const void* packet = nullptr;
  std::size_t packet_bytes = 0;
  dim3 grid, block;
  std::uint64_t blocks = 0;                // grid.x * grid.y * grid.z
  unsigned threads = 0;                    // block.x * block.y * block.z
  std::size_t dynamic_shared = 0;
  std::size_t shared_limit = 0;            // static + dynamic bytes a block may use
  std::size_t static_shared_limit = 0;     // static bytes alone (CUDA's compile-time limit)
  ScheduleKind schedule = ScheduleKind::in_order;
  std::uint64_t seed = 1;
  std::size_t stack_bytes = 0;
  unsigned workers = 1;
  // Blocks of this launch the device keeps resident at once (its occupancy; 0: no limit). Blocks
  // that spin on each other can only make progress within such a set (grid_residency.hpp).
  std::uint64_t resident_blocks = 0;
  // Launched with cudaLaunchCooperativeKernel: every block is resident at once, and grid.sync()
  // is a barrier of the whole grid.
  bool cooperative = false;
  // Threads waiting at different __syncthreads() call sites end the launch with a finding
  // (synccheck); otherwise they release each other, as on the hardware.
  bool strict_barrier_sites = false;
  bool instrumented = false;               // kernel code reports its accesses (checked build)
  // Observers of the launch (the checkers, the tracer, statistics, access maps), in the order
  // they are told about each block (sim/exec/observer.hpp); empty when nothing observes it.
  std::vector<std::shared_ptr<LaunchObserver>> observers;
  std::vector<uint3> thread_index;         // threadIdx of each linear thread id
  std::vector<std::uint32_t> start_order;  // linear ids in the order threads start (fixed schedules)
  mutable std::atomic<bool> cancelled{false};  // set by the first block that ends the launch
  // Seconds the launch may run (CUSIM_TIMEOUT; 0: no limit), and whether it ran past them: the
  // watchdog (watchdog.hpp) then stops its threads where they are.
  double timeout_seconds = 0;
  mutable std::atomic<bool> timed_out{false};
  // The running grid's dispenser and residency, while run_grid runs it.
  mutable GridResidency* residency = nullptr;

  // Fills the derived fields from grid, block and schedule.
  void prepare();
};

}  // namespace cusim::sim
