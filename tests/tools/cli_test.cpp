// The cusim command-line tool (tools/cusim, docs/TOOLS.md), run as a user runs it: its output and
// its exit status for clean programs, findings, bad command lines and programs that fail.
#include <doctest/doctest.h>

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <set>
#include <string>

#include "run_program.hpp"
#include <nlohmann/json.hpp>

using cusim_test::occurrences;
using cusim_test::ProgramRun;
using cusim_test::run_program;
using cusim_test::TempDir;

namespace {

// Runs `cusim <args>`; the program under it prints its own findings (the test's CUSIM_QUIET=1 is
// not passed on) unless the arguments say --quiet.
ProgramRun run_cusim(std::vector<std::string> args) {
  args.insert(args.begin(), CUSIM_TOOL);
  const ProgramRun r = run_program(args, {"CUSIM_QUIET=", "CUSIM_REPORT="});
  REQUIRE(r.started);
  return r;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The number on the summary line of `kind` ("cusim:   race-waw      1023"), or -1.
long count_of(const std::string& err, const std::string& kind) {
  const std::size_t at = err.find("cusim:   " + kind + " ");
  if (at == std::string::npos) return -1;
  const std::size_t digits = err.find_first_not_of(' ', at + 9 + kind.size());
  return digits == std::string::npos ? -1 : std::strtol(err.c_str() + digits, nullptr, 10);
}

// The number of the first line of `file` that contains `text`, or 0.
unsigned line_with(const std::string& file, const std::string& text) {
  std::ifstream in(file);
  unsigned n = 1;
  for (std::string line; std::getline(in, line); ++n)
    if (has(line, text)) return n;
  return 0;
}

}  // namespace

TEST_CASE("cusim run on the racy counter prints the race and exits 1") {
#if RACE_COUNTER_CHECKED
  const ProgramRun r = run_cusim({"run", "--workers", "1", "--", RACE_COUNTER});
  CHECK(r.status == 1);
  CHECK_FALSE(r.signalled);
  CHECK(has(r.out, "atomicAdd: counter=1024, expected=1024"));       // the program's own output
  CHECK(has(r.err, "race_counter.cu:11: error: race-w"));            // printed by the program
  CHECK(has(r.err, "race_counter: " + std::to_string(count_of(r.err, "race-war") + count_of(r.err, "race-waw")) +
                       " findings (2 distinct)"));
  CHECK(count_of(r.err, "race-waw") > 0);
  CHECK(count_of(r.err, "race-war") > 0);

  // --quiet: the program prints nothing of it; cusim prints each finding from the report.
  const ProgramRun quiet = run_cusim({"run", "--quiet", "--workers=1", RACE_COUNTER});
  CHECK(quiet.status == 1);
  CHECK(occurrences(quiet.err, "race_counter.cu:11: error: race-w") == 2);
  CHECK_FALSE(has(quiet.err, "ERROR SUMMARY"));
#else
  MESSAGE("race_counter is not the checked build here: racecheck cannot see the race");
#endif
}

TEST_CASE("cusim run on clean programs exits 0 and passes their output through") {
  const ProgramRun hello = run_cusim({"run", "--", HELLO});
  CHECK(hello.status == 0);
  CHECK(has(hello.out, "Hello World from GPU!"));
  CHECK(has(hello.err, "hello: no findings"));
  const ProgramRun clean = run_cusim({"run", "--check", "memcheck,synccheck", "--schedule", "random", "--seed", "7", "--",
                                  TEST_PROGRAM, "clean"});
  CHECK(clean.status == 0);
  CHECK(clean.out == "clean\n");
}

TEST_CASE("findings the program takes itself do not count; those it leaves do, whatever its own status") {
  const ProgramRun take = run_cusim({"run", TEST_PROGRAM, "take"});
  CHECK(take.status == 0);
  CHECK(has(take.err, "no findings; 1 more taken by the program itself"));
  const ProgramRun leave = run_cusim({"run", TEST_PROGRAM, "leave"});
  CHECK(leave.status == 1);
  CHECK(has(leave.err, "1 finding (1 distinct)"));
  CHECK(count_of(leave.err, "invalid-free") == 1);
}

TEST_CASE("the leak check is off by default; on, a leak at exit is a finding at its allocating line") {
  const ProgramRun off = run_cusim({"run", TEST_PROGRAM, "leak"});
  CHECK(off.status == 0);
  CHECK_FALSE(has(off.err, "leak"));
  TempDir dir;
  const ProgramRun on = run_cusim({"run", "--leak-check", "full", "--report", "json:" + dir.file("report.json"), TEST_PROGRAM, "leak"});
  CHECK(on.status == 1);
  CHECK(count_of(on.err, "leak") == 1);
  CHECK(has(on.err, "test_program.cu:"));
  CHECK(has(on.err, "error: leak: 1024 bytes allocated by cudaMalloc were never freed (allocation #2); found at program exit"));
  CHECK(has(on.err, "cusim: LEAK SUMMARY: 1024 bytes leaked in 1 allocation\n"));
  const nlohmann::json report = nlohmann::json::parse(cusim_test::read_file(dir.file("report.json")));
  const auto& findings = report.at("findings");
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].at("kind").get<std::string>() == "leak");
  CHECK(findings[0].at("line").get<double>() == line_with(std::string(CUSIM_SOURCE_DIR) + "/tests/tools/test_program.cu",
                                                            "// never freed: the leak"));
  // The variable itself, and the option's other spellings.
  CHECK(run_program({CUSIM_TOOL, "run", TEST_PROGRAM, "leak"}, {"CUSIM_QUIET=", "CUSIM_REPORT=", "CUSIM_LEAK_CHECK=1"}).status == 1);
  CHECK(run_cusim({"run", "--leak-check", TEST_PROGRAM, "leak"}).status == 1);
  CHECK(run_cusim({"run", "--leak-check=none", TEST_PROGRAM, "leak"}).status == 0);
  const ProgramRun bad = run_cusim({"run", "--leak-check=some", TEST_PROGRAM, "leak"});
  CHECK(bad.status == 2);
  CHECK(has(bad.err, "--leak-check"));
}

