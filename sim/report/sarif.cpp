#include "sim/report/sarif.hpp"

#include <unistd.h>

#include <cstdio>
#include <string_view>

namespace cusim::sim {
namespace {

struct Rule {
  const char* id;
  const char* description;  // finding_kinds.def's, one line
  const char* help;         // the first paragraph of the kind's section of docs/CHECKS.md (Markdown)
};

// The help text by kind (rule_help.inc, generated from docs/CHECKS.md by tools/update-checks-doc).
const char* help_of(std::string_view kind) {
#define CUSIM_RULE_HELP(name, text) \
  if (kind == name) return text;
#include "sim/report/rule_help.inc"
#undef CUSIM_RULE_HELP
  return "";
}

const std::vector<Rule>& rules() {
  static const std::vector<Rule> list = [] {
    std::vector<Rule> out;
#define CUSIM_FINDING_KIND(identifier, name, launch_error, sticky, description) \
  out.push_back({name, description, help_of(name)});
#include "sim/report/finding_kinds.def"
#undef CUSIM_FINDING_KIND
    return out;
  }();
  return list;
}

// Findings that do not mean the program is wrong now: memory still allocated at exit, and a spin
// that gave up by itself. Every other kind is an error.
const char* level_of(std::string_view kind) {
  return kind == "leak" || kind == "spin-wait-stalled" ? "warning" : "error";
}

// Markdown as plain text: without the backticks and emphasis marks.
std::string plain(std::string_view markdown) {
  std::string out;
  for (char c : markdown)
    if (c != '`' && c != '*') out += c;
  return out;
}

// A path as a URI reference (RFC 3986): every byte but the unreserved ones and '/' percent-encoded.
std::string uri_path(std::string_view path) {
  std::string out;
  for (unsigned char c : path) {
    const bool unreserved = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                            c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
    if (unreserved) {
      out += static_cast<char>(c);
    } else {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", c);
      out += hex;
    }
  }
  return out;
}

// The physical location of file:line:column; null when the file is not known.
nlohmann::ordered_json physical_location(const std::string& file, unsigned line, unsigned column) {
  if (file.empty()) return nullptr;
  nlohmann::ordered_json artifact;
  if (file.front() == '/') artifact = {{"uri", "file://" + uri_path(file)}};
  else artifact = {{"uri", uri_path(file)}, {"uriBaseId", "WORKDIR"}};
  nlohmann::ordered_json region = nlohmann::ordered_json::object();
  if (line) region["startLine"] = line;
  if (line && column) region["startColumn"] = column;
  nlohmann::ordered_json location = {{"artifactLocation", std::move(artifact)}};
  if (!region.empty()) location["region"] = std::move(region);
  return location;
}

// The lines of the finding's rendered text: "<site>: error: <kind>: <message> [context]", then
// one "<site>: note: <note>" per group; what follows the marker of each.
std::vector<std::string> text_parts(const std::string& text) {
  std::vector<std::string> parts;
  std::size_t from = 0;
  while (from < text.size()) {
    std::size_t end = text.find('\n', from);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(from, end - from);
    from = end + 1;
    for (const char* marker : {": error: ", ": note: "}) {
      if (const auto at = line.find(marker); at != std::string::npos) {
        parts.push_back(line.substr(at + std::string_view(marker).size()));
        break;
      }
    }
  }
  return parts;
}

template <class T>
T value_or(const nlohmann::ordered_json& object, const char* key, T fallback) {
  const auto it = object.find(key);
  if (it == object.end() || it->is_null()) return fallback;
  try {
    return it->get<T>();
  } catch (const nlohmann::json::exception&) {
    return fallback;
  }
}

nlohmann::ordered_json result_of(const nlohmann::ordered_json& f, const std::vector<Rule>& rule_list) {
  const std::string kind = value_or<std::string>(f, "kind", "");
  nlohmann::ordered_json result;
  result["ruleId"] = kind;
  for (std::size_t i = 0; i < rule_list.size(); ++i)
    if (kind == rule_list[i].id) result["ruleIndex"] = i;
  result["level"] = level_of(kind);

  const std::vector<std::string> parts = text_parts(value_or<std::string>(f, "text", ""));
  // The first line without its "kind: " (which ruleId says): the sentence and the threads.
  std::string message = parts.empty() ? value_or<std::string>(f, "message", "") : parts[0];
  if (message.rfind(kind + ": ", 0) == 0) message.erase(0, kind.size() + 2);
  result["message"] = {{"text", message}};

  if (auto at = physical_location(value_or<std::string>(f, "file", ""), value_or<unsigned>(f, "line", 0),
                                  value_or<unsigned>(f, "column", 0));
      !at.is_null())
    result["locations"] = nlohmann::ordered_json::array({{{"physicalLocation", std::move(at)}}});

  // The notes' sites (a race's other access is one of them), each with its note.
  nlohmann::ordered_json related = nlohmann::ordered_json::array();
  const std::string other_file = value_or<std::string>(f, "other_file", "");
  const unsigned other_line = value_or<unsigned>(f, "other_line", 0);
  bool other_named = other_file.empty();
  if (const auto groups = f.find("groups"); groups != f.end() && groups->is_array()) {
    for (std::size_t g = 0; g < groups->size(); ++g) {
      const auto& group = (*groups)[g];
      const std::string file = value_or<std::string>(group, "file", "");
      const unsigned line = value_or<unsigned>(group, "line", 0);
      auto at = physical_location(file, line, value_or<unsigned>(group, "column", 0));
      if (at.is_null()) continue;
      if (file == other_file && line == other_line) other_named = true;
      const std::string note = g + 1 < parts.size() ? parts[g + 1] : value_or<std::string>(group, "state", "");
      related.push_back({{"id", related.size() + 1}, {"physicalLocation", std::move(at)}, {"message", {{"text", note}}}});
    }
  }
  if (!other_named) {
    auto at = physical_location(other_file, other_line, value_or<unsigned>(f, "other_column", 0));
    related.push_back(
        {{"id", related.size() + 1}, {"physicalLocation", std::move(at)}, {"message", {{"text", "the other access"}}}});
  }
  if (!related.empty()) result["relatedLocations"] = std::move(related);

  const unsigned count = value_or<unsigned>(f, "count", 1);
  if (count > 1) result["occurrenceCount"] = count;
  if (value_or<bool>(f, "taken", false))
    result["suppressions"] = nlohmann::ordered_json::array(
        {{{"kind", "inSource"}, {"justification", "taken by the program itself (cusim::take_findings)"}}});

  nlohmann::ordered_json properties = nlohmann::ordered_json::object();
  for (const char* key : {"kernel", "block", "thread", "space", "relation", "address", "error"}) {
    const auto it = f.find(key);
    if (it == f.end() || it->is_null() || (it->is_string() && it->get<std::string>().empty())) continue;
    properties[key] = *it;
  }
  if (!properties.empty()) result["properties"] = std::move(properties);
  return result;
}

}  // namespace

nlohmann::ordered_json sarif_log(const nlohmann::ordered_json& report, const std::string& working_folder,
                                 const std::string& version) {
  const std::vector<Rule>& rule_list = rules();
  nlohmann::ordered_json rule_array = nlohmann::ordered_json::array();
  for (const Rule& r : rule_list) {
    rule_array.push_back({{"id", r.id},
                          {"shortDescription", {{"text", r.description}}},
                          {"fullDescription", {{"text", plain(r.help)}}},
                          {"help", {{"text", plain(r.help)}, {"markdown", r.help}}},
                          {"defaultConfiguration", {{"level", level_of(r.id)}}}});
  }
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  if (const auto findings = report.find("findings"); findings != report.end() && findings->is_array())
    for (const auto& f : *findings) results.push_back(result_of(f, rule_list));

  nlohmann::ordered_json run = {
      {"tool",
       {{"driver",
         {{"name", "cusim"}, {"version", version},
          {"rules", std::move(rule_array)}}}}}};
  std::string folder = working_folder;
  if (folder.empty() || folder.back() != '/') folder += '/';
  run["originalUriBaseIds"] = {{"WORKDIR", {{"uri", "file://" + uri_path(folder)}}}};
  run["results"] = std::move(results);

  // Outputs that could not be written are notifications of the run: it was not wholly successful.
  nlohmann::ordered_json notifications = nlohmann::ordered_json::array();
  if (const auto errors = report.find("output_errors"); errors != report.end() && errors->is_array())
    for (const auto& e : *errors)
      if (e.is_string()) notifications.push_back({{"level", "error"}, {"message", {{"text", e.get<std::string>()}}}});
  nlohmann::ordered_json invocation = {{"executionSuccessful", notifications.empty()}};
  if (!notifications.empty()) invocation["toolExecutionNotifications"] = std::move(notifications);
  run["invocations"] = nlohmann::ordered_json::array({std::move(invocation)});

  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs", nlohmann::ordered_json::array({std::move(run)})}};
}

std::string sarif_text(const nlohmann::ordered_json& report, const std::string& version) {
  char folder[4096];
  return sarif_log(report, getcwd(folder, sizeof folder) ? folder : "/", version)
             .dump(2, ' ', false, nlohmann::json::error_handler_t::replace) +
         "\n";
}

}  // namespace cusim::sim
