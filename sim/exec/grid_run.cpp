#include "sim/exec/grid_run.hpp"

#include "sim/exec/fault_signals.hpp"
#include "sim/exec/grid_residency.hpp"
#include "sim/exec/stack_pool.hpp"
#include "sim/exec/watchdog.hpp"
#include "sim/memory/shared_arena.hpp"
#include "sim/report/wording.hpp"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>

namespace cusim::sim {
namespace {

// A finding that did not end the launch, once per kind and site: the lowest block's, counting
// the others.
void add_note(std::vector<Diagnostic>& notes, Diagnostic d) {
  auto key = [](const Dim& b) { return std::tuple(b.z, b.y, b.x); };
  for (Diagnostic& n : notes)
    if (n.kind == d.kind && n.site.line == d.site.line &&
        (n.site.file == d.site.file || (n.site.file && d.site.file && !std::strcmp(n.site.file, d.site.file)))) {
      const unsigned count = n.count + d.count;
      if (key(d.block) < key(n.block)) n = std::move(d);
      n.count = count;
      return;
    }
  notes.push_back(std::move(d));
}

BlockRun& this_threads_block_run() {
  static thread_local BlockRun run;
  return run;
}

// One arena per worker count and per OS thread that runs grids (each stream has its own): grids
// on different streams run at once, and one whose blocks wait, holding the threads of its arena,
// must not keep another from entering (a thread that enters an arena of its own always runs that
// arena's work). Owned by the thread, so an arena goes with its stream's thread.
tbb::task_arena& arena_for(unsigned workers) {
  static thread_local std::map<unsigned, std::unique_ptr<tbb::task_arena>> arenas;
  auto& arena = arenas[workers];
  if (!arena) arena = std::make_unique<tbb::task_arena>(static_cast<int>(workers));
  return *arena;
}

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

// Runs every block of the plan (in the schedule's order with one worker, else on the arena),
// through the residency's dispenser, which also starts helper OS threads for blocks that wait on
// others (grid_residency.hpp).
void run_blocks(const LaunchPlan& plan, GridOutcome& out) {
  std::mutex m;
  std::uint64_t failed_block = ~0ull;
  std::uint64_t timed_out_blocks = 0;  // blocks the watchdog stopped
  auto run_one = [&](std::uint64_t b) {
    BlockOutcome& o = this_threads_block_run().run(plan, b);
    if (o.static_shared > out.static_shared || o.failed || !o.notes.empty()) {
      std::lock_guard<std::mutex> lock(m);
      out.static_shared = std::max(out.static_shared, o.static_shared);
      if (o.failed && o.diagnostic.kind == DiagnosticKind::launch_timeout) ++timed_out_blocks;
      if (o.failed && b < failed_block) {
        failed_block = b;
        out.failed = true;
        out.diagnostic = std::move(o.diagnostic);
      }
      // A later block's failure ends here too: kept in this thread's BlockRun, its strings would
      // live on in a worker's thread_local until the worker ends (after the leak check, at exit).
      o.diagnostic = Diagnostic{};
      for (Diagnostic& d : o.notes) add_note(out.notes, std::move(d));
      o.notes.clear();
    }
  };
  GridResidency* residency = nullptr;
  // With a time limit, the watchdog knows the launch and each OS thread that runs its blocks.
  std::optional<WatchedLaunch> watched;
  if (plan.timeout_seconds > 0) watched.emplace(plan);
  auto worker = [&] {
    std::optional<WatchedLaunch::Worker> watched_worker;
    if (watched) watched_worker.emplace(*watched);
    for (std::uint64_t b; residency->take(&b);) {
      run_one(b);
      residency->finished(b);
    }
  };
  GridResidency r(plan, worker);
  residency = &r;
  plan.residency = &r;
  if (plan.workers <= 1 || plan.blocks == 1) {
    worker();
  } else {
    arena_for(plan.workers).execute([&] {
      tbb::parallel_for(0u, plan.workers, [&](unsigned) { worker(); });
    });
  }
  r.join_helpers();
  plan.residency = nullptr;
  if (timed_out_blocks > 1 && out.diagnostic.kind == DiagnosticKind::launch_timeout)
    out.diagnostic.message += "; " + std::to_string(timed_out_blocks - 1) + " other block(s) were stopped too";
  if (plan.timed_out.load(std::memory_order_relaxed) && plan.cancelled.load(std::memory_order_relaxed) && !out.failed) {
    // The watchdog gave up on stopping a thread in kernel code and cancelled the launch: the
    // blocks that waited in the engine gave up without a finding of their own.
    out.failed = true;
    out.diagnostic = Diagnostic{};
    out.diagnostic.kind = DiagnosticKind::launch_timeout;
    out.diagnostic.message = time_limit_passed(plan.timeout_seconds) + " while its blocks waited for each other";
  }
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
