// __syncthreads: a real barrier over live threads, its reducing forms, divergence and deadlock.
#include <doctest/doctest.h>

#include <chrono>
#include <cusim/cusim.hpp>

#include "test_support.hpp"

// Each thread publishes its id, waits, then reads its right neighbour's: correct only if the
// barrier really waits for every thread.
__global__ void rotate(int* out) {
  CUSIM_SHARED(int, buf, [256]);
  const unsigned t = threadIdx.x;
  buf[t] = static_cast<int>(t) * 10;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = buf[(t + 1) % blockDim.x];
}

TEST_CASE("a barrier orders every thread's write before every thread's read") {
  for (auto schedule : cusim_test::all_schedules()) {
    cusim_test::ScopedSchedule s(schedule);
    cusim_test::ManagedArray<int> out(3 * 256);
    REQUIRE(cusim::launch(rotate, dim3(3), dim3(256), out.get()) == cudaSuccess);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (unsigned b = 0; b < 3; ++b)
      for (unsigned t = 0; t < 256; ++t) CHECK(out[b * 256 + t] == int((t + 1) % 256) * 10);
  }
}

// Threads with odd ids exit at once; the others must still pass both barriers.
__global__ void early_exit(int* out, int* counter) {
  CUSIM_SHARED(int, seen);
  if (threadIdx.x == 0) seen = 0;
  __syncthreads();
  if (threadIdx.x % 2 == 1) return;
  atomicAdd(&seen, 1);
  __syncthreads();
  out[threadIdx.x] = seen;
  atomicAdd(counter, 1);
}

#if CUSIM_SIMULATOR  // the simulator's findings
// The engine's semantics (exited threads leave the barrier) hold whether synccheck is on or not;
// synccheck also notes, without ending the launch, that the barrier is not reached by every
// thread, which CUDA leaves undefined.
TEST_CASE("threads that exit leave the barrier; the rest are released") {
  for (unsigned checks : {cusim::Checks::all & ~cusim::Checks::synccheck, cusim::Checks::all}) {
    for (auto schedule : cusim_test::all_schedules()) {
      cusim_test::FindingsGuard guard;
      cusim_test::ScopedSchedule s(schedule);
      cusim::settings().checks = checks;
      cusim_test::ManagedArray<int> out(97, -1), counter(1, 0);
      REQUIRE(cusim::launch(early_exit, dim3(1), dim3(97), out.get(), counter.get()) == cudaSuccess);
      REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
      CHECK(counter[0] == 49);
      for (unsigned t = 0; t < 97; ++t) CHECK(out[t] == (t % 2 ? -1 : 49));
      const auto f = cusim::take_findings();
      if (!(checks & cusim::Checks::synccheck)) {
        CHECK(f.empty());
        continue;
      }
      REQUIRE(f.size() == 1);
      CHECK(f[0].kind == "barrier-divergence");
      CHECK(f[0].error == cudaSuccess);
      CHECK(f[0].line == 37);  // the second __syncthreads(), which the odd threads never reach
      CHECK(f[0].text.find("48 of the 97 threads") != std::string::npos);
    }
  }
}
#endif

__global__ void reducing_barriers(int* out) {
  const int t = static_cast<int>(threadIdx.x);
  const int count = __syncthreads_count(t % 3 == 0);
  const int all_small = __syncthreads_and(t < 1000);
  const int all_even = __syncthreads_and(t % 2 == 0);
  const int any_big = __syncthreads_or(t == 99);
  const int any_huge = __syncthreads_or(t > 5000);
  if (t == 0) {
    out[0] = count; out[1] = all_small; out[2] = all_even; out[3] = any_big; out[4] = any_huge;
  }
}

TEST_CASE("__syncthreads_count/_and/_or reduce over the block") {
  cusim_test::ManagedArray<int> out(5, -1);
  REQUIRE(cusim::launch(reducing_barriers, dim3(2), dim3(100), out.get()) == cudaSuccess);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  CHECK(out[0] == 34);  // 0, 3, ..., 99
  CHECK(out[1] == 1);
  CHECK(out[2] == 0);
  CHECK(out[3] == 1);
  CHECK(out[4] == 0);
}

__global__ void divergent_barrier(int* out) {
  if (threadIdx.x < 16) {
    __syncthreads();
  } else {
    __syncthreads();
  }
  out[threadIdx.x] = 1;
}

#if CUSIM_SIMULATOR  // the simulator's findings
TEST_CASE("threads waiting at different barriers end the launch with a divergence finding") {
  cusim_test::FindingsGuard guard;
  cusim_test::ManagedArray<int> out(32, 0);
  const auto start = std::chrono::steady_clock::now();
  REQUIRE(cusim::launch(divergent_barrier, dim3(1), dim3(32), out.get()) == cudaSuccess);
  CHECK(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::milliseconds(500));
  auto f = cusim::findings();
  REQUIRE(f.size() == 1);
  CHECK(f[0].kind == "barrier-divergence");
  CHECK(f[0].kernel.find("divergent_barrier") != std::string::npos);
  CHECK(f[0].text.find("barrier_test.cpp:") != std::string::npos);
  CHECK(f[0].text.find("(0,0,0)..(15,0,0)") != std::string::npos);
  CHECK(f[0].text.find("(16,0,0)..(31,0,0)") != std::string::npos);
  for (int i = 0; i < 32; ++i) CHECK(out[i] == 0);  // nobody got past the barrier
}
#endif

__global__ void barrier_versus_shuffle(int* out) {
  int v = static_cast<int>(threadIdx.x);
  if (threadIdx.x == 0) {
    __syncthreads();  // waits for lane 1, which waits for lane 0 in the shuffle
  } else if (threadIdx.x == 1) {
    v = __shfl_sync(0x3u, v, 0);
  }
  out[threadIdx.x] = v;
}

#if CUSIM_SIMULATOR  // the simulator's findings
TEST_CASE("a wait that can never end is reported as a deadlock, not a hang") {
  cusim_test::FindingsGuard guard;
  cusim_test::ManagedArray<int> out(2, -1);
  const auto start = std::chrono::steady_clock::now();
  REQUIRE(cusim::launch(barrier_versus_shuffle, dim3(1), dim3(2), out.get()) == cudaSuccess);
  CHECK(cudaDeviceSynchronize() == cudaErrorLaunchTimeout);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::milliseconds(500));
  auto f = cusim::findings();
  REQUIRE(f.size() == 1);
  CHECK(f[0].kind == "deadlock");
  CHECK(f[0].text.find("wait at __syncthreads()") != std::string::npos);
  CHECK(f[0].text.find("wait in __shfl_sync() (mask 0x00000003, missing lane 0)") != std::string::npos);
}
#endif
