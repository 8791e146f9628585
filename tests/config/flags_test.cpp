// Every runtime flag declared in sim/config/flags.def is documented in docs/CONFIGURATION.md, and
// every finding kind of sim/report/finding_kinds.def in docs/CHECKS.md.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <set>
#include <string>

#include "sim/config/config.hpp"
#include "sim/report/diagnostic.hpp"

namespace {
// The whole text of a file, or "" (with a failed check) when it cannot be read.
std::string read_text(const std::string& path) {
  std::ifstream in(path);
  CHECK_MESSAGE(in.good(), "cannot read ", path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}
}  // namespace

TEST_CASE("docs/CONFIGURATION.md documents every flag with its default") {
  const std::string doc = read_text(std::string(CUSIM_SOURCE_DIR) + "/docs/CONFIGURATION.md");
  int count = 0;
  for (const cusim::sim::FlagInfo* f = cusim::sim::flags_begin(); f != cusim::sim::flags_end(); ++f, ++count) {
    const std::string row = std::string("| `") + f->name + "` | " + f->default_value + " |";
    CHECK_MESSAGE(doc.find(row) != std::string::npos, "missing row for ", f->name);
  }
  // ... and documents nothing else: the table has one row per flag.
  int rows = 0;
  for (std::size_t at = doc.find("\n| `CUSIM_"); at != std::string::npos; at = doc.find("\n| `CUSIM_", at + 1)) ++rows;
  CHECK(count >= 15);
  CHECK(rows == count);
}

// Every finding kind of sim/report/finding_kinds.def has a golden report (tests/golden/<kind>.txt),
// quoted exactly in its section of docs/CHECKS.md (tools/update-checks-doc copies them after a
// regeneration), and every golden report is of a kind the list declares: <kind>.txt, or
// <kind>-<form>.txt for a second form of one (deadlock-spin), quoted under "### <kind>-<form>".
TEST_CASE("docs/CHECKS.md quotes every golden report exactly, one per finding kind") {
  const std::string doc = read_text(std::string(CUSIM_SOURCE_DIR) + "/docs/CHECKS.md");
  std::set<std::string> kinds, goldens;
  for (std::size_t k = 0; k < cusim::sim::kDiagnosticKinds; ++k)
    kinds.insert(cusim::sim::kind_name(static_cast<cusim::sim::DiagnosticKind>(k)));
  for (const auto& entry : std::filesystem::directory_iterator(std::string(CUSIM_SOURCE_DIR) + "/tests/golden")) {
    const std::string kind = entry.path().stem().string();
    if (kinds.count(kind)) {
      goldens.insert(kind);
    } else {
      const bool of_a_kind = std::any_of(kinds.begin(), kinds.end(), [&](const std::string& k) {
        return kind.size() > k.size() + 1 && kind.compare(0, k.size() + 1, k + "-") == 0;
      });
      CHECK_MESSAGE(of_a_kind, "tests/golden/", kind, ".txt is of no finding kind");
      CHECK_MESSAGE(doc.find("### " + kind + "\n") != std::string::npos, "no subsection for ", kind);
    }
    CHECK_MESSAGE(doc.find("## " + kind + "\n") != std::string::npos, "no section for ", kind);
    CHECK_MESSAGE(doc.find("```text\n" + read_text(entry.path().string()) + "```") != std::string::npos,
                  "docs/CHECKS.md does not quote tests/golden/", kind, ".txt (run tools/update-checks-doc)");
  }
  CHECK(goldens == kinds);
  CHECK(kinds.size() == cusim::sim::kDiagnosticKinds);  // no two kinds share a name
}

// CUSIM_REPORT and --report: the format's prefix, and the setting that reads back the same.
TEST_CASE("a report setting names its format and file, and is written back as it reads") {
  using cusim::sim::ReportFormat;
  using cusim::sim::report_output;
  using cusim::sim::report_setting;
  CHECK(report_output("out.json").format == ReportFormat::json);
  CHECK(report_output("out.json").file == "out.json");
  CHECK(report_output("json:out.json").file == "out.json");
  CHECK(report_output("sarif:out.sarif").format == ReportFormat::sarif);
  CHECK(report_output("sarif:out.sarif").file == "out.sarif");
  CHECK(report_output("json:sarif:odd").format == ReportFormat::json);
  CHECK(report_output("json:sarif:odd").file == "sarif:odd");
  for (const char* setting : {"out.json", "json:out.json", "sarif:a/b.sarif", "json:sarif:odd", "json:json:odd"}) {
    CAPTURE(setting);
    const auto once = report_output(setting);
    const auto again = report_output(report_setting(once));
    CHECK(again.format == once.format);
    CHECK(again.file == once.file);
  }
  CHECK(report_setting(report_output("json:out.json")) == "out.json");  // as a user writes it
}
