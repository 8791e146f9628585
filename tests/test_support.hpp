// Helpers shared by the test suites: managed arrays, schedule scopes, findings scopes.
#pragma once
#include <doctest/doctest.h>

#include <cusim/cusim.hpp>
#include <vector>

namespace cusim_test {

// A managed allocation of n elements, filled with `fill`, freed at scope end.
template <class T>
class ManagedArray {
 public:
  explicit ManagedArray(std::size_t n, T fill = T{}) : n_(n) {
    REQUIRE(cudaMallocManaged(&p_, n * sizeof(T)) == cudaSuccess);
    for (std::size_t i = 0; i < n; ++i) p_[i] = fill;
  }
  ~ManagedArray() { cudaFree(p_); }
  ManagedArray(const ManagedArray&) = delete;
  ManagedArray& operator=(const ManagedArray&) = delete;
  T* get() const { return p_; }
  T& operator[](std::size_t i) const { return p_[i]; }
  std::size_t size() const { return n_; }

 private:
  T* p_ = nullptr;
  std::size_t n_;
};

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
