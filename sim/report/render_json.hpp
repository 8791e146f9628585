// The JSON renderer: a finding's fields as data (docs/CHECKS.md, "Exit status, suppressions,
// reports"), the members of one entry of the report's "findings" array.
#pragma once
#include <nlohmann/json.hpp>

#include "sim/report/diagnostic.hpp"

namespace cusim::sim {

nlohmann::ordered_json render_json(const Diagnostic& d);

}  // namespace cusim::sim
