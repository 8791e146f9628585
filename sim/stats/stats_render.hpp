// A launch's statistics as text: the table CUSIM_STATS prints on stderr, and one JSON object of
// the array CUSIM_STATS=json:<file> writes (docs/STATS.md describes both).
#pragma once
#include <string>

#include "cusim/detail/launch_stats.hpp"

namespace cusim::sim::stats {

// The table, lines ending in '\n', each starting with "cusim: " or two spaces.
std::string render_table(const cusim::LaunchStats& s);
// One JSON object on one line, no trailing newline.
std::string render_json(const cusim::LaunchStats& s);

// What a fast build says instead of memory statistics it cannot measure.
inline constexpr const char* kNotMeasured =
    "not measured: the kernels are not instrumented; memory statistics need the checked build (CMake option CUSIM_CHECKED=ON)";

}  // namespace cusim::sim::stats
