// cusim: the command-line tool (docs/TOOLS.md). `cusim run [options] -- program args...` runs a
// program built with cusim under the given settings and reports its findings.
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "tools/cusim/build_cache.hpp"
#include "tools/cusim/exit_codes.hpp"
#include "tools/cusim/help.hpp"
#include "tools/cusim/options.hpp"
#include "tools/cusim/plot.hpp"
#include "tools/cusim/report.hpp"
#include "tools/cusim/spawn.hpp"
#include "tools/cusim/temporary_folder.hpp"
#include "sim/access_map/access_map_spec.hpp"
#include "sim/config/config.hpp"
#include "sim/io/output_file.hpp"
#include "sim/report/sarif.hpp"

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

bool is_cuda_source(const std::string& path) {
  return path.size() > 3 && path.compare(path.size() - 3, 3, ".cu") == 0;
}

// The setting `name` will have for the program: the options' value, else the environment's, or "".
std::string setting(const RunOptions& o, const std::string& name) {
  std::string found;
  for (const auto& [n, v] : o.env)
    if (n == name) found = v;
  if (!found.empty()) return found;
  const char* e = std::getenv(name.c_str());
  return e ? e : "";
}

// Why an output file the run asks for cannot be written, or "" if every one can: checked before
// the program starts, so that an hour's run does not end without its report (sim/io/output_file.hpp).
std::string unwritable_output(const RunOptions& o, const std::string& report) {
  auto check = [](const std::string& what, const std::string& path) -> std::string {
    const std::string why = sim::io::unwritable_reason(path);
    return why.empty() ? "" : what + " " + path + ": cannot write there: " + why;
  };
  std::string why;
  if (!report.empty() && (why = check("the report", report)) != "") return why;
  if (const std::string t = setting(o, "CUSIM_TRACE"); !t.empty() && (why = check("the trace", t)) != "") return why;
  if (sim::StatsOutput stats; sim::parse_stats(setting(o, "CUSIM_STATS"), &stats) && !stats.json_file.empty() &&
                              (why = check("the statistics", stats.json_file)) != "")
    return why;
  if (const std::string map = setting(o, "CUSIM_ACCESS_MAP"); !map.empty()) {
    sim::AccessMapSpec spec;
    std::string error;
    if (!sim::parse_access_map_spec(map, &spec, &error)) return "--access-map " + map + ": " + error;
    for (const char* extension : {".csv", ".json"})
      if ((why = check("the access map", spec.prefix + extension)) != "") return why;
  }
  return "";
}

// The report as the user asked for it: the program's JSON as it wrote it, or SARIF made from it.
std::string kept_text(const sim::ReportOutput& kept, const Report& report) {
  if (kept.format == sim::ReportFormat::json) return report.text;
  return sim::sarif_text(report.document, CUSIM_VERSION);
}

int run(const std::vector<std::string>& args) {
  RunOptions o;
  std::string program;
  try {
    o = parse_run(args);
    if (o.help) {
      std::fputs(help_text().c_str(), stdout);
      return kClean;
    }
    if (!is_cuda_source(o.program[0])) program = find_program(o.program[0]);
  } catch (const UsageError& e) {
    return usage(e.message);
  }
  if (is_cuda_source(o.program[0])) {
    // A CUDA source: built (or found in the cache) as `nvcc prog.cu -o prog` would build it.
    struct stat st;
    if (stat(o.program[0].c_str(), &st) != 0 || !S_ISREG(st.st_mode))
      return usage("program '" + o.program[0] + "': " + (errno ? std::strerror(errno) : "not a file"));
    std::string error;
    const auto built = build_cached(o.program[0], o.fast, &error);
    if (!built) {
      std::fprintf(stderr, "cusim: error: %s\n", error.c_str());
      return kBuildFailed;
    }
    program = built->program;
    if (built->rebuilt) std::fprintf(stderr, "cusim: built %s\n", o.program[0].c_str());
  }

  // The report the user keeps: --report's file, else CUSIM_REPORT from the environment. The
  // program always writes its report into a folder of ours, which is read, then copied there:
  // nothing at the user's path is touched before there is a report to put in it.
  sim::ReportOutput kept_report;
  if (!o.report.empty()) kept_report = sim::report_output(o.report);
  else if (const char* r = std::getenv("CUSIM_REPORT"); r && *r) kept_report = sim::report_output(r);
  if (const std::string why = unwritable_output(o, kept_report.file); !why.empty()) return usage(why);
  TemporaryFolder temporary;
  if (!temporary.ok()) {
    std::fprintf(stderr, "cusim: error: cannot make a temporary folder for the report: %s\n", std::strerror(errno));
    return kUsage;
  }
  const std::string report = temporary.file("report.json");
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
  if (ended.interrupted) {
    // cusim itself was asked to stop: the program has been stopped too; end as asked.
    temporary.remove();
    die_of(ended.interrupted);
  }
  if (ended.signalled) {
    std::fprintf(stderr, "cusim: error: %s was killed by signal %s\n", name.c_str(), signal_name(ended.status).c_str());
    return kKilled;
  }
  std::string error;
  const auto contents = read_report(report, error);
  if (!contents) {
    std::fprintf(stderr, "cusim: error: %s exited with status %d and wrote no findings report (%s); is it built with cusim?\n",
                 name.c_str(), ended.status, error.c_str());
    return ended.status != 0 ? kProgramFailed : kNoReport;
  }
  const std::vector<ReportedFinding>& findings = contents->findings;
  bool output_failed = !contents->output_errors.empty();  // the program has said which, on stderr
  if (!kept_report.file.empty()) {
    if (!sim::io::write_output(kept_report.file, kept_text(kept_report, *contents), &error)) {
      std::fprintf(stderr, "cusim: error: cannot write the report %s: %s\n", kept_report.file.c_str(), error.c_str());
      output_failed = true;
    }
  }
  if (program_quiet)
    for (const ReportedFinding& f : findings)
      if (!f.taken) std::fputs(("cusim: " + f.text).c_str(), stderr);
  std::fputs(summary(name, findings).c_str(), stderr);
  if (counted(findings) > 0) return kFindings;
  if (output_failed) return kOutputFailed;
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
  if (command == "plot") return plot(std::vector<std::string>(args.begin() + 1, args.end()));
  return usage(command[0] == '-' ? "unknown option '" + command + "'"
                                 : "unknown command '" + command + "' (the commands are run and plot)");
}
