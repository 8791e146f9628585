// cusim: the command-line tool (docs/TOOLS.md). `cusim run [options] -- program args...` runs a
// program built with cusim under the given settings and reports its findings.
#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "tools/cusim/exit_codes.hpp"
#include "tools/cusim/help.hpp"
#include "tools/cusim/options.hpp"
#include "tools/cusim/report.hpp"
#include "tools/cusim/spawn.hpp"

extern char** environ;

namespace cusim::tool {
namespace {

int usage(const std::string& message) {
  std::fprintf(stderr, "cusim: error: %s\n(cusim --help lists the options)\n", message.c_str());
  return kUsage;
}

// The environment of the program: ours, with the options' variables replaced or added.
std::vector<std::string> program_environment(const std::vector<std::pair<std::string, std::string>>& set) {
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) {
    bool replaced = false;
    for (const auto& [name, value] : set)
      if (std::strncmp(*e, name.c_str(), name.size()) == 0 && (*e)[name.size()] == '=') replaced = true;
    if (!replaced) env.emplace_back(*e);
  }
  for (const auto& [name, value] : set) env.push_back(name + "=" + value);
  return env;
}

// The value `name` will have in the program's environment, or "".
std::string value_in(const std::vector<std::string>& env, const std::string& name) {
  std::string found;
  for (const std::string& e : env)
    if (e.compare(0, name.size() + 1, name + "=") == 0) found = e.substr(name.size() + 1);
  return found;
}

// A temporary directory for the report, removed with it at the end.
class TemporaryReport {
 public:
  TemporaryReport() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/cusim-run-XXXXXX";
    if (mkdtemp(pattern.data())) dir_ = pattern;
  }
  ~TemporaryReport() {
    if (dir_.empty()) return;
    unlink(path().c_str());
    rmdir(dir_.c_str());
  }
  bool ok() const { return !dir_.empty(); }
  std::string path() const { return dir_ + "/report.json"; }

 private:
  std::string dir_;
};

int run(const std::vector<std::string>& args) {
  RunOptions o;
  std::string program;
  try {
    o = parse_run(args);
    if (o.help) {
      std::fputs(help_text().c_str(), stdout);
      return kClean;
    }
    program = find_program(o.program[0]);
  } catch (const UsageError& e) {
    return usage(e.message);
  }

  // The report: --report's file, else CUSIM_REPORT from the environment, else a temporary file.
  TemporaryReport temporary;
  std::string report = o.report;
  if (report.empty()) {
    if (const char* r = std::getenv("CUSIM_REPORT"); r && *r) report = std::strncmp(r, "json:", 5) == 0 ? r + 5 : r;
  }
  if (report.empty()) {
    if (!temporary.ok()) {
      std::fprintf(stderr, "cusim: error: cannot make a temporary directory for the report: %s\n", std::strerror(errno));
      return kUsage;
    }
    report = temporary.path();
  }
  unlink(report.c_str());  // a report left by an earlier run must not be read as this one's
  o.env.emplace_back("CUSIM_REPORT", "json:" + report);
  // cusim decides the exit status from the report; the program's own status stays its own.
  o.env.emplace_back("CUSIM_ERROR_EXITCODE", "0");
  const std::vector<std::string> env = program_environment(o.env);
  const std::string quiet = value_in(env, "CUSIM_QUIET");
  const bool program_quiet = !quiet.empty() && quiet != "0";

  Ended ended;
  try {
    ended = run_program(program, o.program, env);
  } catch (const UsageError& e) {
    return usage(e.message);
  }
  std::fflush(stdout);
  const std::string& name = o.program[0];
  if (ended.signalled) {
    std::fprintf(stderr, "cusim: error: %s was killed by signal %s\n", name.c_str(), signal_name(ended.status).c_str());
    return kKilled;
  }
  std::string error;
  const auto findings = read_report(report, error);
  if (!findings) {
    std::fprintf(stderr, "cusim: error: %s exited with status %d and wrote no findings report (%s); is it built with cusim?\n",
                 name.c_str(), ended.status, error.c_str());
    return ended.status != 0 ? kProgramFailed : kNoReport;
  }
  if (program_quiet)
    for (const ReportedFinding& f : *findings)
      if (!f.taken) std::fputs(("cusim: " + f.text).c_str(), stderr);
  std::fputs(summary(name, *findings).c_str(), stderr);
  if (counted(*findings) > 0) return kFindings;
  if (ended.status != 0) {
    std::fprintf(stderr, "cusim: error: %s exited with status %d\n", name.c_str(), ended.status);
    return kProgramFailed;
  }
  return kClean;
}

}  // namespace
}  // namespace cusim::tool

int main(int argc, char** argv) {
  using namespace cusim::tool;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) return usage("no command (cusim run [options] -- program [args...])");
  const std::string& command = args[0];
  if (command == "--help" || command == "-h" || command == "help") {
    std::fputs(help_text().c_str(), stdout);
    return kClean;
  }
  if (command == "--version") {
    std::fputs(version_text().c_str(), stdout);
    return kClean;
  }
  if (command == "run") return run(std::vector<std::string>(args.begin() + 1, args.end()));
  return usage(command[0] == '-' ? "unknown option '" + command + "'" : "unknown command '" + command + "' (the command is run)");
}
