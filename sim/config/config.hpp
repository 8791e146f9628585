// The engine's configuration, read once from the environment (flags.def lists every variable).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace cusim::sim {

enum class ScheduleKind { in_order, reverse, random };

struct Config {
  unsigned workers;
  ScheduleKind schedule;
  std::uint64_t seed;
  std::size_t stack_bytes;
  std::string device;
  bool quiet;
};

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
