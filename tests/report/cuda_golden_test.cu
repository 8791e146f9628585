// Golden texts of findings that exist only in CUDA sources (checked build), this file being one:
// about __device__ and __constant__ variables (the translator registers them) and device malloc.
// Compared with tests/golden/<name>.txt, which docs/CHECKS.md quotes. Regenerate with
//   CUSIM_QUIET=1 CUSIM_UPDATE_GOLDEN=1 ./build/tests/test_report_cuda_golden
#include <doctest/doctest.h>

#include "report/golden_support.hpp"

__device__ float g_sums[8];
__constant__ float c_scale[4];

__global__ void sums_past_the_end() { g_sums[threadIdx.x] = 1.0f; }           // 9 threads
__global__ void write_constant(float k) { c_scale[threadIdx.x] *= k; }       // constant memory is read-only
__global__ void free_twice() {
  int* scratch = static_cast<int*>(malloc(16 * sizeof(int)));
  free(scratch);
  free(scratch);  // a double free
}

TEST_CASE("golden: findings on __device__ and __constant__ variables render exactly as documented") {
  check_golden("out-of-bounds", cudaErrorIllegalAddress, [] { return cusim::launch(sums_past_the_end, dim3(1), dim3(9)); },
               "out-of-bounds-static");
  cudaDeviceReset();
  check_golden("constant-memory-write", cudaErrorLaunchFailure, [] {
    const float scale[4] = {1.f, 2.f, 3.f, 4.f};
    REQUIRE(cudaMemcpyToSymbol(c_scale, scale, sizeof scale) == cudaSuccess);
    return cusim::launch(write_constant, dim3(1), dim3(4), 2.0f);
  });
  cudaDeviceReset();
  check_golden("invalid-device-free", cudaErrorLaunchFailure, [] { return cusim::launch(free_twice, dim3(1), dim3(4)); });
  cudaDeviceReset();
}
