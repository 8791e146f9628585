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
  int status = 0;       // the exit status, or the signal number when signalled
  int interrupted = 0;  // a signal that asked cusim itself to stop while the program ran, or 0
};

// Starts `path` with `argv` and `env` ("NAME=value"), waits for it. Throws UsageError if it
// cannot be started. While it runs, SIGINT, SIGTERM, SIGHUP and SIGQUIT sent to cusim are passed
// on to the program (a second one kills it), and the program is killed if cusim is; the caller
// cleans up and ends by Ended::interrupted (die_of).
Ended run_program(const std::string& path, const std::vector<std::string>& argv, const std::vector<std::string>& env);

// Ends this process by `signo`, as if it had not been caught.
[[noreturn]] void die_of(int signo);

// "SIGSEGV (Segmentation fault)".
std::string signal_name(int signo);

}  // namespace cusim::tool
