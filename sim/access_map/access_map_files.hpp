// An access map as files (docs/STATS.md, "Access maps"): data only; `cusim plot access-map`
// (tools/cusim-plot) draws them.
//
//   <prefix>.csv   one row per element: element, block_x, block_y, block_z, thread_x, thread_y,
//                  thread_z, global_thread, launch, accesses (the coordinates empty for an element
//                  nothing accessed)
//   <prefix>.json  what the rows are of: the allocation's description and size, the element size,
//                  the map's mode, colour, row width and launch, as CUSIM_ACCESS_MAP asked for them
#pragma once
#include <string>

#include "sim/access_map/access_map.hpp"

namespace cusim::sim {

// Writes both files; false, with the reason in *error, when one cannot be written.
bool write_access_map(const AccessMap& map, std::string* error);

}  // namespace cusim::sim
