// Schedules: in-order, reverse and random orders really differ; with one worker any schedule with
// a fixed seed repeats exactly; warps are 32 consecutive linear thread ids.
#include <doctest/doctest.h>

#include <cusim/cusim.hpp>
#include <vector>

#include "test_support.hpp"

// Each thread takes a ticket at start and after each of two barriers: the tickets are the order
// in which the simulator ran the threads.
__global__ void take_tickets(unsigned* counter, unsigned* tickets) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x, n = gridDim.x * blockDim.x;
  tickets[t] = atomicAdd(counter, 1u);
  __syncthreads();
  tickets[n + t] = atomicAdd(counter, 1u);
  __syncthreads();
  tickets[2 * n + t] = atomicAdd(counter, 1u);
}

#if CUSIM_SIMULATOR  // the simulator's schedules; the GPU schedules itself
std::vector<unsigned> run_order(cusim::Schedule s, unsigned long long seed) {
  cusim_test::ScopedSchedule scope(s, seed, 1);
  cusim_test::ManagedArray<unsigned> counter(1, 0), tickets(3 * 4 * 64, 0);
  REQUIRE(cusim::launch(take_tickets, dim3(4), dim3(64), counter.get(), tickets.get()) == cudaSuccess);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  return std::vector<unsigned>(tickets.get(), tickets.get() + tickets.size());
}

TEST_CASE("one worker and a fixed schedule repeat the same execution exactly") {
  for (auto s : cusim_test::all_schedules())
    for (unsigned long long seed : {1ull, 99ull}) CHECK(run_order(s, seed) == run_order(s, seed));
}

TEST_CASE("the schedules really run threads in different orders") {
  const auto in_order = run_order(cusim::Schedule::in_order, 1);
  const auto reverse = run_order(cusim::Schedule::reverse, 1);
  const auto random1 = run_order(cusim::Schedule::random, 1);
  const auto random2 = run_order(cusim::Schedule::random, 2);
  // With one worker, blocks run one after another, each taking 3 x 64 tickets.
  for (unsigned b = 0; b < 4; ++b)
    for (unsigned i = 0; i < 64; ++i) {
      CHECK(in_order[64 * b + i] == 192 * b + i);
      CHECK(in_order[256 + 64 * b + i] == 192 * b + 64 + i);
      CHECK(reverse[64 * b + i] == 192 * (3 - b) + (63 - i));
    }
  CHECK(in_order != reverse);
  CHECK(in_order != random1);
  CHECK(random1 != random2);
}
#endif

// Lane l of warp w is linear thread 32*w + l, with x varying fastest, in a 2-D block.
__global__ void warp_membership(unsigned* out) {
  const unsigned linear = threadIdx.x + blockDim.x * threadIdx.y;
  const unsigned ballot = __ballot_sync(0xffffffffu, threadIdx.y % 2 == 1);
  out[linear] = ballot;
}

TEST_CASE("warps are 32 consecutive linear thread ids, x fastest") {
  cusim_test::ManagedArray<unsigned> out(16 * 8, 0);
  REQUIRE(cusim::launch(warp_membership, dim3(1), dim3(16, 8), out.get()) == cudaSuccess);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  // Each warp holds rows y = 2w and 2w+1 of 16 threads: the odd row is the upper half.
  for (unsigned i = 0; i < 128; ++i) CHECK(out[i] == 0xffff0000u);
}
