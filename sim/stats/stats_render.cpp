#include "sim/stats/stats_render.hpp"

#include <cinttypes>
#include <cstdarg>
#include <cstdio>

#include "sim/report/json.hpp"
#include "sim/report/wording.hpp"

namespace cusim::sim::stats {
namespace {

std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char* fmt, ...) {
  char buf[512];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, args);
  va_end(args);
  return buf;
}

std::string dims(const dim3& d) { return coordinates(d.x, d.y, d.z); }
std::string json_dims(const dim3& d) { return format("[%u, %u, %u]", d.x, d.y, d.z); }
std::string number(double v) { return format("%.6g", v); }

std::string global_row(const char* what, const cusim::AccessCount& c, const cusim::SectorMetric& m) {
  return format("    %-8s %12" PRIu64 " %12" PRIu64 " %11" PRIu64 " %11" PRIu64 " %17.2f\n", what, c.accesses, c.bytes,
                m.requests, m.sectors, m.per_request());
}
std::string shared_row(const char* what, const cusim::AccessCount& c, const cusim::BankMetric& m) {
  return format("    %-8s %12" PRIu64 " %12" PRIu64 " %11" PRIu64 " %11" PRIu64 " %11" PRIu64 " %19.2f\n", what, c.accesses,
                c.bytes, m.requests, m.wavefronts, m.conflicts, m.per_request());
}

std::string json_global(const cusim::AccessCount& c, const cusim::SectorMetric& m) {
  return format("{\"accesses\": %" PRIu64 ", \"bytes\": %" PRIu64 ", \"requests\": %" PRIu64 ", \"sectors\": %" PRIu64
                ", \"sectors_per_request\": ",
                c.accesses, c.bytes, m.requests, m.sectors) +
         number(m.per_request()) + "}";
}
std::string json_shared(const cusim::AccessCount& c, const cusim::BankMetric& m) {
  return format("{\"accesses\": %" PRIu64 ", \"bytes\": %" PRIu64 ", \"requests\": %" PRIu64 ", \"wavefronts\": %" PRIu64
                ", \"bank_conflicts\": %" PRIu64 ", \"conflicts_per_request\": ",
                c.accesses, c.bytes, m.requests, m.wavefronts, m.conflicts) +
         number(m.per_request()) + "}";
}

}  // namespace

std::string render_table(const cusim::LaunchStats& s) {
  std::string t = format("cusim: stats of launch %" PRIu64 ": ", s.launch) + s.kernel + ", grid " + dims(s.grid) +
                  ", block " + dims(s.block) + "\n";
  t += format("  blocks %" PRIu64 ", threads %" PRIu64 ", barriers %" PRIu64 " (%" PRIu64 " thread arrivals)\n", s.blocks,
              s.threads, s.barriers, s.barrier_waits);
  if (!s.memory_measured) return t + "  memory: " + kNotMeasured + "\n";
  t += format("  %-10s %12s %12s %11s %11s %17s\n", "global", "accesses", "bytes", "requests", "sectors", "sectors/request");
  t += global_row("loads", s.global_loads, s.global_load_sectors);
  t += global_row("stores", s.global_stores, s.global_store_sectors);
  t += format("    %-8s %12" PRIu64 "\n", "atomics", s.global_atomics);
  t += format("  %-10s %12s %12s %11s %11s %11s %19s\n", "shared", "accesses", "bytes", "requests", "wavefronts",
              "conflicts", "conflicts/request");
  t += shared_row("loads", s.shared_loads, s.shared_load_banks);
  t += shared_row("stores", s.shared_stores, s.shared_store_banks);
  t += format("    %-8s %12" PRIu64 "\n", "atomics", s.shared_atomics);
  if (s.contention.atomics)
    t += format("  most atomics on one address: %" PRIu64 ", ", s.contention.atomics) + s.contention.space + " " +
         s.contention.variable + format(" + %" PRIu64 " bytes\n", s.contention.offset);
  if (s.split_requests)
    t += format("  note: %" PRIu64 " requests closed before every lane of their warp joined (too many open in one block); "
                "per-request figures are approximate (CUSIM_SCHEDULE=interleaved keeps lanes together)\n",
                s.split_requests);
  return t;
}

std::string render_json(const cusim::LaunchStats& s) {
  std::string j = format("{\"launch\": %" PRIu64 ", \"kernel\": ", s.launch) + json_string(s.kernel) +
                  ", \"grid\": " + json_dims(s.grid) + ", \"block\": " + json_dims(s.block) +
                  format(", \"blocks\": %" PRIu64 ", \"threads\": %" PRIu64 ", \"barriers\": %" PRIu64
                         ", \"barrier_waits\": %" PRIu64 ", \"memory_measured\": %s",
                         s.blocks, s.threads, s.barriers, s.barrier_waits, s.memory_measured ? "true" : "false");
  if (!s.memory_measured) return j + ", \"memory_note\": " + json_string(kNotMeasured) + "}";
  j += ", \"global\": {\"loads\": " + json_global(s.global_loads, s.global_load_sectors) +
       ", \"stores\": " + json_global(s.global_stores, s.global_store_sectors) +
       format(", \"atomics\": %" PRIu64 "}", s.global_atomics);
  j += ", \"shared\": {\"loads\": " + json_shared(s.shared_loads, s.shared_load_banks) +
       ", \"stores\": " + json_shared(s.shared_stores, s.shared_store_banks) +
       format(", \"atomics\": %" PRIu64 "}", s.shared_atomics);
  j += ", \"atomic_contention\": ";
  if (s.contention.atomics)
    j += format("{\"atomics\": %" PRIu64 ", \"space\": ", s.contention.atomics) + json_string(s.contention.space) +
         ", \"variable\": " + json_string(s.contention.variable) + format(", \"offset\": %" PRIu64 "}", s.contention.offset);
  else
    j += "null";
  return j + format(", \"split_requests\": %" PRIu64 "}", s.split_requests);
}

}  // namespace cusim::sim::stats
