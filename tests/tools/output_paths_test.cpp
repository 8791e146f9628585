// The files cusim writes at paths the user names (sim/io/output_file.hpp): the findings report,
// the trace, the statistics' JSON and the access maps, each aimed at a device node, a FIFO, a
// symbolic link, an existing file, a read-only folder and a missing folder, by a program run
// directly and under `cusim run`. Nothing of the user's may be lost: special files stay special
// files, a link stays a link, an existing file is replaced whole (keeping its permissions), and
// a path that cannot be written is an error naming it and the reason, with a failing status.
// Then `cusim run` stopped by a signal: no temporary folder left, no program left running.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <dirent.h>
#include <string>
#include <thread>
#include <vector>

#include "run_program.hpp"

using cusim_test::ProgramRun;
using cusim_test::read_file;
using cusim_test::TempDir;

namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// One kind of output: the variable that asks for it, and how its file begins.
struct Output {
  const char* name;
  std::string (*setting)(const std::string& path);  // "CUSIM_...=..." writing `path`
  const char* begins;                               // the first bytes of a file written
  bool needs_checked;                               // written by the checked build only
};

const Output kOutputs[] = {
    {"CUSIM_REPORT", [](const std::string& p) { return "CUSIM_REPORT=" + p; }, "{\n  \"findings\"", false},
    {"CUSIM_TRACE", [](const std::string& p) { return "CUSIM_TRACE=" + p; }, "{\"displayTimeUnit\"", false},
    {"CUSIM_STATS", [](const std::string& p) { return "CUSIM_STATS=json:" + p; }, "[\n{", false},
    // The access map's files are <prefix>.csv and .json: the tests aim the .csv.
    {"CUSIM_ACCESS_MAP",
     [](const std::string& p) { return "CUSIM_ACCESS_MAP=1:" + p.substr(0, p.size() - 4); },
     "element,block_x", true},
};

// The program the outputs are asked of: one launch over allocation #1, no findings.
std::string subject(const Output& o) { return o.needs_checked ? TEST_PROGRAM_CHECKED : TEST_PROGRAM; }
bool can_run(const Output& o) { return !o.needs_checked || TEST_PROGRAM_CHECKED_IS_CHECKED; }

ProgramRun run_direct(const Output& o, const std::string& path, std::vector<std::string> prefix = {}) {
  prefix.push_back(subject(o));
  prefix.push_back("clean");
  return cusim_test::run_program(prefix, {o.setting(path), "CUSIM_QUIET=", "CUSIM_WORKERS=1"});
}

// The names in `folder`, "." and ".." left out.
std::vector<std::string> names_in(const std::string& folder) {
  std::vector<std::string> names;
  if (DIR* d = opendir(folder.c_str())) {
    while (const dirent* e = readdir(d))
      if (std::string n = e->d_name; n != "." && n != "..") names.push_back(n);
    closedir(d);
  }
  return names;
}

bool is_kind(const std::string& path, mode_t kind) {
  struct stat st;
  return lstat(path.c_str(), &st) == 0 && (st.st_mode & S_IFMT) == kind;
}

// Reads a FIFO from another thread while the program writes it; what was read, once the writer
// has closed it (or after 60 s: a test never hangs).
class FifoReader {
 public:
  explicit FifoReader(const std::string& path) {
    REQUIRE(mkfifo(path.c_str(), 0644) == 0);
    // Opened before the writer, without waiting for it; EOF counts only after data came.
    fd_ = open(path.c_str(), O_RDONLY | O_NONBLOCK);
    REQUIRE(fd_ >= 0);
    thread_ = std::thread([this] {
      const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
      char buf[4096];
      while (std::chrono::steady_clock::now() < until) {
        pollfd p{fd_, POLLIN, 0};
        poll(&p, 1, 100);
        const ssize_t n = read(fd_, buf, sizeof buf);
        if (n > 0) data_.append(buf, static_cast<std::size_t>(n));
        else if (n == 0 && !data_.empty()) break;
        else if (n == 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
      }
    });
  }
  ~FifoReader() {
    if (thread_.joinable()) thread_.join();
    close(fd_);
  }
  std::string data() {
    thread_.join();
    return data_;
  }

 private:
  int fd_ = -1;
  std::string data_;
  std::thread thread_;
};

// A copy of `program` in `dir` that another user may run (the build tree may be private).
std::string runnable_copy(const std::string& program, const std::string& dir) {
  const std::string copy = dir + "/" + program.substr(program.find_last_of('/') + 1);
  REQUIRE(std::system(("cp '" + program + "' '" + copy + "' && chmod 0755 '" + copy + "'").c_str()) == 0);
  return copy;
}

// The arguments that run a command as an unprivileged user when the test runs as root, for whom
// a folder's permissions do not forbid anything.
std::vector<std::string> unprivileged() {
  if (geteuid() != 0) return {};
  return {"/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"};
}

}  // namespace

