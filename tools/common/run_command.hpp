// Runs another program and waits for it: how the command-line tools call the compiler, the
// translator and each other.
#pragma once
#include <string>
#include <vector>

namespace cusim::tools {

// Runs argv[0] (looked up on PATH when it has no '/') with `argv`, this process's environment
// and standard streams, and returns its exit status, 128 + the signal's number if a signal ended
// it, or -1 if it could not be started (*error then says why).
int run_command(const std::vector<std::string>& argv, std::string* error);

}  // namespace cusim::tools
