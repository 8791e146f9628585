// initcheck's planted bugs: reads of global memory that no kernel, copy or memset wrote, and of
// shared memory before any thread of the block wrote it. Each must be reported with its line and
// space under every configuration, not end the launch, and vanish with initcheck off. (Kernels
// here are race-free: the read of unwritten memory does not depend on the schedule.)
#include <doctest/doctest.h>

#include <cusim/cusim.hpp>
#include <vector>

#include "check/check_support.hpp"

using check_test::DeviceArray;
using check_test::expect_planted;
using check_test::launch_sync;

__global__ void scale_all(const float* in, float* out, float k, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = k * in[i];  // @uninit-scale
}

TEST_CASE("uninitialized-read: a buffer copied one element short") {
  expect_planted({{"uninitialized-read", "uninit-scale", "global"}}, [] {
    const int n = 100;
    std::vector<float> host(n, 1.f);
    float *in = nullptr, *out = nullptr;
    REQUIRE(cudaMalloc(&in, n * sizeof(float)) == cudaSuccess);
    REQUIRE(cudaMalloc(&out, n * sizeof(float)) == cudaSuccess);
    REQUIRE(cudaMemcpy(in, host.data(), (n - 1) * sizeof(float), cudaMemcpyHostToDevice) == cudaSuccess);
    const cudaError_t e = launch_sync(scale_all, dim3(2), dim3(64), in, out, 2.f, n);
    cudaFree(in);
    cudaFree(out);
    return e;
  });
}

TEST_CASE("uninitialized-read: cudaMemset given the element count instead of the byte count") {
  expect_planted({{"uninitialized-read", "uninit-scale", "global"}}, [] {
    const int n = 64;
    DeviceArray<float> in(n), out(n);
    REQUIRE(cudaMemset(in.get(), 0, n) == cudaSuccess);  // n bytes: a quarter of the floats
    return launch_sync(scale_all, dim3(1), dim3(64), in.get(), out.get(), 2.f, n);
  });
}

// out += in, on an output the host allocated but never cleared.
__global__ void accumulate(const float* in, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] += in[i];  // @uninit-accumulate
}

TEST_CASE("uninitialized-read: accumulating into a cudaMalloc'd output that was never cleared") {
  expect_planted({{"uninitialized-read", "uninit-accumulate", "global"}}, [] {
    const int n = 128;
    DeviceArray<float> in(n, std::vector<float>(n, 1.f)), out(n);
    return launch_sync(accumulate, dim3(2), dim3(64), in.get(), out.get(), n);
  });
}

// A per-block shared histogram that is never zeroed: every bin's first atomic reads garbage.
__global__ void shared_histogram_not_zeroed(const int* keys, int* bins) {
  CUSIM_SHARED(int, local, [16]);
  const unsigned t = threadIdx.x;
  atomicAdd(&local[keys[blockIdx.x * blockDim.x + t] % 16], 1);  // @uninit-hist
  __syncthreads();
  if (t < 16) atomicAdd(&bins[t], local[t]);
}

TEST_CASE("uninitialized-read: a shared histogram used without zeroing it") {
  std::vector<int> keys(128);
  for (int i = 0; i < 128; ++i) keys[i] = i;  // every bin is hit in each block
  expect_planted({{"uninitialized-read", "uninit-hist", "shared"}}, [&] {
    DeviceArray<int> k(128, keys), bins(16);
    bins.zero();
    return launch_sync(shared_histogram_not_zeroed, dim3(2), dim3(64), k.get(), bins.get());
  });
}

// A 5-point stencil that loads the block's interior into its tile but forgets the halo: the edge
// threads read halo slots nobody wrote (after the barrier, so there is no race).
__global__ void stencil_halo_not_loaded(const float* in, float* out, int n) {
  CUSIM_SHARED(float, tile, [64 + 4]);
  const int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  tile[t + 2] = in[g];
  __syncthreads();
  float acc = 0.f;
  for (int k = 0; k <= 4; ++k) acc += tile[t + k];  // @uninit-halo
  if (g < n) out[g] = acc;
}

TEST_CASE("uninitialized-read: a stencil whose halo was never loaded into shared memory") {
  expect_planted({{"uninitialized-read", "uninit-halo", "shared"}}, [] {
    const int n = 128;
    DeviceArray<float> in(n, std::vector<float>(n, 1.f)), out(n);
    return launch_sync(stencil_halo_not_loaded, dim3(2), dim3(64), in.get(), out.get(), n);
  });
}

// A software-pipelined loop that adds the previous step's value from shared memory, including at
// step 0, when there is none: shared memory read at block start.
__global__ void pipelined_previous_tile(const float* in, float* out, int steps) {
  CUSIM_SHARED(float, prev, [64]);
  const unsigned t = threadIdx.x;
  float acc = 0.f;
  for (int k = 0; k < steps; ++k) {
    const float cur = in[k * 64 + t];
    acc += cur + prev[t];  // @uninit-prev (prev is only valid from step 1)
    __syncthreads();
    prev[t] = cur;
    __syncthreads();
  }
  out[t] = acc;
}

TEST_CASE("uninitialized-read: a pipelined loop reads the previous tile at step 0") {
  expect_planted({{"uninitialized-read", "uninit-prev", "shared"}}, [] {
    DeviceArray<float> in(4 * 64, std::vector<float>(4 * 64, 1.f)), out(64);
    return launch_sync(pipelined_previous_tile, dim3(1), dim3(64), in.get(), out.get(), 4);
  });
}

// A record copied with memcpy from a device buffer the host filled only in part (the copy's length
// is known only at run time: the compiler calls the C library).
__global__ void copy_records(const double* in, double* out, int n) {
  if (threadIdx.x == 0) memcpy(out, in, n * sizeof(double));  // @uninit-memcpy
}

TEST_CASE("uninitialized-read: a memcpy inside a kernel reads what the host never copied") {
  expect_planted({{"uninitialized-read", "uninit-memcpy", "global"}}, [] {
    const int n = 24;
    std::vector<double> host(n, 1.0);
    DeviceArray<double> in(n), out(n);
    REQUIRE(cudaMemcpy(in.get(), host.data(), (n - 4) * sizeof(double), cudaMemcpyHostToDevice) == cudaSuccess);
    return launch_sync(copy_records, dim3(1), dim3(32), in.get(), out.get(), n);
  });
}
