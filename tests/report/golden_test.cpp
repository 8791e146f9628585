// One golden test per finding kind: the exact text cusim prints, with the checkout's path
// removed. The goldens live in tests/golden/<kind>.txt and are quoted in docs/CHECKS.md.
// After an intended change of wording or of this file's line numbers, regenerate them with
//   CUSIM_UPDATE_GOLDEN=1 ./build/tests/test_report_golden
// This binary is a fast build (the faults are those guard pages and signals catch); the
// checkers' findings have theirs in checked_golden_test.cpp.
#include <doctest/doctest.h>

#include <cstdlib>
#include <cusim/cusim.hpp>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "report/golden_support.hpp"


__global__ void divergent(int* out) {
  if (threadIdx.x % 2 == 0) {
    __syncthreads();
  } else {
    __syncthreads();
  }
  out[threadIdx.x] = 1;
}
__global__ void deadlocked() {
  if (threadIdx.x == 0) __syncthreads();
  else __syncwarp(0x3);
}
__global__ void shuffle_after_exit(int* out) {
  if (threadIdx.x >= 20) return;
  out[threadIdx.x] = __shfl_sync(0xffffffff, static_cast<int>(threadIdx.x), 0);
}
__global__ void shuffle_absent_lanes(int* out) {
  out[threadIdx.x] = __shfl_down_sync(0xffffffff, static_cast<int>(threadIdx.x), 1);
}
__global__ void ballot_without_self(int* out) {
  out[threadIdx.x] = static_cast<int>(__ballot_sync(0xfffffffe, 1));
}
__global__ void mismatched_masks(int* out) {
  const unsigned mask = threadIdx.x < 4 ? 0xffu : 0xfeu;
  out[threadIdx.x] = __any_sync(mask, 1);
}
__global__ void failing_assert(const int* data) { assert(data[threadIdx.x] >= 0); }
__global__ void throwing() {
  if (threadIdx.x == 2) throw std::out_of_range("index 7 is out of range");
}
[[gnu::no_sanitize_address]] __device__ int deep(int n) {  // ASan would move the faulting line
  volatile char frame[1024];
  frame[0] = static_cast<char>(n);
  return n < 0 ? 0 : deep(n + 1) + frame[0];
}
__global__ void overflow(int* out) { out[0] = deep(0); }
__global__ void wild(int* p) { p[threadIdx.x] = 1; }
__global__ void div_zero(int* out, int d) { out[0] = 1000 / d; }
__global__ void illegal() { __builtin_trap(); }
__global__ void trapping() { __trap(); }
__global__ void too_much_shared(int* out) {
  CUSIM_SHARED(float, tile, [64][256]);
  tile[0][threadIdx.x] = 1.0f;
  out[0] = static_cast<int>(tile[0][0]);
}
__global__ void nothing() {}

