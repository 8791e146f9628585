// Helpers shared by the test suites: managed arrays, schedule scopes, findings scopes.
#pragma once
#include <doctest/doctest.h>

#include <cusim/cusim.hpp>
#include <vector>

namespace cusim_test {

// Managed arrays for tests: the public RAII buffer.
template <class T>
using ManagedArray = cusim::managed_buffer<T>;

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

inline std::vector<cusim::Schedule> all_schedules() {
  return {cusim::Schedule::in_order, cusim::Schedule::reverse, cusim::Schedule::random};
}

// Starts a test that expects findings or a failing launch: clears findings on entry and, on
// exit, the sticky error (cudaDeviceReset), so later tests start clean.
struct FindingsGuard {
  FindingsGuard() {
    cusim::clear_findings();
    cudaGetLastError();
  }
  ~FindingsGuard() {
    cusim::clear_findings();
    cudaDeviceReset();
  }
};

}  // namespace cusim_test
