// The JSON renderer: a finding's fields as data (docs/CHECKS.md, "Reports").
#include "sim/report/diagnostic.hpp"
#include "sim/report/json.hpp"

namespace cusim::sim {
namespace {

std::string number(std::uint64_t n) { return std::to_string(n); }

std::string dim(const Dim& d) { return "[" + number(d.x) + ", " + number(d.y) + ", " + number(d.z) + "]"; }

// "file", "line", "column" of a site, under `prefix` ("" or "other_").
std::string site(const std::string& prefix, const SourceSite& s) {
  return "\"" + prefix + "file\": " + json_string(s.known() ? s.file : "") + ", \"" + prefix + "line\": " +
         number(s.known() ? s.line : 0) + ", \"" + prefix + "column\": " + number(s.known() ? s.column : 0);
}

}  // namespace

std::string render_json_members(const Diagnostic& d) {
  std::string out = "\"kind\": " + json_string(kind_name(d.kind)) + ", \"kernel\": " + json_string(d.kernel) +
                    ", \"space\": " + json_string(space_name(d.space)) + ", " + site("", d.site) + ", " +
                    site("other_", d.other_site) + ", \"relation\": " + json_string(d.relation) +
                    ", \"count\": " + number(d.count) +
                    ", \"message\": " + json_string(d.message);
  out += ", \"block\": " + (d.has_thread ? dim(d.block) : "null");
  out += ", \"thread\": " + (d.has_thread ? dim(d.thread) : "null");
  out += ", \"address\": " + number(d.address);
  out += ", \"groups\": [";
  for (std::size_t i = 0; i < d.groups.size(); ++i) {
    const ThreadGroup& g = d.groups[i];
    out += std::string(i ? ", " : "") + "{\"threads\": [";
    for (std::size_t r = 0; r < g.threads.size(); ++r)
      out += std::string(r ? ", " : "") + "{\"first\": " + dim(g.threads[r].first) + ", \"last\": " +
             dim(g.threads[r].last) + ", \"count\": " + number(g.threads[r].count) + "}";
    out += "], \"total\": " + number(g.total) + ", \"block\": " + (g.has_block ? dim(g.block) : "null") +
           ", \"state\": " + json_string(g.state) + ", " + site("", g.site) + "}";
  }
  return out + "]";
}

}  // namespace cusim::sim
