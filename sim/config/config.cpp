#include "sim/config/config.hpp"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "sim/io/output_errors.hpp"
#include "sim/io/output_file.hpp"

namespace cusim::sim {
namespace {

constexpr FlagInfo kFlags[] = {
#define CUSIM_FLAG(variable, field, type, default_value, documented, parse, description) \
  {#variable, documented, description},
#include "sim/config/flags.def"
#undef CUSIM_FLAG
};

unsigned default_workers() {
  const unsigned cores = std::thread::hardware_concurrency();
  return cores ? cores : 1;
}

// ---- the parsers of flags.def: each reads a variable's text into its field, or rejects it ----

// A whole decimal number in [low, high].
template <class T>
bool parse_number(const char* text, T low, T high, T* out) {
  if (!*text || *text == '-' || *text == '+') return false;
  errno = 0;
  char* end = nullptr;
  const unsigned long long n = std::strtoull(text, &end, 10);
  if (*end != '\0' || errno == ERANGE || n < static_cast<unsigned long long>(low) ||
      n > static_cast<unsigned long long>(high))
    return false;
  *out = static_cast<T>(n);
  return true;
}
bool parse_workers(const char*, const char* text, unsigned* out) { return parse_number(text, 1u, 4096u, out); }
bool parse_seed(const char*, const char* text, std::uint64_t* out) {
  return parse_number<std::uint64_t>(text, 1, ~std::uint64_t{0}, out);
}
bool parse_stack_kb(const char*, const char* text, std::size_t* out) {
  return parse_number<std::size_t>(text, 4, std::size_t{1} << 20, out);
}
bool parse_trace_limit(const char*, const char* text, std::uint64_t* out) {
  return parse_number<std::uint64_t>(text, 1, 0xffffffffull, out);
}
bool parse_timeout(const char*, const char* text, double* out) { return parse_seconds(text, out); }
bool parse_exit_status(const char*, const char* text, int* out) { return parse_number(text, 0, 255, out); }
bool parse_text(const char*, const char* text, std::string* out) {
  *out = text;
  return true;
}
bool parse_switch(const char*, const char* text, bool* out) {
  *out = std::strcmp(text, "0") != 0;
  return true;
}
bool parse_check_list(const char*, const char* text, unsigned* out) { return parse_checks(text, out); }
bool parse_schedule(const char*, const char* text, ScheduleKind* out) {
  for (auto [word, kind] : {std::pair{"in-order", ScheduleKind::in_order}, std::pair{"reverse", ScheduleKind::reverse},
                            std::pair{"random", ScheduleKind::random}, std::pair{"interleaved", ScheduleKind::interleaved}})
    if (!std::strcmp(text, word)) return *out = kind, true;
  return false;
}
bool parse_trace_detail(const char*, const char* text, TraceDetail* out) {
  for (auto [word, detail] : {std::pair{"blocks", TraceDetail::blocks}, std::pair{"warps", TraceDetail::warps},
                              std::pair{"threads", TraceDetail::threads}})
    if (!std::strcmp(text, word)) return *out = detail, true;
  return false;
}
// An output file (sim/io/output_file.hpp): one that cannot be written is an error now, and the
// output is then not written; the program's exit status says so.
bool parse_output(const char* name, const char* text, std::string* out) {
  out->clear();
  if (const std::string why = io::unwritable_reason(text); !why.empty())
    io::output_failed(std::string(name) + "=" + text + ": cannot write there: " + why);
  else *out = text;
  return true;
}
// Kept as "<format>:<file>" (report_output reads it), or empty when the file cannot be written.
bool parse_report(const char* name, const char* text, std::string* out) {
  ReportOutput report = report_output(text);
  const std::string file = report.file;
  if (!parse_output(name, file.c_str(), &report.file)) return false;
  *out = report.file.empty() ? "" : report_setting(report);
  return true;
}
bool parse_stats_setting(const char* name, const char* text, std::string* out) {
  StatsOutput parsed;
  if (!parse_stats(text, &parsed)) return false;
  *out = text;
  std::string file;
  if (!parsed.json_file.empty() && (parse_output(name, parsed.json_file.c_str(), &file), file.empty()))
    *out = "1";  // the table on stderr still; the JSON file cannot be written
  return true;
}

Config read_environment() {
  Config c{};
#define CUSIM_FLAG(variable, field, type, default_value, documented, parse, description)            \
  c.field = default_value;                                                                         \
  if (const char* text = std::getenv(#variable); text && *text) {                                  \
    c.given.set(static_cast<std::size_t>(Flag::variable));                                         \
    if (!parse(#variable, text, &c.field)) {                                                       \
      std::fprintf(stderr, "cusim: warning: ignoring %s=%s (see docs/CONFIGURATION.md)\n", #variable, text); \
      c.field = default_value;                                                                     \
    }                                                                                              \
  }
#include "sim/config/flags.def"
#undef CUSIM_FLAG
  return c;
}

}  // namespace

bool parse_seconds(const char* text, double* out) {
  if (!*text) return false;
  for (const char* c = text; *c; ++c)
    if (!std::isdigit(static_cast<unsigned char>(*c)) && *c != '.') return false;
  errno = 0;
  char* end = nullptr;
  const double seconds = std::strtod(text, &end);
  if (*end != '\0' || errno == ERANGE || !(seconds >= 0.0 && seconds <= 1e6)) return false;
  *out = seconds;
  return true;
}

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

ReportOutput report_output(const std::string& text) {
  if (text.rfind("sarif:", 0) == 0) return {ReportFormat::sarif, text.substr(6)};
  if (text.rfind("json:", 0) == 0) return {ReportFormat::json, text.substr(5)};
  return {ReportFormat::json, text};
}
// JSON, the default, without its prefix, unless the file's own name would read as one.
std::string report_setting(const ReportOutput& out) {
  if (out.format == ReportFormat::sarif) return "sarif:" + out.file;
  const bool prefixed = out.file.rfind("json:", 0) == 0 || out.file.rfind("sarif:", 0) == 0;
  return prefixed ? "json:" + out.file : out.file;
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