TEST_CASE("--report keeps the findings report where asked") {
  TempDir dir;
  const ProgramRun r = run_cusim({"run", "--report", "json:" + dir.file("report.json"), TEST_PROGRAM, "leave"});
  CHECK(r.status == 1);
  const nlohmann::json report = nlohmann::json::parse(cusim_test::read_file(dir.file("report.json")));
  const auto& findings = report.at("findings");
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].at("kind").get<std::string>() == "invalid-free");
  CHECK(findings[0].at("taken").get<bool>() == false);
}

TEST_CASE("--report sarif: keeps the report as SARIF 2.1.0, also when CUSIM_REPORT asks for it") {
  TempDir dir;
  const ProgramRun r = run_cusim({"run", "--report", "sarif:" + dir.file("r.sarif"), TEST_PROGRAM, "leave"});
  CHECK(r.status == 1);
  const ProgramRun e = run_program({CUSIM_TOOL, "run", TEST_PROGRAM, "leave"}, {"CUSIM_REPORT=sarif:" + dir.file("e.sarif")});
  CHECK(e.status == 1);
  for (const char* file : {"r.sarif", "e.sarif"}) {
    CAPTURE(file);
    const nlohmann::json log = nlohmann::json::parse(cusim_test::read_file(dir.file(file)));
    CHECK(log.at("version") == "2.1.0");
    const auto& run = log.at("runs").at(0);
    const auto& results = run.at("results");
    REQUIRE(results.size() == 1);
    CHECK(results[0].at("ruleId") == "invalid-free");
    const auto& rules = run.at("tool").at("driver").at("rules");
    CHECK(rules.at(results[0].at("ruleIndex").get<std::size_t>()).at("id") == "invalid-free");
    const auto& where = results[0].at("locations").at(0).at("physicalLocation");
    CHECK(where.at("artifactLocation").at("uri").get<std::string>().find("test_program.cu") != std::string::npos);
    CHECK(where.at("region").at("startLine").get<int>() > 0);
    CHECK(results[0].find("suppressions") == results[0].end());  // not taken: it counts
  }
  // Neither a JSON report nor an unknown format is written where SARIF was asked for.
  CHECK(cusim_test::read_file(dir.file("r.sarif")).find("\"findings\"") == std::string::npos);
}

