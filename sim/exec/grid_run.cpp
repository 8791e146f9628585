#include "sim/exec/grid_run.hpp"

#include "sim/exec/fault_signals.hpp"
#include "sim/exec/stack_pool.hpp"
#include "sim/memory/shared_arena.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>

namespace cusim::sim {
namespace {

BlockRun& this_threads_block_run() {
  static thread_local BlockRun run;
  return run;
}

// One arena per worker count, kept for the life of the process: launches on different streams
// may run grids concurrently (with different settings), and a stream's thread may still run one
// while the program's statics are destroyed.
tbb::task_arena& arena_for(unsigned workers) {
  static std::mutex m;
  static auto* arenas = new std::map<unsigned, std::unique_ptr<tbb::task_arena>>;
  std::lock_guard<std::mutex> lock(m);
  auto& arena = (*arenas)[workers];
  if (!arena) arena = std::make_unique<tbb::task_arena>(static_cast<int>(workers));
  return *arena;
}

// A permutation of [0, n): b -> (b * step + offset) mod n with step coprime to n. Cheap and
// bounded in memory for any grid size.
struct BlockOrder {
  std::uint64_t n, step = 1, offset = 0;
  bool reverse = false;
  BlockOrder(const LaunchPlan& plan) : n(plan.blocks) {
    if (plan.schedule == ScheduleKind::reverse) reverse = true;
    if (plan.schedule == ScheduleKind::random && n > 1) {
      std::uint64_t s = plan.seed * 0x9e3779b97f4a7c15ull;
      step = s % n | 1;
      while (std::gcd(step, n) != 1) step += 2;
      offset = (s >> 17) % n;
    }
  }
  std::uint64_t operator()(std::uint64_t i) const {
    if (reverse) return n - 1 - i;
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>(i) * step + offset) % n);
  }
};

// What the launch's observers are told before its first block.
ObservedLaunch observed(const LaunchPlan& plan) {
  ObservedLaunch l;
  l.launch = plan.launch;
  l.grid = plan.grid;
  l.block = plan.block;
  l.threads = plan.threads;
  l.dynamic_shared = plan.dynamic_shared;
  l.shared_capacity = SharedArena::kCapacity;
  l.packet = plan.packet;
  l.packet_bytes = plan.packet_bytes;
  l.stack_bytes = StackPool::page_round(plan.stack_bytes);
  l.workers = plan.workers;
  return l;
}

// Runs every block of the plan (in the schedule's order with one worker, else on the arena).
void run_blocks(const LaunchPlan& plan, GridOutcome& out) {
  std::mutex m;
  std::uint64_t failed_block = ~0ull;
  auto run_one = [&](std::uint64_t b) {
    BlockOutcome& o = this_threads_block_run().run(plan, b);
    if (o.static_shared > out.static_shared || o.failed) {
      std::lock_guard<std::mutex> lock(m);
      out.static_shared = std::max(out.static_shared, o.static_shared);
      if (o.failed && b < failed_block) {
        failed_block = b;
        out.failed = true;
        out.diagnostic = std::move(o.diagnostic);
      }
    }
  };
  if (plan.workers <= 1 || plan.blocks == 1) {
    const BlockOrder order(plan);
    for (std::uint64_t i = 0; i < plan.blocks && !plan.cancelled.load(std::memory_order_relaxed); ++i) run_one(order(i));
    return;
  }
  arena_for(plan.workers).execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, plan.blocks), [&](const tbb::blocked_range<std::uint64_t>& r) {
      for (std::uint64_t b = r.begin(); b != r.end(); ++b) {
        if (plan.cancelled.load(std::memory_order_relaxed)) return;
        run_one(b);
      }
    });
  });
}

}  // namespace

GridOutcome run_grid(const LaunchPlan& plan) {
  ensure_fault_handlers();
  GridOutcome out;
  if (!plan.observers.empty()) {
    const ObservedLaunch launch = observed(plan);
    for (const auto& o : plan.observers) o->begin_launch(launch);
  }
  run_blocks(plan, out);
  for (auto o = plan.observers.rbegin(); o != plan.observers.rend(); ++o) (*o)->end_launch();
  return out;
}

}  // namespace cusim::sim
