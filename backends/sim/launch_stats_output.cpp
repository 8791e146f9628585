#include "backends/sim/launch_stats_output.hpp"

#include <cstdio>
#include <mutex>
#include <optional>
#include <set>

#include "sim/stats/stats_render.hpp"

namespace cusim::backend {
namespace {

std::mutex m;
// Never destroyed: launches may finish while the program's statics are destroyed.
struct Kept {
  std::optional<cusim::LaunchStats> last;
  std::set<std::string> started;  // JSON files this process has begun
  std::set<std::string> warned;   // settings already reported as invalid
};
Kept& kept() {
  static auto* k = new Kept;
  return *k;
}

// Adds one object to the JSON array in `path` so that the file is a complete array after every
// launch: the first launch writes "[\n<object>\n]\n"; later ones overwrite the closing "\n]\n".
void append_json(const std::string& path, const std::string& object, Kept& k) {
  std::FILE* f = nullptr;
  if (k.started.count(path)) {
    f = std::fopen(path.c_str(), "r+b");
    if (f && std::fseek(f, -3, SEEK_END) == 0) {
      std::fprintf(f, ",\n%s\n]\n", object.c_str());
      std::fclose(f);
      return;
    }
    if (f) std::fclose(f);
  }
  // New in this process, or gone since: begin it again.
  f = std::fopen(path.c_str(), "wb");
  if (!f) {
    std::fprintf(stderr, "cusim: warning: CUSIM_STATS: cannot write %s\n", path.c_str());
    return;
  }
  std::fprintf(f, "[\n%s\n]\n", object.c_str());
  std::fclose(f);
  k.started.insert(path);
}

}  // namespace

sim::StatsOutput stats_output(const std::string& setting) {
  sim::StatsOutput out;
  if (sim::parse_stats(setting, &out)) return out;
  std::lock_guard<std::mutex> lock(m);
  if (kept().warned.insert(setting).second)
    std::fprintf(stderr, "cusim: warning: ignoring CUSIM_STATS=%s (0, 1, stderr or json:<file>; see docs/STATS.md)\n",
                 setting.c_str());
  return out;
}

void publish_stats(const cusim::LaunchStats& stats, const sim::StatsOutput& output) {
  const std::string table = sim::stats::render_table(stats);
  std::lock_guard<std::mutex> lock(m);
  Kept& k = kept();
  std::fflush(stdout);  // the program's own output first, as with findings
  std::fputs(table.c_str(), stderr);
  if (!output.json_file.empty()) append_json(output.json_file, sim::stats::render_json(stats), k);
  k.last = stats;
}

}  // namespace cusim::backend

namespace cusim {
std::optional<LaunchStats> last_launch_stats() {
  std::lock_guard<std::mutex> lock(backend::m);
  return backend::kept().last;
}
}  // namespace cusim
