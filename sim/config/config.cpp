#include "sim/config/config.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

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
    else warn("CUSIM_SCHEDULE", s);
  }
  c.seed = positive("CUSIM_SEED", 1);
  c.stack_bytes = positive("CUSIM_STACK_KB", 64) * 1024;
  c.device = "h100";
  if (const char* d = env("CUSIM_DEVICE")) c.device = d;  // validated against the profile table
  c.quiet = false;
  if (const char* q = env("CUSIM_QUIET")) c.quiet = std::strcmp(q, "0") != 0;
  return c;
}

}  // namespace

Config& config() {
  static Config c = read_environment();
  return c;
}

const FlagInfo* flags_begin() { return kFlags; }
const FlagInfo* flags_end() { return kFlags + sizeof(kFlags) / sizeof(kFlags[0]); }

}  // namespace cusim::sim
