// Runs every program of the plain-CUDA corpus (built through the translator, checked) and holds it
// to the expectations written in its source:
//   // EXPECT: <text>                 a line of its standard output, in this order
//   // EXPECT-FINDING: <kind> <line>  a finding of that kind at that line of the program's own
//                                     file; the findings are exactly those listed
//   // ENV: <NAME>=<value>            a setting of the run on the simulator (CUSIM_TIMEOUT=1)
// A program with no EXPECT-FINDING must end clean with status 0; one with findings, with status
// 1 (CUSIM_ERROR_EXITCODE). Findings are read from the JSON report (CUSIM_REPORT).
// On the CUDA backend (CORPUS_ON_GPU) the same programs, built by nvcc, run on the GPU and give the
// same lines; those with planted bugs are left out (compute-sanitizer's business), except those
// whose findings are all refused launches, which the GPU refuses alike.
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "run_program.hpp"
#if !CORPUS_ON_GPU
#include <nlohmann/json.hpp>
#endif

namespace {

struct Program {
  const char* source;  // relative to CORPUS_DIR
  const char* path;
};
const Program kPrograms[] = {
#include "corpus_programs.inc"
};

struct Expectations {
  std::vector<std::string> lines;
  std::set<std::pair<std::string, unsigned>> findings;
  std::vector<std::string> env;
};

Expectations expectations(const std::string& source) {
  Expectations e;
  std::istringstream text(cusim_test::read_file(source));
  for (std::string line; std::getline(text, line);) {
    if (line.rfind("// EXPECT: ", 0) == 0) e.lines.push_back(line.substr(11));
    if (line.rfind("// ENV: ", 0) == 0) e.env.push_back(line.substr(8));
    if (line.rfind("// EXPECT-FINDING: ", 0) == 0) {
      std::istringstream f(line.substr(19));
      std::string kind;
      unsigned at = 0;
      f >> kind >> at;
      e.findings.insert({kind, at});
    }
  }
  return e;
}

#if !CORPUS_ON_GPU
// (kind, line) of each finding the report holds at a line of `file_name`.
std::set<std::pair<std::string, unsigned>> reported(const std::string& report, const std::string& file_name) {
  std::set<std::pair<std::string, unsigned>> out;
  const nlohmann::json doc = nlohmann::json::parse(cusim_test::read_file(report));
  for (const nlohmann::json& f : doc.at("findings")) {
    const std::string file = f.at("file").get<std::string>();
    const bool ours = file.size() >= file_name.size() && file.compare(file.size() - file_name.size(), file_name.size(), file_name) == 0;
    out.insert({f.at("kind").get<std::string>(), ours ? static_cast<unsigned>(f.at("line").get<double>()) : 0});
  }
  return out;
}
#endif

}  // namespace

TEST_CASE("the plain-CUDA corpus gives its expected output and exactly its expected findings") {
  CHECK(std::size(kPrograms) >= 40);
  for (const Program& p : kPrograms) {
    const std::string source = p.source;
    CAPTURE(source);
    const Expectations want = expectations(std::string(CORPUS_DIR) + "/" + p.source);
#if CORPUS_ON_GPU
    bool planted = false;
    for (const auto& [kind, line] : want.findings) planted |= kind != "invalid-launch";
    if (planted) continue;
    // One device, as the simulator is: the peer-access lines (110) are a one-GPU machine's.
    const cusim_test::ProgramRun run = cusim_test::run_program({p.path}, {"CUDA_VISIBLE_DEVICES=0"});
    REQUIRE(run.started);
    CAPTURE(run.out);
    CAPTURE(run.err);
    CHECK(run.status == 0);
#else
    if (!want.findings.empty() && !CORPUS_CHECKED) {
      MESSAGE("not the checked build here: the planted bugs of " << p.source << " are not run");
      continue;
    }
    cusim_test::TempDir dir;
    std::vector<std::string> env = {"CUSIM_REPORT=" + dir.file("report.json"), "CUSIM_WORKERS=2", "CUSIM_QUIET=1",
                                     "CUSIM_ERROR_EXITCODE="};
    env.insert(env.end(), want.env.begin(), want.env.end());
    const cusim_test::ProgramRun run = cusim_test::run_program({p.path}, env);
    REQUIRE(run.started);
    CAPTURE(run.out);
    CAPTURE(run.err);
    CHECK(run.status == (want.findings.empty() ? 0 : 1));
#endif
    // The expected lines, in order.
    std::size_t at = 0;
    for (const std::string& line : want.lines) {
      const std::size_t found = run.out.find(line + "\n", at);
      CHECK_MESSAGE(found != std::string::npos, "missing output line: " << line);
      if (found != std::string::npos) at = found + line.size();
    }
    CHECK(run.out.find("WRONG") == std::string::npos);
#if !CORPUS_ON_GPU
    const auto found = reported(dir.file("report.json"), p.source);
    std::string found_text, want_text;
    for (const auto& [kind, at] : found) found_text += kind + ":" + std::to_string(at) + " ";
    for (const auto& [kind, at] : want.findings) want_text += kind + ":" + std::to_string(at) + " ";
    CHECK_MESSAGE(found == want.findings, "reported: " << found_text << "expected: " << want_text);
#endif
  }
}
