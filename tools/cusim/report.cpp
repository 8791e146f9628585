#include "tools/cusim/report.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include "tools/cusim/json.hpp"

namespace cusim::tool {

std::optional<Report> read_report(const std::string& path, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "no report at " + path;
    return std::nullopt;
  }
  std::stringstream text;
  text << in.rdbuf();
  try {
    const json::Value doc = json::parse(text.str());
    const json::Value* list = doc.find("findings");
    if (!list || !list->is_array()) {
      error = path + " has no \"findings\" array";
      return std::nullopt;
    }
    Report out;
    out.text = text.str();
    if (const json::Value* errors = doc.find("output_errors"); errors && errors->is_array())
      for (const json::Value& e : errors->as_array())
        if (e.is_string()) out.output_errors.push_back(e.as_string());
    for (const json::Value& f : list->as_array()) {
      ReportedFinding r;
      if (const json::Value* k = f.find("kind"); k && k->is_string()) r.kind = k->as_string();
      if (const json::Value* t = f.find("text"); t && t->is_string()) r.text = t->as_string();
      if (const json::Value* c = f.find("count"); c && c->is_number()) r.count = static_cast<unsigned>(c->as_number());
      if (const json::Value* t = f.find("taken"); t && t->is_bool()) r.taken = t->as_bool();
      out.findings.push_back(std::move(r));
    }
    return out;
  } catch (const json::ParseError& e) {
    error = path + " is not valid JSON: " + e.what();
  } catch (const std::logic_error& e) {
    error = path + ": " + e.what();
  }
  return std::nullopt;
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
