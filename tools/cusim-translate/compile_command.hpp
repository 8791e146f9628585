// The translator as a compiler launcher: given a GCC-style command that compiles one CUDA source
// (`g++ ... -o x.o -c x.cu`), it translates the source and the user's headers into a mirror tree
// beside the object (<object>.cusim/<absolute path>), runs the same command on the mirrored
// source, with the mirror searched before each include folder of the user's, and writes the
// dependency file (-MF) with the user's own paths, so that a build system tracks the originals.
// CMake uses it as CXX_COMPILER_LAUNCHER (cmake/CusimHelpers.cmake), cusim-nvcc for each .cu.
#pragma once
#include <string>
#include <vector>

#include "tools/cusim-translate/translate.hpp"

namespace cusim::translate {

struct LaunchSettings {
  Settings translation;  // source and parse_args are filled from the command
  std::vector<std::string> include_first;  // -I folders put before the user's (cusim's headers)
  bool as_cuda = false;  // translate the source whatever its extension (nvcc's -x cu)
};

// Runs `command` (compiler first) as described above; returns the exit status to end with.
int compile(const std::vector<std::string>& command, LaunchSettings settings);

}  // namespace cusim::translate