TEST_CASE("golden: each finding kind renders exactly as documented") {
  // Plain static storage: every check ends with cudaDeviceReset, which frees device memory.
  static int out_storage[64];
  static int negative_storage[4] = {-1, -1, -1, -1};
  struct {
    int* get() { return out_storage; }
  } out;
  struct {
    int* get() { return negative_storage; }
  } negative;
  check_golden("barrier-divergence", cudaErrorLaunchFailure,
               [&] { return cusim::launch(divergent, dim3(1), dim3(6), out.get()); });
  check_golden("deadlock", cudaErrorLaunchTimeout, [&] { return cusim::launch(deadlocked, dim3(1), dim3(2)); });
  check_golden("warp-lane-exited", cudaErrorLaunchFailure,
               [&] { return cusim::launch(shuffle_after_exit, dim3(1), dim3(32), out.get()); });
  check_golden("warp-lane-absent", cudaErrorLaunchFailure,
               [&] { return cusim::launch(shuffle_absent_lanes, dim3(1), dim3(20), out.get()); });
  check_golden("warp-lane-not-in-mask", cudaErrorLaunchFailure,
               [&] { return cusim::launch(ballot_without_self, dim3(1), dim3(32), out.get()); });
  check_golden("warp-mask-mismatch", cudaErrorLaunchFailure,
               [&] { return cusim::launch(mismatched_masks, dim3(1), dim3(8), out.get()); });
  check_golden("assertion-failed", cudaErrorAssert,
               [&] { return cusim::launch(failing_assert, dim3(1), dim3(4), negative.get()); });
  check_golden("kernel-exception", cudaErrorLaunchFailure, [&] { return cusim::launch(throwing, dim3(1), dim3(4)); });
  check_golden("stack-overflow", cudaErrorLaunchFailure,
               [&] { return cusim::launch(overflow, dim3(1), dim3(1), out.get()); });
  check_golden("illegal-address", cudaErrorIllegalAddress,
               [&] { return cusim::launch(wild, dim3(1), dim3(1), reinterpret_cast<int*>(0x40)); });
  check_golden("arithmetic-fault", cudaErrorLaunchFailure,
               [&] { return cusim::launch(div_zero, dim3(1), dim3(1), out.get(), 0); });
  check_golden("illegal-instruction", cudaErrorIllegalInstruction,
               [&] { return cusim::launch(illegal, dim3(1), dim3(1)); });
  check_golden("trap", cudaErrorLaunchFailure, [&] { return cusim::launch(trapping, dim3(2), dim3(1)); });
  check_golden("shared-memory-limit", cudaErrorInvalidValue,
               [&] { return cusim::launch(too_much_shared, dim3(1), dim3(32), out.get()); });
  check_golden("invalid-launch", cudaErrorInvalidValue,
               [&] { return cusim::launch(nothing, dim3(1), dim3(2048)); });
}

TEST_CASE("golden: findings about host API calls") {
  check_golden("invalid-free", cudaErrorInvalidValue, [] {
    void* p = nullptr;
    cudaMalloc(&p, 400);
    cudaFree(p);
    return cudaFree(p);
  });
  check_golden("invalid-memory-range", cudaErrorInvalidValue, [] {
    int* p = nullptr;
    cudaMalloc(&p, 100 * sizeof(int));
    static int host[101];
    return cudaMemcpy(p, host, sizeof host, cudaMemcpyHostToDevice);
  });
  check_golden("invalid-handle", cudaErrorInvalidResourceHandle, [] {
    cudaStream_t s;
    cudaStreamCreate(&s);
    cudaStreamDestroy(s);
    return cudaStreamSynchronize(s);
  });
}

__global__ void child(int* out) { out[threadIdx.x] = 1; }
__global__ void parent(int* out) {
  if (threadIdx.x == 0) cusim::launch(child, dim3(1), dim3(32), out);  // dynamic parallelism
}

TEST_CASE("golden: a kernel launched from a kernel") {
  static int out[32];  // plain static storage, as above
  check_golden("device-side-launch", cudaErrorNotSupported, [&] { return cusim::launch(parent, dim3(1), dim3(32), out); });
}

__global__ void frees_its_input(int* data) {
  if (threadIdx.x == 0) cudaFree(data);  // the device runtime's call, which cusim does not simulate
}

TEST_CASE("golden: a host function of the runtime called in a kernel") {
  static int data[32];
  check_golden("host-call-in-kernel", cudaErrorNotSupported, [&] { return cusim::launch(frees_its_input, dim3(1), dim3(32), data); });
}

// Cooperative groups' grid barrier: a launch that is not cooperative, and a block that exits
// before the barrier of a cooperative one.
#include <cooperative_groups.h>
__global__ void grid_sync_plain(int* out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
  cooperative_groups::this_grid().sync();
}
__global__ void grid_sync_without_block_one(int* out) {
  if (blockIdx.x == 1) return;
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
  cooperative_groups::this_grid().sync();
}

TEST_CASE("golden: grid.sync()") {
  static int out[64];  // plain static storage, as above
  check_golden("invalid-grid-sync", cudaErrorLaunchFailure,
               [&] { return cusim::launch(grid_sync_plain, dim3(2), dim3(32), out); });
  check_golden(
      "deadlock", cudaErrorLaunchTimeout,
      [&] {
        int* p = out;
        void* args[] = {&p};
        return cudaLaunchCooperativeKernel(grid_sync_without_block_one, dim3(2), dim3(32), args);
      },
      "deadlock-grid-sync");
}

