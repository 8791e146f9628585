// Spin waits that cannot end (docs/CHECKS.md, deadlock and spin-wait-stalled): threads polling a
// flag or a lock that no thread which can still run will change — blocks waiting on each other, a
// software grid barrier over more blocks than the device keeps resident, a lock never released, a
// lane waiting for a lane that waits in __syncwarp(). Each must be a deadlock at the polling line
// under every configuration, with every checker off too (a spin must never hang the host), and the
// same loops with an iteration limit of their own a spin-wait-stalled finding at that line.
#include <doctest/doctest.h>

#include <cusim/cusim.hpp>
#include <vector>

#include "check/check_support.hpp"

using check_test::DeviceArray;
using check_test::expect_planted;
using check_test::launch_sync;

namespace {
// More than one worker's blocks and fewer than the last word's polls (block_spin_waits.cpp).
constexpr int kTries = 100000;
}  // namespace

// ---- deadlock ------------------------------------------------------------------------------------

// Two blocks, each waiting for the other's flag before raising its own.
__global__ void handshake_both_wait_first(volatile int* flags) {
  if (threadIdx.x != 0) return;
  const int me = blockIdx.x, other = 1 - me;
  while (flags[other] == 0) {  // @spin-handshake
  }
  flags[me] = 1;
}

TEST_CASE("deadlock: two blocks each wait for the other's flag before raising their own") {
  expect_planted({{"deadlock", "spin-handshake", "global"}}, [] {
    DeviceArray<int> flags(2);
    flags.zero();
    return launch_sync(handshake_both_wait_first, dim3(2), dim3(32), flags.get());
  });
}

// A software grid barrier: every block arrives, then waits until all have. With 1024-thread
// blocks an H100 keeps 2 per SM resident, 264 in all: the 265th never starts while the others wait.
__global__ void grid_barrier_too_many_blocks(unsigned* arrived) {
  if (threadIdx.x != 0) return;
  atomicAdd(arrived, 1u);
  while (atomicAdd(arrived, 0u) < gridDim.x) {  // @spin-gridbar
  }
}

TEST_CASE("deadlock: a software grid barrier over more blocks than the device keeps resident") {
  expect_planted({{"deadlock", "spin-gridbar", "global"}}, [] {
    DeviceArray<unsigned> arrived(1);
    arrived.zero();
    return launch_sync(grid_barrier_too_many_blocks, dim3(265), dim3(1024), arrived.get());
  });
}

// A spin lock whose holder never releases it: every other block waits forever.
__global__ void lock_never_released(int* lock, int* counter) {
  if (threadIdx.x != 0) return;
  while (atomicCAS(lock, 0, 1) != 0) {  // @spin-lock
  }
  atomicAdd(counter, 1);  // the critical section; the atomicExch(lock, 0) that ends it is missing
}

TEST_CASE("deadlock: an atomicCAS spin lock never released") {
  expect_planted({{"deadlock", "spin-lock", "global"}}, [] {
    DeviceArray<int> lock(1), counter(1);
    lock.zero();
    counter.zero();
    return launch_sync(lock_never_released, dim3(4), dim3(32), lock.get(), counter.get());
  });
}

// Lane 0 waits for a flag that lane 1 raises only after a __syncwarp() that lane 0 never reaches.
__global__ void wait_for_lane_behind_syncwarp(int* out) {
  CUSIM_SHARED(int, flag, [1]);
  if (threadIdx.x == 0) flag[0] = 0;
  __syncthreads();
  if (threadIdx.x == 0) {
    while (static_cast<volatile int*>(flag)[0] == 0) {  // @spin-syncwarp
    }
  }
  __syncwarp();
  if (threadIdx.x == 1) flag[0] = 1;
  out[threadIdx.x] = 1;
}

TEST_CASE("deadlock: a lane waits for a lane of its warp that waits in __syncwarp()") {
  expect_planted({{"deadlock", "spin-syncwarp", "shared"}}, [] {
    DeviceArray<int> out(32);
    return launch_sync(wait_for_lane_behind_syncwarp, dim3(1), dim3(32), out.get());
  });
}

// ---- spin-wait-stalled ---------------------------------------------------------------------------

// The handshake again, with atomic flags and each wait bounded: block 0 gives up, raises its flag,
// and block 1 goes on.
__global__ void handshake_with_timeout(int* flags, int* timeouts) {
  if (threadIdx.x != 0) return;
  const int me = blockIdx.x, other = 1 - me;
  int tries = 0;
  while (atomicAdd(&flags[other], 0) == 0 && ++tries < kTries) {  // @stalled-handshake
  }
  if (tries == kTries) atomicAdd(timeouts, 1);
  atomicExch(&flags[me], 1);
}

TEST_CASE("spin-wait-stalled: a bounded handshake where both blocks wait first") {
  expect_planted({{"spin-wait-stalled", "stalled-handshake", "global"}}, [] {
    DeviceArray<int> flags(2), timeouts(1);
    flags.zero();
    timeouts.zero();
    return launch_sync(handshake_with_timeout, dim3(2), dim3(32), flags.get(), timeouts.get());
  });
}

// A bounded acquire of a lock that is never released: each waiting block gives up in turn.
__global__ void lock_with_timeout(int* lock, int* gave_up) {
  if (threadIdx.x != 0) return;
  int tries = 0;
  while (atomicCAS(lock, 0, 1) != 0 && ++tries < kTries) {  // @stalled-lock
  }
  if (tries == kTries) atomicAdd(gave_up, 1);
}

TEST_CASE("spin-wait-stalled: a bounded atomicCAS lock acquire, the lock never released") {
  expect_planted({{"spin-wait-stalled", "stalled-lock", "global"}}, [] {
    DeviceArray<int> lock(1), gave_up(1);
    lock.zero();
    gave_up.zero();
    const cudaError_t e = launch_sync(lock_with_timeout, dim3(4), dim3(32), lock.get(), gave_up.get());
    CHECK(gave_up.download()[0] == 3);
    return e;
  });
}

// Lane 0's bounded wait for lane 1, which raises the flag only after the __syncwarp() lane 0
// reaches once it gives up.
__global__ void bounded_wait_for_lane_behind_syncwarp(int* out) {
  CUSIM_SHARED(int, flag, [1]);
  if (threadIdx.x == 0) flag[0] = 0;
  __syncthreads();
  if (threadIdx.x == 0) {
    int tries = 0;
    while (static_cast<volatile int*>(flag)[0] == 0 && ++tries < kTries) {  // @stalled-syncwarp
    }
  }
  __syncwarp();
  out[threadIdx.x] = 1;
}

TEST_CASE("spin-wait-stalled: a lane's bounded wait for a lane that waits in __syncwarp()") {
  expect_planted({{"spin-wait-stalled", "stalled-syncwarp", "shared"}}, [] {
    DeviceArray<int> out(32);
    return launch_sync(bounded_wait_for_lane_behind_syncwarp, dim3(1), dim3(32), out.get());
  });
}
