// Arrive/wait barriers (cuda::barrier): phases over the threads that arrive, split arrive() and
// wait(), timed waits, and the barrier-misuse and deadlock findings.
#include <doctest/doctest.h>

#include <cuda/barrier>
#include <cuda/std/chrono>
#include <cusim/cusim.hpp>

#include "test_support.hpp"

using BlockBarrier = cuda::barrier<cuda::thread_scope_block>;

// Each thread publishes, arrives, then waits and reads its neighbour's value: right, and free of
// races, only if every wait returns after every arrival of its phase, in three phases.
__global__ void rotate_through_phases(int* out) {
  CUSIM_SHARED(BlockBarrier, bar);
  CUSIM_SHARED(int, buf, [3][128]);
  const unsigned t = threadIdx.x;
  if (t == 0) init(&bar, blockDim.x);
  __syncthreads();
  for (int phase = 0; phase < 3; ++phase) {
    buf[phase][t] = static_cast<int>(t) + 1000 * phase;
    auto token = bar.arrive();
    bar.wait(std::move(token));
    out[(blockIdx.x * 3 + phase) * 128 + t] = buf[phase][(t + 1) % blockDim.x];
  }
}

TEST_CASE("a phase ends after every arrival it expects, in every schedule, with no finding") {
  for (auto schedule : cusim_test::all_schedules()) {
    cusim_test::FindingsGuard guard;
    cusim_test::ScopedSchedule s(schedule);
    cusim_test::ManagedArray<int> out(2 * 3 * 128);
    REQUIRE(cusim::launch(rotate_through_phases, dim3(2), dim3(128), out.get()) == cudaSuccess);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int block_phase = 0; block_phase < 6; ++block_phase)
      for (unsigned t = 0; t < 128; ++t)
        CHECK(out[block_phase * 128 + t] == int((t + 1) % 128) + 1000 * (block_phase % 3));
    CHECK(cusim::take_findings().empty());
  }
}

// Thread 1 arrives only when `second` says so; thread 0 polls with a timed wait.
__global__ void timed_wait(int* out, int second) {
  CUSIM_SHARED(BlockBarrier, bar);
  if (threadIdx.x == 0) init(&bar, 2);
  __syncthreads();
  if (threadIdx.x == 1) {
    if (second) (void)bar.arrive();
    return;
  }
  auto token = bar.arrive();
  out[0] = bar.try_wait_for(std::move(token), cuda::std::chrono::milliseconds(1)) ? 1 : 0;
}

TEST_CASE("a timed wait returns true once its phase completes, false when nothing can complete it") {
  for (auto schedule : cusim_test::all_schedules()) {
    cusim_test::FindingsGuard guard;
    cusim_test::ScopedSchedule s(schedule);
    cusim_test::ManagedArray<int> out(1, -1);
    REQUIRE(cusim::launch(timed_wait, dim3(1), dim3(2), out.get(), 1) == cudaSuccess);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(out[0] == 1);
    REQUIRE(cusim::launch(timed_wait, dim3(1), dim3(2), out.get(), 0) == cudaSuccess);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(out[0] == 0);
    CHECK(cusim::take_findings().empty());
  }
}

__global__ void never_initialised(int* out) {
  CUSIM_SHARED(BlockBarrier, bar);
  bar.arrive_and_wait();
  out[threadIdx.x] = 1;
}
__global__ void on_the_stack(int* out) {
  BlockBarrier bar(1);
  bar.arrive_and_wait();
  out[0] = 1;
}

// The launch's finding of `kind`, whose text has `words`.
void require_finding(const char* kind, const char* words) {
  const auto findings = cusim::take_findings();
  bool found = false;
  for (const auto& f : findings) found |= f.kind == kind && f.text.find(words) != std::string::npos;
  CHECK_MESSAGE(found, "no ", kind, " finding saying: ", words);
}

TEST_CASE("a barrier used before init() or outside shared memory is a barrier-misuse finding") {
  static int out[32];  // plain static storage: it outlives the resets after the sticky errors
  cusim_test::FindingsGuard guard;
  REQUIRE(cusim::launch(never_initialised, dim3(1), dim3(32), out) == cudaSuccess);
  CHECK(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
  require_finding("barrier-misuse", "arrive() on cuda::barrier `bar`, which init() has not initialised");
  CHECK(cudaDeviceReset() == cudaSuccess);
  REQUIRE(cusim::launch(on_the_stack, dim3(1), dim3(1), out) == cudaSuccess);
  CHECK(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
  require_finding("barrier-misuse", "outside shared memory");
  CHECK(cudaDeviceReset() == cudaSuccess);
}

// Odd threads exit without arriving: the phase cannot complete, and the even ones wait for good.
__global__ void half_arrive(int* out) {
  CUSIM_SHARED(BlockBarrier, bar);
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  if (threadIdx.x % 2) return;
  bar.arrive_and_wait();
  out[threadIdx.x] = 1;
}

TEST_CASE("a phase that threads exited before arriving at is a deadlock that names the barrier") {
  static int out[64];
  cusim_test::FindingsGuard guard;
  REQUIRE(cusim::launch(half_arrive, dim3(1), dim3(64), out) == cudaSuccess);
  CHECK(cudaDeviceSynchronize() == cudaErrorLaunchTimeout);
  require_finding("deadlock", "wait at cuda::barrier `bar` for phase 0, which needs 32 more arrivals");
  CHECK(cudaDeviceReset() == cudaSuccess);
}
