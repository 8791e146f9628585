// CUSIM_ACCESS_MAP (docs/STATS.md, "Access maps"): finds the allocation the setting selects,
// records the launches that run while it lives, and writes its map when it is freed, when the
// device is reset, when the setting changes, or when the program exits.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "sim/exec/launch_plan.hpp"

namespace cusim::backend {

// The observer that records a launch about to be queued into the selected allocation's map;
// nullptr when no map is asked for, the allocation does not exist (yet), or its map was written.
std::shared_ptr<sim::LaunchObserver> access_map_observer(const std::string& setting, const sim::LaunchPlan& plan);

// The allocation starting at `begin` was freed (the device is idle: freeing synchronises).
void access_map_allocation_freed(std::uintptr_t begin);
// Every allocation is gone (cudaDeviceReset).
void access_map_device_reset();

}  // namespace cusim::backend
