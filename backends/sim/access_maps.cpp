#include "backends/sim/access_maps.hpp"

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <set>

#include "sim/access_map/access_map.hpp"
#include "sim/access_map/access_map_files.hpp"
#include "sim/config/config.hpp"
#include "sim/io/output_errors.hpp"
#include "sim/io/output_file.hpp"
#include "sim/memory/allocation_names.hpp"
#include "sim/memory/device_heap.hpp"
#include "sim/report/symbolize.hpp"

namespace cusim::backend {
namespace {

struct State {
  std::string setting;             // the CUSIM_ACCESS_MAP value this state is for
  bool valid = false;
  sim::AccessMapSpec spec;
  std::shared_ptr<sim::AccessMap> map;  // once the allocation is found
  bool written = false;            // the map was written: nothing more to record
  std::set<std::uint64_t> looked_at;    // allocations whose site was compared already
  bool said_fast = false;          // warned that a fast build makes no map
};
std::mutex maps_mutex;
// Never destroyed: the exit handler reads it.
State& state() {
  static auto* s = new State;
  return *s;
}

bool ends_with(const std::string& s, const std::string& end) {
  return s.size() >= end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}

// Writes the map (under maps_mutex), and says where to, unless CUSIM_QUIET.
void write(State& s) {
  if (!s.map || s.written) return;
  s.written = true;
  std::string error;
  std::fflush(stdout);
  if (!sim::write_access_map(*s.map, &error))
    sim::io::output_failed("CUSIM_ACCESS_MAP=" + s.setting + ": " + error);
  else if (!sim::config().quiet)
    std::fprintf(stderr, "cusim: access map of %s written to %s.csv and .json\n", s.map->what().c_str(),
                 s.spec.prefix.c_str());
}

// The allocation the spec selects, if it is live.
std::optional<sim::HeapAllocation> find_allocation(State& s) {
  const sim::DeviceHeap& heap = sim::DeviceHeap::instance();
  if (s.spec.select == sim::AccessMapSpec::Select::name) {
    const auto begin = sim::allocation_named(s.spec.name);
    if (!begin) return std::nullopt;
    const auto a = heap.lookup(reinterpret_cast<const void*>(*begin));
    return a && !a->freed && a->begin == *begin ? a : std::nullopt;
  }
  for (const sim::HeapAllocation& a : heap.live()) {
    if (s.spec.select == sim::AccessMapSpec::Select::ordinal) {
      if (a.serial == s.spec.ordinal) return a;
      continue;
    }
    // By source line: each allocation's call site is looked up once.
    if (!s.looked_at.insert(a.serial).second) continue;
    const sim::SourceSite site = sim::call_site(a.alloc_site);
    if (site.file && site.line == s.spec.line && ends_with(site.file, s.spec.file)) return a;
  }
  return std::nullopt;
}

// "`out` (allocation #2, 2000 bytes, made at square.cu:12)".
std::string describe(const sim::HeapAllocation& a) {
  const std::string name = sim::allocation_name(a.begin);
  std::string what = "allocation #" + std::to_string(a.serial) + ", " + std::to_string(a.size) + " bytes";
  const sim::SourceSite site = sim::call_site(a.alloc_site);
  if (site.file) {
    const std::string file = site.file;
    what += ", made at " + file.substr(file.find_last_of('/') + 1) + ":" + std::to_string(site.line);
  }
  return name.empty() ? what : "`" + name + "` (" + what + ")";
}

void at_exit(int, void*) {
  std::lock_guard<std::mutex> lock(maps_mutex);
  State& s = state();
  if (s.map) write(s);
  else if (s.valid && !s.said_fast)
    std::fprintf(stderr, "cusim: warning: CUSIM_ACCESS_MAP: no launch found %s; nothing written\n",
                 s.spec.selector_text().c_str());
}
// Registered before any work queue exists, so it runs after they have drained (findings.cpp).
[[gnu::constructor]] void register_at_exit() { on_exit(at_exit, nullptr); }

}  // namespace

std::shared_ptr<sim::LaunchObserver> access_map_observer(const std::string& setting, const sim::LaunchPlan& plan) {
  std::lock_guard<std::mutex> lock(maps_mutex);
  State& s = state();
  if (setting != s.setting) {
    write(s);
    s = State{};
    s.setting = setting;
    if (!setting.empty()) {
      std::string error;
      s.valid = sim::parse_access_map_spec(setting, &s.spec, &error);
      if (!s.valid)
        std::fprintf(stderr, "cusim: warning: ignoring CUSIM_ACCESS_MAP=%s: %s (see docs/STATS.md)\n", setting.c_str(),
                     error.c_str());
      // The files are checked now, so that a map that cannot be written is known before the run.
      for (const char* extension : {".csv", ".json"})
        if (const std::string file = s.spec.prefix + extension; s.valid)
          if (const std::string why = sim::io::unwritable_reason(file); !why.empty()) {
            sim::io::output_failed("CUSIM_ACCESS_MAP=" + setting + ": " + file + ": cannot write there: " + why);
            s.valid = false;
          }
    }
  }
  if (!s.valid || s.written || (s.spec.launch && s.spec.launch != plan.launch)) return nullptr;
  if (!plan.instrumented) {  // a fast build: kernel code reports no access
    if (!s.said_fast)
      std::fprintf(stderr, "cusim: warning: CUSIM_ACCESS_MAP needs the checked build (CMake option CUSIM_CHECKED=ON): "
                           "this program's kernels are not instrumented; no map is made\n");
    s.said_fast = true;
    return nullptr;
  }
  if (!s.map) {
    const auto a = find_allocation(s);
    if (!a) return nullptr;
    s.map = std::make_shared<sim::AccessMap>(a->begin, a->size, s.spec, describe(*a));
  }
  return s.map->observe_launch(plan.launch, plan.grid, plan.block);
}

void access_map_allocation_freed(std::uintptr_t begin) {
  std::lock_guard<std::mutex> lock(maps_mutex);
  State& s = state();
  if (s.map && s.map->begin() == begin) write(s);
}

void access_map_device_reset() {
  std::lock_guard<std::mutex> lock(maps_mutex);
  write(state());
}

}  // namespace cusim::backend
