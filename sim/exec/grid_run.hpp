// Runs every block of a launch: blocks are independent tasks on a oneTBB arena of
// plan.workers threads; with one worker they run on the calling thread in schedule order.
#pragma once
#include <vector>

#include "sim/exec/block_run.hpp"
#include "sim/exec/launch_plan.hpp"

namespace cusim::sim {

struct GridOutcome {
  bool failed = false;
  Diagnostic diagnostic;      // of the failed block with the lowest linear id
  std::vector<Diagnostic> notes;  // the engine's findings that did not end the launch (one per site)
  std::size_t static_shared = 0;
};

GridOutcome run_grid(const LaunchPlan& plan);

}  // namespace cusim::sim
