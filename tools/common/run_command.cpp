#include "tools/common/run_command.hpp"

#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstring>

extern char** environ;

namespace cusim::tools {

int run_command(const std::vector<std::string>& argv, std::string* error) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  if (const int err = posix_spawnp(&pid, args[0], nullptr, nullptr, args.data(), environ); err != 0) {
    *error = "cannot run " + argv[0] + ": " + std::strerror(err);
    return -1;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}

}  // namespace cusim::tools
