// The engine's configuration, read once from the environment. Every flag is declared once, in
// flags.def: the fields below, their defaults, how each is read, and its documentation.
#pragma once
#include <bitset>
#include <cstddef>
#include <cstdint>
#include <string>

namespace cusim::sim {

enum class ScheduleKind { in_order, reverse, random, interleaved };

// What a trace (CUSIM_TRACE) shows: each level adds to the one before.
enum class TraceDetail { blocks, warps, threads };

// The checkers, as bits of Config::checks (CUSIM_CHECK); the same values as cusim::check::*.
enum CheckBits : unsigned {
  check_memcheck = 1u,
  check_racecheck = 2u,
  check_initcheck = 4u,
  check_synccheck = 8u,
  check_all = 15u,
};

// The flags, by variable: Flag::CUSIM_WORKERS...
enum class Flag : unsigned {
#define CUSIM_FLAG(variable, field, type, default_value, documented, parse, description) variable,
#include "sim/config/flags.def"
#undef CUSIM_FLAG
};
inline constexpr std::size_t kFlagCount = 0
#define CUSIM_FLAG(variable, field, type, default_value, documented, parse, description) +1
#include "sim/config/flags.def"
#undef CUSIM_FLAG
    ;

struct Config {
#define CUSIM_FLAG(variable, field, type, default_value, documented, parse, description) type field;
#include "sim/config/flags.def"
#undef CUSIM_FLAG
  std::bitset<kFlagCount> given;  // the flags the environment set (valid or not)

  std::size_t stack_bytes() const { return stack_kb * 1024; }
};

// Where CUSIM_STATS sends each launch's statistics.
struct StatsOutput {
  bool on = false;        // a table on stderr after each launch
  std::string json_file;  // also a JSON array in this file (json:<file>), or empty
};
// Parses a CUSIM_STATS value ("0", "1", "stderr", "json:<file>"); false if it is none of them.
bool parse_stats(const std::string& text, StatsOutput* out);

// Where CUSIM_REPORT sends the findings at exit: a file, in cusim's JSON or in SARIF 2.1.0.
enum class ReportFormat { json, sarif };
struct ReportOutput {
  ReportFormat format = ReportFormat::json;
  std::string file;  // empty: no report
};
// Splits a report setting ("json:<file>", "sarif:<file>" or "<file>", which is JSON).
ReportOutput report_output(const std::string& text);
// The setting that report_output() reads back as `out` (a JSON file's, as it was given).
std::string report_setting(const ReportOutput& out);

// Parses a CUSIM_TIMEOUT value: seconds as a plain decimal number ("2", "0.5"), 0 to 1000000.
bool parse_seconds(const char* text, double* out);

// Parses a CUSIM_CHECK value ("memcheck,racecheck", "all", "none"); false if a word is unknown.
bool parse_checks(const char* text, unsigned* checks);

// The process-wide configuration; the first call reads CUSIM_* from the environment. Invalid
// values are reported on stderr once and replaced by the default.
Config& config();

// name, default (as documented) and description of each flag, in declaration order.
struct FlagInfo {
  const char* name;
  const char* default_value;
  const char* description;
};
const FlagInfo* flags_begin();
const FlagInfo* flags_end();

}  // namespace cusim::sim
