#include "sim/exec/launch_plan.hpp"

namespace cusim::sim {

void LaunchPlan::prepare() {
  blocks = std::uint64_t(grid.x) * grid.y * grid.z;
  threads = block.x * block.y * block.z;
  thread_index.resize(threads);
  for (unsigned z = 0, id = 0; z < block.z; ++z)
    for (unsigned y = 0; y < block.y; ++y)
      for (unsigned x = 0; x < block.x; ++x) thread_index[id++] = uint3{x, y, z};
  start_order.resize(threads);
  for (unsigned i = 0; i < threads; ++i)
    start_order[i] = schedule == ScheduleKind::reverse ? threads - 1 - i : i;
}

}  // namespace cusim::sim