TEST_CASE("--trace makes the program write its trace") {
  TempDir dir;
  const ProgramRun r = run_cusim({"run", "--trace", dir.file("t.json"), "--trace-detail", "warps", TEST_PROGRAM, "clean"});
  CHECK(r.status == 0);
  const nlohmann::json trace = nlohmann::json::parse(cusim_test::read_file(dir.file("t.json")));
  CHECK(trace.at("otherData").at("detail").get<std::string>() == "warps");
}

TEST_CASE("bad command lines are usage errors (exit 2) that say what is wrong") {
  const ProgramRun unknown = run_cusim({"run", "--bogus", "--", HELLO});
  CHECK(unknown.status == 2);
  CHECK(has(unknown.err, "cusim: error: unknown option '--bogus'"));
  CHECK(unknown.out.empty());  // the program did not run

  const ProgramRun check = run_cusim({"run", "--check", "memcheck,racechek", "--", HELLO});
  CHECK(check.status == 2);
  CHECK(has(check.err, "unknown checker 'racechek'"));

  const ProgramRun workers = run_cusim({"run", "--workers", "0", "--", HELLO});
  CHECK(workers.status == 2);
  CHECK(has(workers.err, "--workers needs a positive integer"));

  for (const char* seconds : {"-1", "1e3", "inf", "2s", "1000001", ""}) {
    CAPTURE(seconds);
    const ProgramRun timeout = run_cusim({"run", "--timeout", seconds, "--", HELLO});
    CHECK(timeout.status == 2);
    CHECK(has(timeout.err, std::string("--timeout needs a number of seconds from 0 to 1000000, not '") + seconds + "'"));
  }

  const ProgramRun schedule = run_cusim({"run", "--schedule=sideways", HELLO});
  CHECK(schedule.status == 2);
  CHECK(has(schedule.err, "--schedule: unknown value 'sideways'"));

  const ProgramRun missing = run_cusim({"run", "--", "./no-such-program"});
  CHECK(missing.status == 2);
  CHECK(has(missing.err, "program './no-such-program': No such file or directory"));

  const ProgramRun not_on_path = run_cusim({"run", "no-such-program-anywhere"});
  CHECK(not_on_path.status == 2);
  CHECK(has(not_on_path.err, "program 'no-such-program-anywhere' not found"));

  const ProgramRun none = run_cusim({"run"});
  CHECK(none.status == 2);
  CHECK(has(none.err, "no program to run"));

  const ProgramRun command = run_cusim({"walk"});
  CHECK(command.status == 2);
  CHECK(has(command.err, "unknown command 'walk'"));
}

TEST_CASE("--timeout ends a kernel that never ends with a launch-timeout finding at its loop (exit 1)") {
  const ProgramRun r = run_cusim({"run", "--timeout", "0.3", "--workers", "2", "--", TEST_PROGRAM, "endless"});
  CAPTURE(r.err);  // what cusim and the program said, should a check below fail
  CHECK_FALSE(r.signalled);
  CHECK(r.status == 1);
  CHECK(r.out == "the endless kernel ended with cudaErrorLaunchTimeout\n");
  CHECK(has(r.err, "test_program.cu:28: error: launch-timeout: the launch ran past its time limit of 0.3 s (CUSIM_TIMEOUT)"));
  CHECK(has(r.err, "test_program.cu:28: note: thread (0,0,0) was running here"));
}

