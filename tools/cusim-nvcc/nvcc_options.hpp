// nvcc's command line, as cusim-nvcc reads it (docs/FRONTEND.md has the table): what to build
// from which inputs, with which of the host compiler's options. nvcc's spellings are accepted:
// -opt value, -opt=value, --long-opt value, --long-opt=value, and joined -I/-D/-U/-L/-l/-O.
#pragma once
#include <string>
#include <vector>

namespace cusim::nvcc {

// An input file and how it is compiled: by extension, or as the last -x said.
struct Input {
  enum class Kind { cuda, cxx, c, object } kind;
  std::string path;
};

struct Options {
  enum class Phase { link, compile, preprocess, device_link };
  Phase phase = Phase::link;
  std::vector<Input> inputs;
  std::string output;                  // -o, or "" (nvcc's default)
  std::vector<std::string> preprocessor;  // -I -isystem -D -U -include, for every compile
  std::vector<std::string> compiler;      // -O -g -w, -Xcompiler's options
  std::vector<std::string> linker;        // -L -l (CUDA's own libraries left out), -Xlinker's
  std::vector<std::string> dependencies;  // -M -MD -MMD -MF -MT -MP
  std::string host_compiler = "g++";      // -ccbin
  bool fast = false;                      // --fast: no checkers' instrumentation
  bool shared = false;                    // -shared
  bool verbose = false;                   // -v, --dryrun: print the commands
  bool dry_run = false;
  bool run = false;                       // --run: run the program once it is built
  std::vector<std::string> run_args;      // --run-args
  bool help = false, version = false;
  std::vector<std::string> notes;         // options that mean something else on the simulator
};

struct UsageError {
  std::string message;
};

// Parses nvcc's arguments; throws UsageError naming the option that is wrong.
Options parse(const std::vector<std::string>& args);

}  // namespace cusim::nvcc
