// SARIF 2.1.0 (OASIS), the format CI systems read (GitHub code scanning, GitLab, Azure DevOps),
// made from cusim's JSON report: one rule per finding kind (finding_kinds.def, with the help text of
// its section of docs/CHECKS.md), one result per finding, its site as the location and the sites
// of its notes (a race's other access, where an allocation was made) as related locations. The
// simulator writes it at exit (CUSIM_REPORT=sarif:<file>) and `cusim run --report sarif:<file>`
// converts the report it reads.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace cusim::sim {

// `report`: {"findings": [...], "output_errors": [...]} as backends/sim/findings.cpp writes it.
// `working_folder`: the absolute folder that relative file names are relative to (the program's
// working directory). `version`: cusim's.
nlohmann::ordered_json sarif_log(const nlohmann::ordered_json& report, const std::string& working_folder,
                                 const std::string& version);

// The SARIF file's text for `report`, relative names taken from this process's working folder;
// invalid UTF-8 in a name or message is replaced, never a reason to lose the report.
std::string sarif_text(const nlohmann::ordered_json& report, const std::string& version);

}  // namespace cusim::sim