// A tile of 64 threads (two warps): its halves sync it at different call sites; one warp waits at
// the tile's sync() while the other waits at the block's.
__global__ void tile_sync_branches(int* out) {
  auto tile = cooperative_groups::tiled_partition<64>(cooperative_groups::this_thread_block());
  out[threadIdx.x] = 1;
  if (tile.thread_rank() < 32) tile.sync();
  else tile.sync();
}
__global__ void tile_or_block(int* out) {
  auto block = cooperative_groups::this_thread_block();
  auto tile = cooperative_groups::tiled_partition<64>(block);
  out[threadIdx.x] = 1;
  if (tile.thread_rank() < 32) tile.sync();
  else block.sync();
}

TEST_CASE("golden: a tile of 64 threads") {
  static int out[64];  // plain static storage, as above
  check_golden("barrier-divergence", cudaErrorLaunchFailure,
               [&] { return cusim::launch(tile_sync_branches, dim3(1), dim3(64), out); }, "barrier-divergence-tile");
  check_golden("deadlock", cudaErrorLaunchTimeout, [&] { return cusim::launch(tile_or_block, dim3(1), dim3(64), out); },
               "deadlock-tile");
}

// Thread 0 waits at the barrier; thread 1 counts Collatz steps down to 0, which never comes.
__global__ void endless(int* out) {
  if (threadIdx.x == 0) __syncthreads();
  unsigned x = threadIdx.x, steps = 0;
  while (x != 0) x = (x & 1) ? 3 * x + 1 : x / 2, ++steps;
  out[threadIdx.x] = static_cast<int>(steps);
}

TEST_CASE("golden: a launch that runs past CUSIM_TIMEOUT") {
  static int out[4];  // plain static storage, as above
  const double saved = cusim::settings().timeout;
  cusim::settings().timeout = 0.2;
  check_golden("launch-timeout", cudaErrorLaunchTimeout, [&] { return cusim::launch(endless, dim3(1), dim3(4), out); });
  cusim::settings().timeout = saved;
}

namespace {
__global__ void trap_in_anonymous_namespace() { __trap(); }
}  // namespace

// A kernel with internal linkage is not in the dynamic symbol table that dladdr reads: its name
// comes from the executable's own symbol table.
TEST_CASE("a kernel in an anonymous namespace is named in findings, not by its address") {
  cusim_test::FindingsGuard guard;
  REQUIRE(cusim::launch(trap_in_anonymous_namespace, dim3(1), dim3(1)) == cudaSuccess);
  CHECK(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
  const auto findings = cusim::findings();
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].text.find("[kernel '(anonymous namespace)::trap_in_anonymous_namespace()'") != std::string::npos);
  CHECK(cudaDeviceReset() == cudaSuccess);
}

#include <cuda/barrier>

// An arrive/wait barrier: one thread arrives counting more than the whole phase expects; and a
// barrier initialised for one thread more than the block has, whose phase never completes.
using BlockBarrier = cuda::barrier<cuda::thread_scope_block>;
__global__ void arrives_too_often(int* out) {
  CUSIM_SHARED(BlockBarrier, bar);
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  out[threadIdx.x] = 1;
  if (threadIdx.x == 0) (void)bar.arrive(blockDim.x + 1);
  bar.arrive_and_wait();
}
__global__ void one_arrival_short(int* out) {
  CUSIM_SHARED(BlockBarrier, bar);
  if (threadIdx.x == 0) init(&bar, blockDim.x + 1);
  __syncthreads();
  out[threadIdx.x] = 1;
  bar.arrive_and_wait();
}

TEST_CASE("golden: an arrive/wait barrier") {
  static int out[64];  // plain static storage, as above
  check_golden("barrier-misuse", cudaErrorLaunchFailure,
               [&] { return cusim::launch(arrives_too_often, dim3(1), dim3(64), out); });
  check_golden("deadlock", cudaErrorLaunchTimeout,
               [&] { return cusim::launch(one_arrival_short, dim3(1), dim3(64), out); }, "deadlock-arrive-wait");
}
