// The text renderer: a finding as a compiler-style error line and its notes.
#include <cstdio>

#include "sim/report/diagnostic.hpp"
#include "sim/report/wording.hpp"

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

const char* space_name(MemorySpace space) {
  switch (space) {
    case MemorySpace::none: return "";
    case MemorySpace::global: return "global";
    case MemorySpace::shared: return "shared";
  }
  return "";
}

namespace {
std::string location(const SourceSite& s) {
  if (!s.known()) return "cusim";
  char buf[64];
  if (s.column) std::snprintf(buf, sizeof buf, ":%u:%u", s.line, s.column);
  else std::snprintf(buf, sizeof buf, ":%u", s.line);
  return std::string(s.file) + buf;
}
}  // namespace

std::string render_text(const Diagnostic& d) {
  std::string out = location(d.site) + ": error: " + kind_name(d.kind) + ": " + d.message;
  if (!d.kernel.empty()) {
    out += " [kernel '" + d.kernel + "'";
    if (d.has_thread) out += ", block " + coordinates(d.block) + ", thread " + coordinates(d.thread);
    out += "]";
  }
  if (d.count > 1) out += " (" + std::to_string(d.count) + " times)";
  out += "\n";
  for (const ThreadGroup& g : d.groups) {
    out += location(g.site) + ": note: ";
    if (!g.threads.empty()) {
      out += (g.total > 1 ? "threads " : "thread ") + thread_list(g.threads, g.total);
      if (g.has_block) out += " of block " + coordinates(g.block);
      out += " ";
    }
    out += g.state + "\n";
  }
  return out;
}

}  // namespace cusim::sim