TEST_CASE("--timeout stops a kernel with internal linkage in a program without debug information") {
  // Without debug information the watchdog stops a thread only in the kernel's own function,
  // found in the executable's symbol table.
  TempDir dir;
  const std::string stripped = dir.file("test_program_stripped");
  REQUIRE(std::system(("strip --strip-debug -o '" + stripped + "' '" TEST_PROGRAM "'").c_str()) == 0);
  const ProgramRun r = run_cusim({"run", "--timeout", "0.3", "--workers", "2", "--", stripped, "endless"});
  CAPTURE(r.err);
  CHECK_FALSE(r.signalled);
  CHECK(r.status == 1);
  CHECK(r.out == "the endless kernel ended with cudaErrorLaunchTimeout\n");
  CHECK(has(r.err, "error: launch-timeout: the launch ran past its time limit of 0.3 s (CUSIM_TIMEOUT)"));
  CHECK(has(r.err, "(in endless(int*))"));
  CHECK_FALSE(has(r.err, "test_program.cu:"));  // no line: there is no debug information
}

TEST_CASE("a program killed by a signal: the signal is named (exit 4)") {
#if !defined(__SANITIZE_ADDRESS__)  // under ASan, its handler reports the fault and exits with status 1
  const ProgramRun segv = run_cusim({"run", TEST_PROGRAM, "segv"});
  CHECK(segv.status == 4);
  CHECK(has(segv.err, "was killed by signal SIGSEGV (Segmentation fault)"));
  // Outside kernel code the fault is the program's (or cusim's): it is said where, with the frames.
  CHECK(has(segv.err, "cusim: fatal signal SIGSEGV outside kernel code, at address 0x"));
  CHECK(has(segv.err, "(main+0x"));
#endif
  const ProgramRun abrt = run_cusim({"run", TEST_PROGRAM, "abort"});
  CHECK(abrt.status == 4);
  CHECK(has(abrt.err, "was killed by signal SIGABRT (Aborted)"));
}

TEST_CASE("a program that fails without findings (exit 3), and one that is not a cusim program (exit 5)") {
  const ProgramRun failed = run_cusim({"run", TEST_PROGRAM, "exit", "7"});
  CHECK(failed.status == 3);
  CHECK(has(failed.err, "exited with status 7"));
  const ProgramRun plain = run_cusim({"run", "/bin/true"});
  CHECK(plain.status == 5);
  CHECK(has(plain.err, "wrote no findings report"));
}

TEST_CASE("--help and run --help list every variable of sim/config/flags.def; --version") {
  std::ifstream def(std::string(CUSIM_SOURCE_DIR) + "/sim/config/flags.def");
  REQUIRE(def.good());
  std::set<std::string> flags;
  for (std::string line; std::getline(def, line);)
    if (line.rfind("CUSIM_FLAG(", 0) == 0) flags.insert(line.substr(11, line.find(',') - 11));
  CHECK(flags.size() >= 13);
  for (const std::vector<std::string>& args : {std::vector<std::string>{"--help"}, std::vector<std::string>{"run", "--help"}}) {
    const ProgramRun help = run_cusim(args);
    CHECK(help.status == 0);
    for (const std::string& flag : flags) CHECK_MESSAGE(has(help.out, "\n  " + flag + " (default: "), flag, " is not in --help");
    for (const char* option : {"--check", "--schedule", "--seed", "--workers", "--trace", "--stats", "--report",
                               "--suppressions", "--quiet", "--access-map", "--leak-check"})
      CHECK_MESSAGE((has(help.out, std::string("\n  ") + option) || has(help.out, std::string(", ") + option + " ")),
                    option, " is not in --help");  // at a line's start, or after its short form (-q, --quiet)
  }
  const ProgramRun version = run_cusim({"--version"});
  CHECK(version.status == 0);
  CHECK(version.out.rfind("cusim ", 0) == 0);
  CHECK(version.out.size() > 7);
  CHECK(std::isdigit(static_cast<unsigned char>(version.out[6])));
  CHECK(version.out.back() == '\n');
}

