// `cusim --help` and `cusim --version`.
#pragma once
#include <string>

namespace cusim::tool {

// The whole help: usage, the options of `cusim run`, the exit status, and every CUSIM_*
// environment variable of sim/config/flags.def with its default and meaning.
std::string help_text();
std::string version_text();

}  // namespace cusim::tool
