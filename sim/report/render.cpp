#include <cstdio>

#include "sim/report/diagnostic.hpp"

namespace cusim::sim {

const char* kind_name(DiagnosticKind kind) {
  switch (kind) {
    case DiagnosticKind::barrier_divergence: return "barrier-divergence";
    case DiagnosticKind::deadlock: return "deadlock";
    case DiagnosticKind::warp_lane_exited: return "warp-lane-exited";
    case DiagnosticKind::warp_lane_absent: return "warp-lane-absent";
    case DiagnosticKind::warp_lane_not_in_mask: return "warp-lane-not-in-mask";
    case DiagnosticKind::warp_mask_mismatch: return "warp-mask-mismatch";
    case DiagnosticKind::assertion_failed: return "assertion-failed";
    case DiagnosticKind::kernel_exception: return "kernel-exception";
    case DiagnosticKind::stack_overflow: return "stack-overflow";
    case DiagnosticKind::illegal_address: return "illegal-address";
    case DiagnosticKind::arithmetic_fault: return "arithmetic-fault";
    case DiagnosticKind::illegal_instruction: return "illegal-instruction";
    case DiagnosticKind::trap: return "trap";
    case DiagnosticKind::shared_memory_limit: return "shared-memory-limit";
    case DiagnosticKind::launch_config: return "invalid-launch";
    case DiagnosticKind::invalid_free: return "invalid-free";
    case DiagnosticKind::invalid_memory_range: return "invalid-memory-range";
    case DiagnosticKind::invalid_handle: return "invalid-handle";
    case DiagnosticKind::out_of_bounds: return "out-of-bounds";
    case DiagnosticKind::misaligned_access: return "misaligned-access";
    case DiagnosticKind::use_after_free: return "use-after-free";
    case DiagnosticKind::wild_access: return "wild-access";
    case DiagnosticKind::race_raw: return "race-raw";
    case DiagnosticKind::race_war: return "race-war";
    case DiagnosticKind::race_waw: return "race-waw";
    case DiagnosticKind::race_atomic: return "race-atomic";
    case DiagnosticKind::uninitialized_read: return "uninitialized-read";
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