TEST_CASE("cusim run prog.cu builds the CUDA source, finds its race at the .cu line, and reuses the build") {
#if RACE_COUNTER_CHECKED
  cusim_test::TempDir dir;
  const std::vector<std::string> env{"CUSIM_QUIET=", "CUSIM_REPORT=", "CUSIM_CACHE_DIR=" + dir.file("cache")};
  const ProgramRun first = run_program({CUSIM_TOOL, "run", "--workers", "1", RACE_COUNTER_SOURCE}, env);
  CHECK(first.status == 1);
  CHECK(has(first.err, "cusim: built " RACE_COUNTER_SOURCE "\n"));
  CHECK(has(first.err, "race_counter.cu:11: error: race-w"));
  CHECK(has(first.out, "atomicAdd: counter=1024, expected=1024"));
  // Unchanged: not built again, same verdict.
  const ProgramRun second = run_program({CUSIM_TOOL, "run", "--workers", "1", RACE_COUNTER_SOURCE}, env);
  CHECK(second.status == 1);
  CHECK_FALSE(has(second.err, "cusim: built"));
  CHECK(has(second.err, "race_counter.cu:11: error: race-w"));

  // A copy of the program whose header changes: built again, and the change is in the program.
  std::ofstream(dir.file("answer.h")) << "#define ANSWER 41\n";
  std::ofstream(dir.file("answer.cu")) << "#include <cstdio>\n#include \"answer.h\"\n__global__ void k(int* p) { *p = ANSWER; }\n"
                                          "int main() { int* p; cudaMallocManaged(&p, 4); k<<<1, 1>>>(p);\n"
                                          "  cudaDeviceSynchronize(); std::printf(\"%d\\n\", *p); return 0; }\n";
  const ProgramRun a = run_program({CUSIM_TOOL, "run", dir.file("answer.cu")}, env);
  CHECK(a.status == 0);
  CHECK(a.out == "41\n");
  CHECK(has(a.err, "cusim: built"));
  const ProgramRun b = run_program({CUSIM_TOOL, "run", dir.file("answer.cu")}, env);
  CHECK(b.out == "41\n");
  CHECK_FALSE(has(b.err, "cusim: built"));
  std::ofstream(dir.file("answer.h")) << "#define ANSWER 42\n";
  const ProgramRun c = run_program({CUSIM_TOOL, "run", dir.file("answer.cu")}, env);
  CHECK(c.out == "42\n");
  CHECK(has(c.err, "cusim: built"));
#else
  MESSAGE("race_counter is not the checked build here: racecheck cannot see the race");
#endif
}

TEST_CASE("a program linked with ThreadSanitizer's runtime says so and stops before it runs") {
#if defined(TEST_PROGRAM_LIBTSAN)
  const ProgramRun run = run_program({TEST_PROGRAM_LIBTSAN, "clean"});
  CHECK(run.status == 2);
  CHECK(run.out.empty());
  CHECK(has(run.err, "cusim: error: this program is linked with ThreadSanitizer's runtime ("));
  CHECK(has(run.err, "link without it (cusim-nvcc and cusim_add_executable do; docs/FRONTEND.md)\n"));
#else
  MESSAGE("a sanitizer build: no program is linked with ThreadSanitizer's runtime here");
#endif
}

