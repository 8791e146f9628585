// The findings report a program writes at exit (CUSIM_REPORT, backends/sim/findings.cpp), read
// back and summarised for `cusim run`.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cusim::tool {

struct ReportedFinding {
  std::string kind;
  std::string text;      // the compiler-style rendering, ending in a newline
  unsigned count = 1;    // occurrences deduplicated into this one
  bool taken = false;    // the program took it (cusim::take_findings): it does not count
};

struct Report {
  std::vector<ReportedFinding> findings;
  std::vector<std::string> output_errors;  // outputs the program could not write
  std::string text;                        // the file as the program wrote it
  nlohmann::ordered_json document;         // the same, parsed
};

// The report at `path`; nullopt (and `error` set) if it is missing or unreadable.
std::optional<Report> read_report(const std::string& path, std::string& error);

// The summary lines: "<program>: N findings (D distinct)" then one line per kind, most frequent
// first; or "<program>: no findings". Findings the program took are counted apart.
std::string summary(const std::string& program, const std::vector<ReportedFinding>& findings);

// Findings that count (not taken).
unsigned counted(const std::vector<ReportedFinding>& findings);

}  // namespace cusim::tool
