#include "backends/sim/launch_stats_output.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <set>

#include "sim/io/output_errors.hpp"
#include "sim/io/output_file.hpp"
#include "sim/stats/stats_render.hpp"

namespace cusim::backend {
namespace {

std::mutex stats_mutex;
// A JSON file this process writes: the array is complete after every launch.
struct JsonFile {
  bool failed = false;                     // reported once; nothing more is written
  dev_t dev = 0;                           // a regular file: the one this process made, which
  ino_t ino = 0;                           // later launches extend in place
  std::unique_ptr<sim::io::OutputFile> open;  // a special file (a FIFO, a device): kept open
};
// Never destroyed: launches may finish while the program's statics are destroyed.
struct Kept {
  std::optional<cusim::LaunchStats> last;
  std::map<std::string, JsonFile> files;
  std::set<std::string> warned;  // settings already reported as invalid
  bool exiting = false;          // the special files are closed: nothing more is written to them
};
Kept& kept() {
  static auto* k = new Kept;
  return *k;
}

void failed(const std::string& path, JsonFile& f, const std::string& why) {
  f.failed = true;
  f.open.reset();
  sim::io::output_failed("CUSIM_STATS=json:" + path + ": " + why);
}

// A special file gets each element as it comes, and the closing bracket at exit.
void close_special_files() {
  std::lock_guard<std::mutex> lock(stats_mutex);
  Kept& k = kept();
  k.exiting = true;
  for (auto& [path, f] : k.files) {
    if (!f.open) continue;
    std::fputs("\n]\n", f.open->stream());
    if (std::string error; !f.open->commit(&error)) failed(path, f, error);
    f.open.reset();
  }
}

// Adds one object to the JSON array in `path` (sim/io/output_file.hpp says how paths are written).
// A regular file is a complete array after every launch: the first launch writes "[\n<object>\n]\n"
// through a temporary file; later ones overwrite the closing "\n]\n" of the file it made.
void append_json(const std::string& path, const std::string& object, Kept& k) {
  JsonFile& f = k.files[path];
  if (f.failed) return;
  if (f.open) {
    std::fprintf(f.open->stream(), ",\n%s", object.c_str());
    if (std::fflush(f.open->stream()) != 0) failed(path, f, std::strerror(errno));
    return;
  }
  struct stat st;
  if (f.ino && stat(path.c_str(), &st) == 0 && st.st_dev == f.dev && st.st_ino == f.ino) {
    std::FILE* file = std::fopen(path.c_str(), "r+b");
    if (file && std::fseek(file, -3, SEEK_END) == 0) {
      std::fprintf(file, ",\n%s\n]\n", object.c_str());
      if (std::fclose(file) != 0) failed(path, f, std::strerror(errno));
      return;
    }
    if (file) std::fclose(file);
  }
  // New in this process, or not the file it made any more: begin it again.
  if (k.exiting) return;
  std::string error;
  std::unique_ptr<sim::io::OutputFile> out = sim::io::OutputFile::open(path, &error);
  if (!out) return failed(path, f, error);
  if (out->in_place()) {
    std::fprintf(out->stream(), "[\n%s", object.c_str());
    if (std::fflush(out->stream()) != 0) return failed(path, f, std::strerror(errno));
    static const bool registered = std::atexit(close_special_files) == 0;
    (void)registered;
    f.open = std::move(out);
    return;
  }
  std::fprintf(out->stream(), "[\n%s\n]\n", object.c_str());
  if (!out->commit(&error)) return failed(path, f, error);
  if (stat(path.c_str(), &st) == 0) f.dev = st.st_dev, f.ino = st.st_ino;
}

}  // namespace

sim::StatsOutput stats_output(const std::string& setting) {
  sim::StatsOutput out;
  if (sim::parse_stats(setting, &out)) return out;
  std::lock_guard<std::mutex> lock(stats_mutex);
  if (kept().warned.insert(setting).second)
    std::fprintf(stderr, "cusim: warning: ignoring CUSIM_STATS=%s (0, 1, stderr or json:<file>; see docs/STATS.md)\n",
                 setting.c_str());
  return out;
}

void publish_stats(const cusim::LaunchStats& stats, const sim::StatsOutput& output) {
  const std::string table = sim::stats::render_table(stats);
  std::lock_guard<std::mutex> lock(stats_mutex);
  Kept& k = kept();
  std::fflush(stdout);  // the program's own output first, as with findings
  std::fputs(table.c_str(), stderr);
  if (!output.json_file.empty()) append_json(output.json_file, sim::stats::render_json(stats), k);
  k.last = stats;
}

}  // namespace cusim::backend

namespace cusim {
std::optional<LaunchStats> last_launch_stats() {
  std::lock_guard<std::mutex> lock(backend::stats_mutex);
  return backend::kept().last;
}
}  // namespace cusim
