// Helpers shared by the test suites: managed arrays, schedule scopes, findings scopes.
//
// On the CUDA backend (CUSIM_SIMULATOR is 0) the hardware schedules threads and blocks itself:
// all_schedules() is that one schedule, and the schedule and worker scopes change nothing, so a
// test that runs "under every schedule" runs once on the GPU. Findings are the simulator's;
// FindingsGuard there only clears and resets the CUDA error state.
#pragma once
#include <doctest/doctest.h>

#include <cstdio>
#include <cusim/cusim.hpp>
#include <vector>

namespace cusim_test {

// Managed arrays for tests: the public RAII buffer.
template <class T>
using ManagedArray = cusim::managed_buffer<T>;

#if CUSIM_SIMULATOR
using Schedule = cusim::Schedule;

// Sets the schedule (and worker count) for one scope.
class ScopedSchedule {
 public:
  explicit ScopedSchedule(cusim::Schedule s, unsigned long long seed = 1, unsigned workers = 0)
      : saved_(cusim::settings()) {
    cusim::settings().schedule = s;
    cusim::settings().seed = seed;
    if (workers) cusim::settings().workers = workers;
  }
  ~ScopedSchedule() { cusim::settings() = saved_; }

 private:
  cusim::Settings saved_;
};

// Runs blocks on `workers` OS threads for one scope (1: one block at a time), in order.
class ScopedWorkers : public ScopedSchedule {
 public:
  explicit ScopedWorkers(unsigned workers) : ScopedSchedule(cusim::Schedule::in_order, 1, workers) {}
};

inline std::vector<cusim::Schedule> all_schedules() {
  return {cusim::Schedule::in_order, cusim::Schedule::reverse, cusim::Schedule::random};
}

inline const char* schedule_name(cusim::Schedule s) {
  return s == cusim::Schedule::in_order  ? "in-order"
         : s == cusim::Schedule::reverse ? "reverse"
         : s == cusim::Schedule::random  ? "random"
                                         : "interleaved";
}
#else
enum class Schedule { hardware };  // the GPU's own

class ScopedSchedule {
 public:
  explicit ScopedSchedule(Schedule, unsigned long long = 1, unsigned = 0) {}
};
class ScopedWorkers {
 public:
  explicit ScopedWorkers(unsigned) {}
};

inline std::vector<Schedule> all_schedules() { return {Schedule::hardware}; }

inline const char* schedule_name(Schedule) { return "the GPU's own"; }
#endif

// Starts a test that expects findings or a failing launch: clears findings on entry and, on
// exit, the sticky error (cudaDeviceReset), so later tests start clean.
struct FindingsGuard {
  FindingsGuard() {
#if CUSIM_SIMULATOR
    cusim::clear_findings();
#endif
    cudaGetLastError();
  }
  ~FindingsGuard() {
#if CUSIM_SIMULATOR
    cusim::clear_findings();
#endif
    cudaDeviceReset();
  }
};

// This process's resident set (VmRSS), in KiB; -1 where /proc is not to be read.
inline long resident_kib() {
  std::FILE* f = std::fopen("/proc/self/status", "r");
  long kib = -1;
  char line[256];
  while (f && std::fgets(line, sizeof line, f))
    if (std::sscanf(line, "VmRSS: %ld kB", &kib) == 1) break;
  if (f) std::fclose(f);
  return kib;
}

}  // namespace cusim_test
