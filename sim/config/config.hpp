// The engine's configuration, read once from the environment (flags.def lists every variable).
#pragma once
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

struct Config {
  unsigned workers;
  ScheduleKind schedule;
  std::uint64_t seed;
  std::size_t stack_bytes;
  std::string device;
  bool quiet;
  unsigned checks;           // CheckBits
  int error_exitcode;
  std::string suppressions;  // file name, or empty
  std::string report;        // JSON report file, or empty
  std::string trace;         // trace-event file, or empty (no tracing)
  TraceDetail trace_detail;
  std::uint64_t trace_limit; // events kept in the trace
  std::string stats;         // CUSIM_STATS as given ("0" when unset)
  std::string access_map;    // CUSIM_ACCESS_MAP as given, or empty
};

// Where CUSIM_STATS sends each launch's statistics.
struct StatsOutput {
  bool on = false;        // a table on stderr after each launch
  std::string json_file;  // also a JSON array in this file (json:<file>), or empty
};
// Parses a CUSIM_STATS value ("0", "1", "stderr", "json:<file>"); false if it is none of them.
bool parse_stats(const std::string& text, StatsOutput* out);

// Parses a CUSIM_CHECK value ("memcheck,racecheck", "all", "none"); false if a word is unknown.
bool parse_checks(const char* text, unsigned* checks);

// The process-wide configuration; the first call reads CUSIM_* from the environment. Invalid
// values are reported on stderr once and replaced by the default.
Config& config();

// name, default and description of each flag, in declaration order.
struct FlagInfo {
  const char* name;
  const char* default_value;
  const char* description;
};
const FlagInfo* flags_begin();
const FlagInfo* flags_end();

}  // namespace cusim::sim
