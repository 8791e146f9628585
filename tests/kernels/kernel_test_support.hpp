// Helpers of the kernel library's tests (tests/kernels/): random inputs from a seed that is fresh
// per run and printed (CUSIM_TEST_SEED=<n> repeats a run), poisoned outputs, the sizes every
// kernel is tried at, and the "every check on, zero findings" wrapper.
//
//   kernel_test::rng("name")          a generator for one test, from the run's seed and the name
//   kernel_test::uniform(g, n, lo, hi) n random floats; integers(g, n, lo, hi) n random ints
//   kernel_test::Buffer<T>            device memory filled from a vector, or poisoned
//   kernel_test::checked(run)         run() with every check on must make no finding
#pragma once
#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cusim/cusim.hpp>
#include <random>
#include <string>
#include <vector>

#include "check/check_support.hpp"

namespace kernel_test {

// The run's seed: CUSIM_TEST_SEED if set, else fresh; printed once so a failure can be repeated.
inline std::uint64_t seed() {
  static const std::uint64_t s = [] {
    const char* env = std::getenv("CUSIM_TEST_SEED");
    const std::uint64_t v = env && *env ? std::strtoull(env, nullptr, 0) : std::random_device{}() * 0x9e3779b97f4a7c15ull ^ std::random_device{}();
    std::printf("kernel tests: seed %llu (CUSIM_TEST_SEED=%llu repeats this run)\n",
                static_cast<unsigned long long>(v), static_cast<unsigned long long>(v));
    std::fflush(stdout);
    return v;
  }();
  return s;
}

// One generator per test, from the seed and the test's name: a single test case run on its own
// (doctest -tc=...) with the printed seed sees the same inputs as in the full run.
inline std::mt19937_64 rng(const std::string& name) {
  std::uint64_t h = seed();
  for (unsigned char ch : name) h = (h ^ ch) * 0x100000001b3ull;
  return std::mt19937_64(h);
}

inline std::vector<float> uniform(std::mt19937_64& g, std::size_t n, float lo, float hi) {
  std::uniform_real_distribution<float> d(lo, hi);
  std::vector<float> v(n);
  for (float& x : v) x = d(g);
  return v;
}

inline std::vector<int> integers(std::mt19937_64& g, std::size_t n, int lo, int hi) {
  std::uniform_int_distribution<int> d(lo, hi);
  std::vector<int> v(n);
  for (int& x : v) x = d(g);
  return v;
}

// Integer-valued floats: sums and products of a few of them are exact in float, so a kernel that
// drops or repeats one term is caught exactly, whatever the order of its additions.
inline std::vector<float> small_integers(std::mt19937_64& g, std::size_t n, int lo, int hi) {
  std::vector<float> v(n);
  std::uniform_int_distribution<int> d(lo, hi);
  for (float& x : v) x = static_cast<float>(d(g));
  return v;
}

// Device memory for one run. Outputs start poisoned: floats as NaN (bytes 0xff), integers as
// 0xABABABAB, so an element the kernel never writes cannot pass for a result.
template <class T>
class Buffer {
 public:
  explicit Buffer(std::size_t n) : n_(n) {
    REQUIRE(cudaMalloc(&p_, bytes()) == cudaSuccess);
    REQUIRE(cudaMemset(p_, std::is_floating_point_v<T> ? 0xff : 0xab, bytes()) == cudaSuccess);
  }
  explicit Buffer(const std::vector<T>& host) : n_(host.size()) {
    REQUIRE(cudaMalloc(&p_, bytes()) == cudaSuccess);
    REQUIRE(cudaMemcpy(p_, host.data(), bytes(), cudaMemcpyHostToDevice) == cudaSuccess);
  }
  ~Buffer() { cudaFree(p_); }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  T* get() const { return p_; }
  std::vector<T> download() const {
    std::vector<T> host(n_);
    REQUIRE(cudaMemcpy(host.data(), p_, bytes(), cudaMemcpyDeviceToHost) == cudaSuccess);
    return host;
  }

 private:
  std::size_t bytes() const { return (n_ ? n_ : 1) * sizeof(T); }
  T* p_ = nullptr;
  std::size_t n_;
};

// The sizes 1-D kernels are tried at: 1, primes, one off each side of the block sizes used (32,
// 256, 512, 1024), and a prime past 2^18: more elements than the grid-stride helpers have threads
// (132 SMs x 4 blocks x 256 on the default H100 profile), small enough for the checked build.
inline const std::vector<int>& sizes_1d() {
  static const std::vector<int> s = {1, 2, 3, 31, 33, 97, 255, 257, 511, 513, 1023, 1025, 4099, 20011, 262147};
  return s;
}

// run() with every check on: it must make no finding and return cudaSuccess (check_test::expect_clean).
// On the CUDA backend: run() must succeed (there are no cusim checks on a GPU).
template <class Run>
void checked(Run&& run, std::source_location loc = std::source_location::current()) {
#if CUSIM_SIMULATOR
  const cusim::Settings saved = cusim::settings();
  cusim::settings().checks = cusim::Checks::all;
  check_test::expect_clean(run, loc);
  cusim::settings() = saved;
#else
  check_test::expect_clean(run, loc);
#endif
}

// Launch status of a helper, then the status of running it.
inline cudaError_t synced(cudaError_t launch_status) {
  return launch_status != cudaSuccess ? launch_status : cudaDeviceSynchronize();
}

// Checks every element: check(i) returns "" when element i is right, else what is wrong with it.
// One doctest check for the whole array; the message shows the count and the first three.
template <class Check>
void expect_each(std::size_t n, Check check, std::source_location loc = std::source_location::current()) {
  std::size_t wrong = 0;
  std::string first;
  for (std::size_t i = 0; i < n; ++i) {
    const std::string s = check(i);
    if (!s.empty() && wrong++ < 3) first += "\n  [" + std::to_string(i) + "] " + s;
  }
  INFO("checked at " << loc.file_name() << ":" << loc.line());
  CHECK_MESSAGE(wrong == 0, wrong << " of " << n << " elements wrong:" << first);
}

// "" when |got - want| <= bound, else a description (a NaN, e.g. a poisoned element, never passes).
inline std::string near(double got, double want, double bound) {
  if (std::fabs(got - want) <= bound) return "";
  char buf[160];
  std::snprintf(buf, sizeof buf, "got %.9g, want %.9g (|error| %.3g > bound %.3g)", got, want, std::fabs(got - want),
                bound);
  return buf;
}

inline std::string equal(long long got, long long want) {
  return got == want ? "" : "got " + std::to_string(got) + ", want " + std::to_string(want);
}

}  // namespace kernel_test
