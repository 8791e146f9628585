#include "sim/stats/stats_render.hpp"

#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

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

std::string global_row(const char* what, const cusim::AccessCount& c, const cusim::SectorMetric& m) {
  return format("    %-8s %12" PRIu64 " %12" PRIu64 " %11" PRIu64 " %11" PRIu64 " %17.2f\n", what, c.accesses, c.bytes,
                m.requests, m.sectors, m.per_request());
}
std::string shared_row(const char* what, const cusim::AccessCount& c, const cusim::BankMetric& m) {
  return format("    %-8s %12" PRIu64 " %12" PRIu64 " %11" PRIu64 " %11" PRIu64 " %11" PRIu64 " %19.2f\n", what, c.accesses,
                c.bytes, m.requests, m.wavefronts, m.conflicts, m.per_request());
}

// The ratio as the table shows it, to six significant digits (the JSON matches the table's figures).
double rounded(double v) { return std::stod(format("%.6g", v)); }

nlohmann::ordered_json json_global(const cusim::AccessCount& c, const cusim::SectorMetric& m) {
  return {{"accesses", c.accesses}, {"bytes", c.bytes}, {"requests", m.requests}, {"sectors", m.sectors},
          {"sectors_per_request", rounded(m.per_request())}};
}
nlohmann::ordered_json json_shared(const cusim::AccessCount& c, const cusim::BankMetric& m) {
  return {{"accesses", c.accesses},         {"bytes", c.bytes},         {"requests", m.requests},
          {"wavefronts", m.wavefronts},     {"bank_conflicts", m.conflicts},
          {"conflicts_per_request", rounded(m.per_request())}};
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
  auto dims3 = [](const dim3& d) { return nlohmann::ordered_json{d.x, d.y, d.z}; };
  nlohmann::ordered_json j = {{"launch", s.launch},         {"kernel", s.kernel},     {"grid", dims3(s.grid)},
                              {"block", dims3(s.block)},    {"blocks", s.blocks},     {"threads", s.threads},
                              {"barriers", s.barriers},     {"barrier_waits", s.barrier_waits},
                              {"memory_measured", s.memory_measured}};
  if (!s.memory_measured) {
    j["memory_note"] = kNotMeasured;
  } else {
    j["global"] = {{"loads", json_global(s.global_loads, s.global_load_sectors)},
                   {"stores", json_global(s.global_stores, s.global_store_sectors)},
                   {"atomics", s.global_atomics}};
    j["shared"] = {{"loads", json_shared(s.shared_loads, s.shared_load_banks)},
                   {"stores", json_shared(s.shared_stores, s.shared_store_banks)},
                   {"atomics", s.shared_atomics}};
    j["atomic_contention"] = nullptr;
    if (s.contention.atomics)
      j["atomic_contention"] = {{"atomics", s.contention.atomics}, {"space", s.contention.space},
                                {"variable", s.contention.variable}, {"offset", s.contention.offset}};
    j["split_requests"] = s.split_requests;
  }
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace cusim::sim::stats
