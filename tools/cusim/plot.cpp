#include "tools/cusim/plot.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "tools/common/install_layout.hpp"
#include "tools/cusim/exit_codes.hpp"
#include "tools/cusim/options.hpp"
#include "tools/cusim/spawn.hpp"

namespace cusim::tool {

int plot(const std::vector<std::string>& args) {
  // Debian's Python first: matplotlib comes from Debian's python3-matplotlib, which another
  // python3 earlier on PATH (a virtual environment, pyenv) would not see.
  std::string python = "/usr/bin/python3";
  try {
    if (access(python.c_str(), X_OK) != 0) python = find_program("python3");
  } catch (const UsageError& e) {
    std::fprintf(stderr, "cusim: error: plot needs python3 with matplotlib: %s\n", e.message.c_str());
    return kUsage;
  }
  std::vector<std::string> words{python, tools::part_path(tools::Part::plot_script)};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  std::fflush(stdout);
  execv(python.c_str(), argv.data());
  std::fprintf(stderr, "cusim: error: cannot run %s: %s\n", python.c_str(), std::strerror(errno));
  return kUsage;
}

}  // namespace cusim::tool