TEST_CASE("a device node stays a device node, and the output goes through it") {
  for (const Output& o : kOutputs) {
    CAPTURE(o.name);
    if (!can_run(o)) continue;
    TempDir dir;
    const std::string node = dir.file("null.csv");
    if (mknod(node.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) {
      MESSAGE("cannot make a device node here (mknod needs root): skipped");
      return;
    }
    const ProgramRun run = run_direct(o, node);
    CHECK_MESSAGE(run.status == 0, run.err);
    CHECK_FALSE(has(run.err, "cusim: error"));
    CHECK(is_kind(node, S_IFCHR));
  }
}

TEST_CASE("a FIFO stays a FIFO and receives the whole output") {
  for (const Output& o : kOutputs) {
    CAPTURE(o.name);
    if (!can_run(o)) continue;
    TempDir dir;
    const std::string fifo = dir.file("out.csv");
    FifoReader reader(fifo);
    const ProgramRun run = run_direct(o, fifo);
    CHECK_MESSAGE(run.status == 0, run.err);
    const std::string data = reader.data();
    CHECK(data.rfind(o.begins, 0) == 0);
    CHECK(data.back() == '\n');
    CHECK(is_kind(fifo, S_IFIFO));
  }
}

TEST_CASE("a symbolic link is followed: the file it names is replaced, the link stays") {
  for (const Output& o : kOutputs) {
    CAPTURE(o.name);
    if (!can_run(o)) continue;
    TempDir dir;
    const std::string target = dir.file("target.csv"), link = dir.file("link.csv");
    REQUIRE(std::system(("printf old > '" + target + "'").c_str()) == 0);
    REQUIRE(symlink("target.csv", link.c_str()) == 0);
    const ProgramRun run = run_direct(o, link);
    CHECK_MESSAGE(run.status == 0, run.err);
    CHECK(is_kind(link, S_IFLNK));
    char to[64] = {};
    CHECK(readlink(link.c_str(), to, sizeof to - 1) == 10);
    CHECK(std::string(to) == "target.csv");
    CHECK(read_file(target).rfind(o.begins, 0) == 0);
  }
}

TEST_CASE("an existing file is replaced whole, keeping its permissions, and nothing else is left") {
  for (const Output& o : kOutputs) {
    CAPTURE(o.name);
    if (!can_run(o)) continue;
    TempDir dir;
    const std::string file = dir.file("kept.csv");
    REQUIRE(std::system(("printf 'old contents, longer than nothing' > '" + file + "' && chmod 0640 '" + file + "'").c_str()) == 0);
    const ProgramRun run = run_direct(o, file);
    CHECK_MESSAGE(run.status == 0, run.err);
    const std::string now = read_file(file);
    CHECK(now.rfind(o.begins, 0) == 0);
    CHECK_FALSE(has(now, "old contents"));
    struct stat st;
    REQUIRE(stat(file.c_str(), &st) == 0);
    CHECK((st.st_mode & 07777) == 0640);
    // No temporary file stays beside it (the map adds its .json).
    CHECK(names_in(dir.file("")).size() == (o.needs_checked ? 2u : 1u));
  }
}

TEST_CASE("a read-only folder: an error naming the path and the reason, a failing status, nothing created") {
  for (const Output& o : kOutputs) {
    CAPTURE(o.name);
    if (!can_run(o)) continue;
    TempDir dir;
    REQUIRE(chmod(dir.file("").c_str(), 0755) == 0);
    const std::string program = runnable_copy(subject(o), dir.file(""));
    const std::string folder = dir.file("read-only");
    REQUIRE(mkdir(folder.c_str(), 0555) == 0);
    const std::string path = folder + "/out.csv";
    std::vector<std::string> argv = unprivileged();
    argv.push_back(program);
    argv.push_back("clean");
    const ProgramRun run = cusim_test::run_program(argv, {o.setting(path), "CUSIM_QUIET=", "CUSIM_WORKERS=1"});
    CHECK(run.status == 1);
    CHECK_MESSAGE(has(run.err, "cusim: error: " + std::string(o.name) + "="), run.err);
    CHECK(has(run.err, "out.csv: cannot write there: cannot create files in the folder " + folder + ": Permission denied"));
    CHECK(names_in(folder).empty());
  }
}

TEST_CASE("a missing folder: an error naming the path and the folder, a failing status") {
  for (const Output& o : kOutputs) {
    CAPTURE(o.name);
    if (!can_run(o)) continue;
    TempDir dir;
    const std::string path = dir.file("missing/out.csv");
    const ProgramRun run = run_direct(o, path);
    CHECK(run.status == 1);
    CHECK_MESSAGE(has(run.err, "out.csv: cannot write there: the folder " + dir.file("missing") + " does not exist\n"),
                  run.err);
    CHECK(cusim_test::occurrences(run.err, "cusim: error:") == 1);
  }
}

TEST_CASE("a device that refuses the data (a full device): an error with the reason, a failing status") {
  TempDir dir;
  const std::string full = dir.file("full");
  if (mknod(full.c_str(), S_IFCHR | 0666, makedev(1, 7)) != 0) {
    MESSAGE("cannot make a device node here (mknod needs root): skipped");
    return;
  }
  const ProgramRun run = run_direct(kOutputs[0], full);
  CHECK(run.status == 1);
  CHECK_MESSAGE(has(run.err, "cusim: error: CUSIM_REPORT=" + full + ": cannot write the report: No space left on device"),
                run.err);
  CHECK(is_kind(full, S_IFCHR));
}

// ---- cusim run ------------------------------------------------------------------------------

namespace {

ProgramRun run_cusim(std::vector<std::string> args) {
  args.insert(args.begin(), CUSIM_TOOL);
  return cusim_test::run_program(args, {"CUSIM_QUIET=", "CUSIM_REPORT="});
}

}  // namespace

TEST_CASE("cusim run --report: special files stay special, links stay links, files are replaced whole") {
  TempDir dir;
  if (mknod(dir.file("null").c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0) {
    const ProgramRun run = run_cusim({"run", "--report", dir.file("null"), TEST_PROGRAM, "leave"});
    CHECK(run.status == 1);  // the finding counts; the report went to the device
    CHECK(is_kind(dir.file("null"), S_IFCHR));
  } else {
    MESSAGE("cannot make a device node here (mknod needs root): that part skipped");
  }
  if (mknod(dir.file("full").c_str(), S_IFCHR | 0666, makedev(1, 7)) == 0) {
    const ProgramRun run = run_cusim({"run", "--report", dir.file("full"), TEST_PROGRAM, "clean"});
    CHECK(run.status == 6);
    CHECK(has(run.err, "cusim: error: cannot write the report " + dir.file("full") + ": No space left on device"));
    CHECK(is_kind(dir.file("full"), S_IFCHR));
  }
  {
    FifoReader reader(dir.file("fifo"));
    const ProgramRun run = run_cusim({"run", "--report", "json:" + dir.file("fifo"), TEST_PROGRAM, "leave"});
    CHECK(run.status == 1);
    const std::string data = reader.data();
    CHECK(has(data, "\"kind\": \"invalid-free\""));
    CHECK(is_kind(dir.file("fifo"), S_IFIFO));
  }
  {
    REQUIRE(std::system(("printf old > '" + dir.file("target") + "'").c_str()) == 0);
    REQUIRE(symlink("target", dir.file("link").c_str()) == 0);
    const ProgramRun run = run_cusim({"run", "--report", dir.file("link"), TEST_PROGRAM, "leave"});
    CHECK(run.status == 1);
    CHECK(is_kind(dir.file("link"), S_IFLNK));
    CHECK(has(read_file(dir.file("target")), "\"kind\": \"invalid-free\""));
  }
}

TEST_CASE("cusim run leaves the user's report file alone until it has a report to put there") {
  TempDir dir;
  const std::string kept = dir.file("keep.txt");
  REQUIRE(std::system(("printf 'my notes' > '" + kept + "'").c_str()) == 0);
  // A program that cannot start, one killed by a signal, and CUSIM_REPORT naming the file.
  CHECK(run_cusim({"run", "--report", kept, dir.file("no-such-program")}).status == 2);
  CHECK(read_file(kept) == "my notes");
  const ProgramRun killed = run_cusim({"run", "--report", kept, TEST_PROGRAM, "abort"});
  CHECK(killed.status == 4);
  CHECK(read_file(kept) == "my notes");
  const ProgramRun by_env =
      cusim_test::run_program({CUSIM_TOOL, "run", TEST_PROGRAM, "abort"}, {"CUSIM_QUIET=", "CUSIM_REPORT=" + kept});
  CHECK(by_env.status == 4);
  CHECK(read_file(kept) == "my notes");
  // A run that ends with a report replaces it.
  CHECK(run_cusim({"run", "--report", kept, TEST_PROGRAM, "clean"}).status == 0);
  CHECK(has(read_file(kept), "\"findings\": ["));
}

TEST_CASE("cusim run: an output that cannot be written is a usage error before the program runs") {
  TempDir dir;
  const std::string missing = dir.file("missing/x.json");
  struct Case {
    std::vector<std::string> options;
    std::string message;
  };
  const Case cases[] = {
      {{"--report", missing}, "cusim: error: the report " + missing + ": cannot write there: the folder " + dir.file("missing") + " does not exist\n"},
      {{"--trace", missing}, "cusim: error: the trace " + missing + ": cannot write there: the folder "},
      {{"--stats=json:" + missing}, "cusim: error: the statistics " + missing + ": cannot write there: the folder "},
      {{"--access-map", "1:" + dir.file("missing/map")}, "cusim: error: the access map " + dir.file("missing/map.csv") + ": cannot write there"},
      {{"--report", dir.file("")}, "cusim: error: the report " + dir.file("") + ": cannot write there: it is a folder\n"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args{"run"};
    args.insert(args.end(), c.options.begin(), c.options.end());
    args.push_back(TEST_PROGRAM);
    args.push_back("clean");
    const ProgramRun run = run_cusim(args);
    CAPTURE(run.err);
    CHECK(run.status == 2);
    CHECK(has(run.err, c.message));
    CHECK_FALSE(has(run.out, "clean"));  // the program did not run
  }
}

// ---- cusim run stopped by a signal ------------------------------------------------------------

namespace {

// Whether process `pid` is gone (or a zombie nobody has reaped yet: it runs no more).
bool gone(pid_t pid) {
  if (kill(pid, 0) != 0) return errno == ESRCH;
  const std::string stat = read_file("/proc/" + std::to_string(pid) + "/stat");
  const std::size_t paren = stat.rfind(')');
  return paren != std::string::npos && paren + 2 < stat.size() && stat[paren + 2] == 'Z';
}

// Starts `cusim run` on a program that waits, with TMPDIR=`tmp`; sends `signo` to cusim once the
// program runs; returns how cusim ended, and the program's pid.
std::pair<int, pid_t> stop_cusim(const TempDir& tmp, int signo) {
  const std::string pid_file = tmp.file("program.pid");
  const pid_t cusim = fork();
  REQUIRE(cusim >= 0);
  if (cusim == 0) {
    setenv("TMPDIR", tmp.file("").c_str(), 1);
    unsetenv("CUSIM_REPORT");
    const int devnull = open("/dev/null", O_WRONLY);
    dup2(devnull, 1);
    dup2(devnull, 2);
    execl(CUSIM_TOOL, CUSIM_TOOL, "run", TEST_PROGRAM, "wait", pid_file.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  pid_t program = 0;
  for (int i = 0; i < 3000 && program == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    program = static_cast<pid_t>(std::atoi(read_file(pid_file).c_str()));
  }
  REQUIRE(program > 0);
  kill(cusim, signo);
  int status = 0;
  while (waitpid(cusim, &status, 0) < 0) {
  }
  return {status, program};
}

}  // namespace

TEST_CASE("cusim run stopped by SIGTERM or SIGINT stops its program, removes its folder and ends by the signal") {
  for (int signo : {SIGTERM, SIGINT, SIGHUP}) {
    CAPTURE(signo);
    TempDir tmp;
    const auto [status, program] = stop_cusim(tmp, signo);
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == signo);
    CHECK(gone(program));
    for (const std::string& name : names_in(tmp.file(""))) CHECK_MESSAGE(name.rfind("cusim-run-", 0) != 0, name);
  }
}

TEST_CASE("cusim run killed outright (SIGKILL) leaves no program running") {
  TempDir tmp;
  const auto [status, program] = stop_cusim(tmp, SIGKILL);
  CHECK(WIFSIGNALED(status));
  bool ended = false;
  for (int i = 0; i < 500 && !ended; ++i) {
    ended = gone(program);
    if (!ended) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  CHECK(ended);
}
