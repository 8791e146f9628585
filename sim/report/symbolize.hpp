// Names of code addresses, resolved lazily (only when a finding is reported).
#pragma once
#include <string>

namespace cusim::sim {

// The demangled name of the function containing `address` ("square(int*, int)"), or its address in hex
// when the executable does not export it (link with -rdynamic, as cusim's CMake targets do).
std::string function_name(const void* address);

}  // namespace cusim::sim
