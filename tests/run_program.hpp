// Runs another program from a test: its arguments, changes to the environment, and what it wrote
// to stdout and stderr, with how it ended. For the suites that test programs and tools as users
// run them (tests/trace, tests/tools).
#pragma once
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

extern char** environ;

namespace cusim_test {

struct ProgramRun {
  bool started = false;
  bool signalled = false;
  int status = -1;  // exit status, or the signal number when signalled
  std::string out, err;
};

inline std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A fresh temporary directory, removed (with the files the test put in it) at the end.
class TempDir {
 public:
  TempDir() {
    const char* tmp = std::getenv("TMPDIR");
    path_ = std::string(tmp && *tmp ? tmp : "/tmp") + "/cusim-test-XXXXXX";
    if (!mkdtemp(path_.data())) path_.clear();
  }
  ~TempDir() {
    if (!path_.empty()) std::system(("rm -rf '" + path_ + "'").c_str());
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

// Runs argv[0] (a path) with argv; `env` entries "NAME=value" replace or add variables, "NAME="
// with nothing after '=' removes NAME.
inline ProgramRun run_program(const std::vector<std::string>& argv, const std::vector<std::string>& env = {}) {
  ProgramRun r;
  TempDir dir;
  const std::string out = dir.file("stdout"), err = dir.file("stderr");
  std::vector<std::string> environment;
  for (char** e = environ; *e; ++e) {
    bool replaced = false;
    for (const std::string& set : env)
      if (std::strncmp(*e, set.c_str(), set.find('=') + 1) == 0) replaced = true;
    if (!replaced) environment.emplace_back(*e);
  }
  for (const std::string& set : env)
    if (set.back() != '=') environment.push_back(set);
  std::vector<char*> args, envp;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  for (const std::string& e : environment) envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&files, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&files, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = 0;
  if (posix_spawn(&pid, argv[0].c_str(), &files, nullptr, args.data(), envp.data()) == 0) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
    }
    r.started = true;
    r.signalled = WIFSIGNALED(status);
    r.status = r.signalled ? WTERMSIG(status) : WEXITSTATUS(status);
  }
  posix_spawn_file_actions_destroy(&files);
  r.out = read_file(out);
  r.err = read_file(err);
  return r;
}

// How many times `needle` occurs in `text`.
inline int occurrences(const std::string& text, const std::string& needle) {
  int n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

}  // namespace cusim_test
