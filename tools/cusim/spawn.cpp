#include "tools/cusim/spawn.hpp"

#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "tools/cusim/options.hpp"

namespace cusim::tool {
namespace {

// Why `path` cannot be run, or "" if it can.
std::string not_runnable(const std::string& path) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0) return std::strerror(errno);
  if (S_ISDIR(st.st_mode)) return "is a directory";
  if (access(path.c_str(), X_OK) != 0) return "is not executable";
  return "";
}

}  // namespace

std::string find_program(const std::string& name) {
  if (name.empty()) throw UsageError{"no program to run"};
  if (name.find('/') != std::string::npos) {
    const std::string why = not_runnable(name);
    if (!why.empty()) throw UsageError{"program '" + name + "': " + why};
    return name;
  }
  const char* path = std::getenv("PATH");
  const std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  for (std::size_t from = 0; from <= dirs.size();) {
    std::size_t colon = dirs.find(':', from);
    if (colon == std::string::npos) colon = dirs.size();
    const std::string dir = colon > from ? dirs.substr(from, colon - from) : ".";
    const std::string candidate = dir + "/" + name;
    if (not_runnable(candidate).empty()) return candidate;
    from = colon + 1;
  }
  throw UsageError{"program '" + name + "' not found (not on PATH; give a path such as ./" + name + ")"};
}

Ended run_program(const std::string& path, const std::vector<std::string>& argv, const std::vector<std::string>& env) {
  std::vector<char*> args, envp;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  for (const std::string& e : env) envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);

  // The program gets the default dispositions of the signals ignored here meanwhile.
  struct sigaction ignore {}, old_int {}, old_quit {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGINT, &ignore, &old_int);
  sigaction(SIGQUIT, &ignore, &old_quit);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGQUIT);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF);

  pid_t pid = 0;
  const int err = posix_spawn(&pid, path.c_str(), nullptr, &attr, args.data(), envp.data());
  posix_spawnattr_destroy(&attr);
  Ended ended;
  if (err == 0) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    ended.signalled = WIFSIGNALED(status);
    ended.status = ended.signalled ? WTERMSIG(status) : WEXITSTATUS(status);
  }
  sigaction(SIGINT, &old_int, nullptr);
  sigaction(SIGQUIT, &old_quit, nullptr);
  if (err != 0) throw UsageError{"cannot run '" + path + "': " + std::strerror(err)};
  return ended;
}

std::string signal_name(int signo) {
  const char* abbrev = sigabbrev_np(signo);
  const char* text = strsignal(signo);
  std::string s = abbrev ? std::string("SIG") + abbrev : "signal " + std::to_string(signo);
  if (text) s += std::string(" (") + text + ")";
  return s;
}

}  // namespace cusim::tool
