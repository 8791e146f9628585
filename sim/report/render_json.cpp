#include "sim/report/render_json.hpp"

namespace cusim::sim {
namespace {

nlohmann::ordered_json dim(const Dim& d) { return {d.x, d.y, d.z}; }

// "file", "line", "column" of a site, under `prefix` ("" or "other_").
void add_site(nlohmann::ordered_json& out, const std::string& prefix, const SourceSite& s) {
  out[prefix + "file"] = s.known() ? s.file : "";
  out[prefix + "line"] = s.known() ? s.line : 0;
  out[prefix + "column"] = s.known() ? s.column : 0;
}

}  // namespace

nlohmann::ordered_json render_json(const Diagnostic& d) {
  nlohmann::ordered_json out = {{"kind", kind_name(d.kind)}, {"kernel", d.kernel}, {"space", space_name(d.space)}};
  add_site(out, "", d.site);
  add_site(out, "other_", d.other_site);
  out["relation"] = d.relation;
  out["count"] = d.count;
  out["message"] = d.message;
  out["block"] = d.has_thread ? dim(d.block) : nullptr;
  out["thread"] = d.has_thread ? dim(d.thread) : nullptr;
  out["address"] = d.address;
  nlohmann::ordered_json groups = nlohmann::ordered_json::array();
  for (const ThreadGroup& g : d.groups) {
    nlohmann::ordered_json threads = nlohmann::ordered_json::array();
    for (const ThreadRange& r : g.threads)
      threads.push_back({{"first", dim(r.first)}, {"last", dim(r.last)}, {"count", r.count}});
    nlohmann::ordered_json group = {{"threads", std::move(threads)},
                            {"total", g.total},
                            {"block", g.has_block ? dim(g.block) : nullptr},
                            {"state", g.state}};
    add_site(group, "", g.site);
    groups.push_back(std::move(group));
  }
  out["groups"] = std::move(groups);
  return out;
}

}  // namespace cusim::sim
