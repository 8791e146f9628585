// An access map as files (docs/STATS.md, "Access maps"):
//
//   <prefix>.csv  one row per element: element, block_x, block_y, block_z, thread_x, thread_y,
//                 thread_z, global_thread, launch, accesses (the coordinates empty for an element
//                 nothing accessed)
//   <prefix>.svg  the picture: one cell per element in rows of `width` cells, coloured by block
//                 (or by global thread id), with a legend; each cell's tooltip names its thread
//   <prefix>.png  the same picture as pixels (8-bit RGB, stored uncompressed: no zlib needed)
//
// Pictures stay bounded: past kMaxCells elements, each cell stands for several consecutive
// elements (coloured as the first of them); rows are made wide enough that there are at most
// kMaxRows of them, and cells shrink (16 pixels down to 1) to keep the grid within about
// 1024 x 2048 pixels.
#pragma once
#include <string>

#include "sim/access_map/access_map.hpp"

namespace cusim::sim {

inline constexpr std::size_t kMaxCells = 65536;
inline constexpr unsigned kMaxRows = 1024;

// Writes the three files; false, with the reason in *error, when one cannot be written.
bool write_access_map(const AccessMap& map, std::string* error);

}  // namespace cusim::sim
