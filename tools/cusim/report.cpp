#include "tools/cusim/report.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>


namespace cusim::tool {

std::optional<Report> read_report(const std::string& path, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "no report at " + path;
    return std::nullopt;
  }
  std::stringstream text;
  text << in.rdbuf();
  Report out;
  out.text = text.str();
  try {
    out.document = nlohmann::ordered_json::parse(out.text);
  } catch (const nlohmann::json::exception& e) {
    error = path + " is not valid JSON: " + e.what();
    return std::nullopt;
  }
  const auto list = out.document.find("findings");
  if (list == out.document.end() || !list->is_array()) {
    error = path + " has no \"findings\" array";
    return std::nullopt;
  }
  if (const auto errors = out.document.find("output_errors"); errors != out.document.end() && errors->is_array())
    for (const auto& e : *errors)
      if (e.is_string()) out.output_errors.push_back(e.get<std::string>());
  for (const auto& f : *list) {
    if (!f.is_object()) {
      error = path + ": a finding that is not an object";
      return std::nullopt;
    }
    ReportedFinding r;
    if (const auto k = f.find("kind"); k != f.end() && k->is_string()) r.kind = k->get<std::string>();
    if (const auto t = f.find("text"); t != f.end() && t->is_string()) r.text = t->get<std::string>();
    if (const auto c = f.find("count"); c != f.end() && c->is_number_unsigned()) r.count = c->get<unsigned>();
    if (const auto t = f.find("taken"); t != f.end() && t->is_boolean()) r.taken = t->get<bool>();
    out.findings.push_back(std::move(r));
  }
  return out;
}

unsigned counted(const std::vector<ReportedFinding>& findings) {
  unsigned n = 0;
  for (const ReportedFinding& f : findings)
    if (!f.taken) n += f.count;
  return n;
}

std::string summary(const std::string& program, const std::vector<ReportedFinding>& findings) {
  std::map<std::string, unsigned> per_kind;
  unsigned distinct = 0, taken = 0;
  for (const ReportedFinding& f : findings) {
    if (f.taken) {
      taken += f.count;
      continue;
    }
    per_kind[f.kind] += f.count;
    ++distinct;
  }
  const unsigned total = counted(findings);
  std::string s = "cusim: " + program + ": ";
  if (total == 0) s += "no findings";
  else s += std::to_string(total) + (total == 1 ? " finding" : " findings") + " (" + std::to_string(distinct) + " distinct)";
  if (taken) s += "; " + std::to_string(taken) + " more taken by the program itself";
  s += "\n";
  std::vector<std::pair<std::string, unsigned>> kinds(per_kind.begin(), per_kind.end());
  std::stable_sort(kinds.begin(), kinds.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  for (const auto& [kind, n] : kinds) {
    std::string pad(kind.size() < 24 ? 24 - kind.size() : 1, ' ');
    s += "cusim:   " + kind + pad + std::to_string(n) + "\n";
  }
  return s;
}

}  // namespace cusim::tool
