#include "tools/cusim/spawn.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iterator>

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

namespace {

// The signals that ask cusim to stop. Each is passed on to the program, which ends as it would
// have ended without cusim; a second one kills it (SIGKILL). cusim then ends by the same signal.
constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
volatile sig_atomic_t child_pid = 0;
volatile sig_atomic_t stop_signal = 0;

void pass_on(int signo) {
  const pid_t child = child_pid;
  if (stop_signal == 0) {
    stop_signal = signo;
    if (child > 0) kill(child, signo);
  } else if (child > 0) {
    kill(child, SIGKILL);
  }
}

}  // namespace

Ended run_program(const std::string& path, const std::vector<std::string>& argv, const std::vector<std::string>& env) {
  std::vector<char*> args, envp;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  for (const std::string& e : env) envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);

  // The stop signals wait until the child's pid is known, then are passed on to it.
  sigset_t stops, old_mask;
  sigemptyset(&stops);
  for (int s : kStopSignals) sigaddset(&stops, s);
  sigprocmask(SIG_BLOCK, &stops, &old_mask);
  struct sigaction handler {}, old[std::size(kStopSignals)];
  handler.sa_handler = pass_on;
  sigemptyset(&handler.sa_mask);
  for (std::size_t i = 0; i < std::size(kStopSignals); ++i) sigaction(kStopSignals[i], &handler, &old[i]);
  stop_signal = 0;

  // A pipe that the child closes by exec, or writes exec's errno to.
  int report[2];
  if (pipe2(report, O_CLOEXEC) != 0) throw UsageError{std::string("cannot run '") + path + "': " + std::strerror(errno)};
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid == 0) {
    // The child: default dispositions, no signal blocked, and it ends if cusim is killed outright.
    for (int s : kStopSignals) signal(s, SIG_DFL);
    sigprocmask(SIG_SETMASK, &old_mask, nullptr);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(127);
    execve(path.c_str(), args.data(), envp.data());
    const int err = errno;
    (void)!write(report[1], &err, sizeof err);
    _exit(127);
  }
  const int fork_error = pid < 0 ? errno : 0;
  child_pid = pid > 0 ? pid : 0;
  close(report[1]);
  sigprocmask(SIG_SETMASK, &old_mask, nullptr);

  int exec_error = fork_error;
  Ended ended;
  if (pid > 0) {
    int err = 0;
    ssize_t n;
    while ((n = read(report[0], &err, sizeof err)) < 0 && errno == EINTR) {
    }
    if (n == static_cast<ssize_t>(sizeof err)) exec_error = err;
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    ended.signalled = WIFSIGNALED(status);
    ended.status = ended.signalled ? WTERMSIG(status) : WEXITSTATUS(status);
  }
  close(report[0]);
  sigprocmask(SIG_BLOCK, &stops, nullptr);
  child_pid = 0;
  ended.interrupted = stop_signal;
  for (std::size_t i = 0; i < std::size(kStopSignals); ++i) sigaction(kStopSignals[i], &old[i], nullptr);
  sigprocmask(SIG_SETMASK, &old_mask, nullptr);
  if (exec_error != 0) throw UsageError{"cannot run '" + path + "': " + std::strerror(exec_error)};
  return ended;
}

void die_of(int signo) {
  std::fflush(nullptr);
  signal(signo, SIG_DFL);
  sigset_t only;
  sigemptyset(&only);
  sigaddset(&only, signo);
  sigprocmask(SIG_UNBLOCK, &only, nullptr);
  raise(signo);
  _exit(128 + signo);
}

std::string signal_name(int signo) {
  const char* abbrev = sigabbrev_np(signo);
  const char* text = strsignal(signo);
  std::string s = abbrev ? std::string("SIG") + abbrev : "signal " + std::to_string(signo);
  if (text) s += std::string(" (") + text + ")";
  return s;
}

}  // namespace cusim::tool
