#include <cstdio>

#include "sim/report/diagnostic.hpp"

namespace cusim::sim {

const char* kind_name(DiagnosticKind kind) {
  switch (kind) {
#define CUSIM_FINDING_KIND(identifier, name, launch_error, sticky, description) \
  case DiagnosticKind::identifier:                                              \
    return name;
#include "sim/report/finding_kinds.def"
#undef CUSIM_FINDING_KIND
  }
  return "unknown";
}

namespace {
std::string location(const SourceSite& s) {
  if (!s.known()) return "cusim";
  char buf[64];
  if (s.column) std::snprintf(buf, sizeof buf, ":%u:%u", s.line, s.column);
  else std::snprintf(buf, sizeof buf, ":%u", s.line);
  return std::string(s.file) + buf;
}
std::string dim(const Dim& d) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "(%u,%u,%u)", d.x, d.y, d.z);
  return buf;
}
}  // namespace

std::string render_text(const Diagnostic& d) {
  std::string out = location(d.site) + ": error: " + kind_name(d.kind) + ": " + d.message;
  if (!d.kernel.empty()) {
    out += " [kernel '" + d.kernel + "'";
    if (d.has_thread) out += ", block " + dim(d.block) + ", thread " + dim(d.thread);
    out += "]";
  }
  if (d.count > 1) out += " (" + std::to_string(d.count) + " times)";
  out += "\n";
  for (const ThreadGroup& g : d.groups) {
    if (g.threads.empty()) {
      out += location(g.site) + ": note: " + g.state + "\n";
      continue;
    }
    const bool several = g.threads.find("..") != std::string::npos || g.threads.find("),") != std::string::npos;
    out += location(g.site) + ": note: " + (several ? "threads " : "thread ") + g.threads + " " + g.state + "\n";
  }
  return out;
}

}  // namespace cusim::sim
