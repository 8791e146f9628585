// Where cusim's tools find the translator, the library and the headers: where the build put them
// when a tool runs from the build tree, else under the install prefix that holds the running tool
// (cmake --install, the Debian package), found from the tool's own path, so that a prefix works
// wherever it was installed or moved to (docs/INSTALL.md).
#pragma once
#include <string>

namespace cusim::tools {

enum class Part {
  runtime_headers,  // cusim's headers (<cusim/cusim.hpp>): runtime/ in the source tree
  toolkit_headers,  // cusim's versions of the CUDA toolkit's headers: runtime/toolkit/
  parse_prelude,    // the translator's parse prelude (tools/cusim-translate/parse_prelude.hpp)
  library,          // the simulator's static library
  translator,       // cusim-translate
  nvcc,             // cusim-nvcc
  plot_script,      // what `cusim plot` runs (tools/cusim-plot/cusim_plot.py)
};

// The path of `part` for the running program.
std::string part_path(Part part);

// True when the running program is the one the build tree holds, false when it runs from an
// install prefix.
bool running_from_build_tree();

}  // namespace cusim::tools
