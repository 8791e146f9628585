// The command line of `cusim run`: options become CUSIM_* environment variables for the program.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cusim::tool {

struct RunOptions {
  std::vector<std::pair<std::string, std::string>> env;  // variables to set, in option order
  std::string report;           // --report (sim::report_setting), or empty (a temporary file)
  std::vector<std::string> program;  // the program and its arguments
  bool help = false;
  bool fast = false;            // --fast: a .cu program is built without the checkers' instrumentation
};

// Parses the arguments after "run" (with CLI11); throws UsageError with a message for the user.
RunOptions parse_run(const std::vector<std::string>& args);

// The options of `cusim run` as `cusim --help` lists them: spelling (with its value) and text.
struct OptionHelp {
  std::string spelling;
  std::string text;
};
std::vector<OptionHelp> run_options_help();

struct UsageError {
  std::string message;
};

}  // namespace cusim::tool