TEST_CASE("a numeric setting out of its range, or not a number, is one warning and the default") {
  const std::pair<const char*, const char*> bad[] = {
      {"CUSIM_STACK_KB", "-1"}, {"CUSIM_STACK_KB", "18446744073709551615"}, {"CUSIM_STACK_KB", "0"},
      {"CUSIM_STACK_KB", "2"},  {"CUSIM_STACK_KB", "64k"},                  {"CUSIM_WORKERS", "0"},
      {"CUSIM_WORKERS", "99999"}, {"CUSIM_SEED", "0"},                      {"CUSIM_TRACE_LIMIT", "4294967296"},
      {"CUSIM_ERROR_EXITCODE", "256"}, {"CUSIM_SCHEDULE", "fastest"},       {"CUSIM_TIMEOUT", "-1"},
      {"CUSIM_TIMEOUT", "inf"},         {"CUSIM_TIMEOUT", "1e3"},             {"CUSIM_TIMEOUT", "1000001"},
  };
  for (const auto& [name, value] : bad) {
    CAPTURE(name);
    CAPTURE(value);
    const std::string setting = std::string(name) + "=" + value;
    const ProgramRun run = run_program({TEST_PROGRAM, "clean"}, {setting, "CUSIM_QUIET=", "CUSIM_REPORT="});
    CHECK(run.status == 0);
    CHECK_FALSE(run.signalled);
    CHECK(run.out == "clean\n");
    CHECK(occurrences(run.err, "cusim: warning: ignoring " + setting + " (see docs/CONFIGURATION.md)\n") == 1);
  }
}

TEST_CASE("a suppressions file without end (/dev/zero) is read with a bound: one warning, and the findings stay") {
  const ProgramRun run =
      run_program({TEST_PROGRAM, "leave"}, {"CUSIM_SUPPRESSIONS=/dev/zero", "CUSIM_QUIET=", "CUSIM_REPORT="});
  CHECK_FALSE(run.signalled);
  CHECK(run.status == 1);  // the program's finding, not suppressed
  CHECK(occurrences(run.err, "cusim: warning: the suppressions file /dev/zero is larger than 1048576 bytes; ignored\n") == 1);
  CHECK(occurrences(run.err, "error: invalid-free") == 1);
}

TEST_CASE("the JSON report holds each finding's fields as data: sites, block and thread, groups of threads") {
#if RACE_COUNTER_CHECKED
  cusim_test::TempDir dir;
  const ProgramRun run = run_program({RACE_COUNTER}, {"CUSIM_QUIET=1", "CUSIM_WORKERS=1", "CUSIM_REPORT=" + dir.file("r.json")});
  CHECK(run.status == 1);
  const nlohmann::json doc = nlohmann::json::parse(cusim_test::read_file(dir.file("r.json")));
  const auto& findings = doc.at("findings");
  REQUIRE(findings.size() == 2);
  for (const nlohmann::json& f : findings) {
    CHECK(f.at("kind").get<std::string>().rfind("race-w", 0) == 0);
    CHECK(f.at("space").get<std::string>() == "global");
    CHECK(f.at("line").get<double>() == 11);
    CHECK(f.at("other_line").get<double>() == 11);
    CHECK(f.at("kernel").get<std::string>() == "counter_kernel(int*)");
    CHECK(f.at("block").size() == 3);
    CHECK(f.at("thread").size() == 3);
    CHECK(f.at("address").get<double>() > 0);
    CHECK(f.at("message").get<std::string>().find("global-memory race") == 0);
    CHECK(f.at("text").get<std::string>().find("race_counter.cu:11: error: ") != std::string::npos);
    CHECK_FALSE(f.at("taken").get<bool>());
    // The other access's thread, in its block; then the allocation's history.
    const auto& groups = f.at("groups");
    REQUIRE(groups.size() == 2);
    CHECK(groups[0].at("total").get<double>() == 1);
    CHECK(groups[0].at("threads").size() == 1);
    CHECK(groups[0].at("block").size() == 3);
    CHECK(groups[0].at("state").get<std::string>().rfind("made the conflicting ", 0) == 0);
    CHECK(groups[1].at("threads").empty());
    CHECK(groups[1].at("state").get<std::string>().rfind("allocated by cudaMalloc here", 0) == 0);
  }
#else
  MESSAGE("race_counter is not the checked build here: racecheck cannot see the race");
#endif
}
