// `cusim plot`: the pictures of what the simulator writes as data (access maps, traces,
// statistics), drawn by tools/cusim-plot/cusim_plot.py with matplotlib (docs/TOOLS.md).
#pragma once
#include <string>
#include <vector>

namespace cusim::tool {

// Runs the script with `args` (the arguments after "plot", unchanged) in place of this process:
// its output and exit status are the command's. Returns only if it cannot be started.
int plot(const std::vector<std::string>& args);

}  // namespace cusim::tool
