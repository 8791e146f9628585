#include "sim/config/config.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "sim/io/output_errors.hpp"
#include "sim/io/output_file.hpp"

namespace cusim::sim {
namespace {

constexpr FlagInfo kFlags[] = {
#define CUSIM_FLAG(name, def, desc) {#name, def, desc},
#include "sim/config/flags.def"
#undef CUSIM_FLAG
};

const char* env(const char* name) {
  const char* v = std::getenv(name);
  return (v && *v) ? v : nullptr;
}

void warn(const char* name, const char* value) {
  std::fprintf(stderr, "cusim: warning: ignoring %s=%s (see docs/CONFIGURATION.md)\n", name, value);
}

// `path` if the output file it names can be written (sim/io/output_file.hpp), else "" after an
// error: the output is then not written, and the program's exit status says so.
std::string output_path(const char* name, const std::string& path) {
  if (path.empty()) return path;
  const std::string why = io::unwritable_reason(path);
  if (why.empty()) return path;
  io::output_failed(std::string(name) + "=" + path + ": cannot write there: " + why);
  return "";
}

// Parses a positive integer, or returns `fallback` after a warning.
std::uint64_t positive(const char* name, std::uint64_t fallback) {
  const char* v = env(name);
  if (!v) return fallback;
  char* end = nullptr;
  unsigned long long n = std::strtoull(v, &end, 10);
  if (*end != '\0' || n == 0) {
    warn(name, v);
    return fallback;
  }
  return n;
}

Config read_environment() {
  Config c{};
  unsigned cores = std::thread::hardware_concurrency();
  c.workers = static_cast<unsigned>(positive("CUSIM_WORKERS", cores ? cores : 1));
  c.schedule = ScheduleKind::in_order;
  if (const char* s = env("CUSIM_SCHEDULE")) {
    if (!std::strcmp(s, "in-order")) c.schedule = ScheduleKind::in_order;
    else if (!std::strcmp(s, "reverse")) c.schedule = ScheduleKind::reverse;
    else if (!std::strcmp(s, "random")) c.schedule = ScheduleKind::random;
    else if (!std::strcmp(s, "interleaved")) c.schedule = ScheduleKind::interleaved;
    else warn("CUSIM_SCHEDULE", s);
  }
  c.seed = positive("CUSIM_SEED", 1);
  c.stack_bytes = positive("CUSIM_STACK_KB", 64) * 1024;
  c.device = "h100";
  if (const char* d = env("CUSIM_DEVICE")) c.device = d;  // validated against the profile table
  c.quiet = false;
  if (const char* q = env("CUSIM_QUIET")) c.quiet = std::strcmp(q, "0") != 0;
  c.checks = check_all;
  if (const char* k = env("CUSIM_CHECK"); k && !parse_checks(k, &c.checks)) {
    warn("CUSIM_CHECK", k);
    c.checks = check_all;
  }
  c.error_exitcode = 1;
  if (const char* e = env("CUSIM_ERROR_EXITCODE")) {
    char* end = nullptr;
    const long v = std::strtol(e, &end, 10);
    if (*end != '\0' || v < 0 || v > 255) warn("CUSIM_ERROR_EXITCODE", e);
    else c.error_exitcode = static_cast<int>(v);
  }
  if (const char* f = env("CUSIM_SUPPRESSIONS")) c.suppressions = f;
  if (const char* r = env("CUSIM_REPORT"))
    c.report = output_path("CUSIM_REPORT", std::strncmp(r, "json:", 5) == 0 ? r + 5 : r);
  if (const char* t = env("CUSIM_TRACE")) c.trace = output_path("CUSIM_TRACE", t);
  c.trace_detail = TraceDetail::blocks;
  if (const char* d = env("CUSIM_TRACE_DETAIL")) {
    if (!std::strcmp(d, "blocks")) c.trace_detail = TraceDetail::blocks;
    else if (!std::strcmp(d, "warps")) c.trace_detail = TraceDetail::warps;
    else if (!std::strcmp(d, "threads")) c.trace_detail = TraceDetail::threads;
    else warn("CUSIM_TRACE_DETAIL", d);
  }
  c.trace_limit = positive("CUSIM_TRACE_LIMIT", 1000000);
  c.stats = "0";
  if (const char* s = env("CUSIM_STATS")) {
    StatsOutput parsed;
    if (!parse_stats(s, &parsed)) warn("CUSIM_STATS", s);
    else if (parsed.json_file.empty() || !output_path("CUSIM_STATS", parsed.json_file).empty()) c.stats = s;
    else c.stats = "1";  // the table on stderr still; the JSON file cannot be written
  }
  if (const char* m = env("CUSIM_ACCESS_MAP")) c.access_map = m;  // checked by the first launch that reads it
  return c;
}

}  // namespace

bool parse_checks(const char* text, unsigned* checks) {
  unsigned bits = 0;
  const char* p = text;
  while (*p) {
    const char* end = std::strchr(p, ',');
    const std::size_t n = end ? static_cast<std::size_t>(end - p) : std::strlen(p);
    auto is = [&](const char* word) { return std::strlen(word) == n && std::strncmp(p, word, n) == 0; };
    if (is("memcheck")) bits |= check_memcheck;
    else if (is("racecheck")) bits |= check_racecheck;
    else if (is("initcheck")) bits |= check_initcheck;
    else if (is("synccheck")) bits |= check_synccheck;
    else if (is("all")) bits |= check_all;
    else if (!is("none")) return false;
    p += n;
    if (*p == ',') ++p;
  }
  *checks = bits;
  return true;
}

bool parse_stats(const std::string& text, StatsOutput* out) {
  *out = StatsOutput{};
  if (text.empty() || text == "0") return true;
  out->on = true;
  if (text == "1" || text == "stderr") return true;
  if (text.rfind("json:", 0) == 0 && text.size() > 5) {
    out->json_file = text.substr(5);
    return true;
  }
  *out = StatsOutput{};
  return false;
}

Config& config() {
  // Never destroyed: the exit handler (findings.cpp) and stream threads read it during exit.
  static Config* c = new Config(read_environment());
  return *c;
}

const FlagInfo* flags_begin() { return kFlags; }
const FlagInfo* flags_end() { return kFlags + sizeof(kFlags) / sizeof(kFlags[0]); }

}  // namespace cusim::sim
