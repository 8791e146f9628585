// Runs the program: its path looked up as execvp would, the environment given, standard input,
// output and error passed through, and how it ended.
#pragma once
#include <string>
#include <vector>

namespace cusim::tool {

// The executable `name` names: itself if it contains '/', else the first match on PATH. Throws
// UsageError (options.hpp) if there is none or it cannot be executed.
std::string find_program(const std::string& name);

struct Ended {
  bool signalled = false;
  int status = 0;  // the exit status, or the signal number when signalled
};

// Starts `path` with `argv` and `env` ("NAME=value"), waits for it. Throws UsageError if it
// cannot be started. While it runs, SIGINT and SIGQUIT are ignored here (they reach the program).
Ended run_program(const std::string& path, const std::vector<std::string>& argv, const std::vector<std::string>& env);

// "SIGSEGV (Segmentation fault)".
std::string signal_name(int signo);

}  // namespace cusim::tool
