// A kernel's attributes and the occupancy API, host functions and callbacks on streams, limits
// and versions: the calls of cuda-samples' simpleOccupancy, simpleCallback and asyncAPI.
#include <doctest/doctest.h>

#include <cuda_profiler_api.h>
#include <cusim/cusim.hpp>
#include <vector>

#include "test_support.hpp"

namespace {
__global__ void square(int* p, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= p[i];
}

std::vector<int> order;
void note(void* tag) { order.push_back(*static_cast<int*>(tag)); }
void CUDART_CB callback(cudaStream_t, cudaError_t status, void* tag) {
  CHECK(status == cudaSuccess);
  order.push_back(*static_cast<int*>(tag));
}
}  // namespace

TEST_CASE("function attributes: the device's thread limit, the dynamic shared memory a kernel may use") {
  cudaFuncAttributes attr;
  REQUIRE(cudaFuncGetAttributes(&attr, square) == cudaSuccess);
  CHECK(attr.maxThreadsPerBlock == 1024);
  CHECK(attr.sharedSizeBytes == 0);
  CHECK(attr.maxDynamicSharedSizeBytes == 48 * 1024);
  CHECK(attr.binaryVersion >= 75);
  CHECK(cudaFuncGetAttributes(nullptr, square) == cudaErrorInvalidValue);
  cudaGetLastError();
  CHECK(cudaFuncSetCacheConfig(square, cudaFuncCachePreferShared) == cudaSuccess);
  CHECK(cudaFuncSetCacheConfig(square, static_cast<cudaFuncCache>(7)) == cudaErrorInvalidValue);
  CHECK(cudaGetLastError() == cudaErrorInvalidValue);  // recorded, as every failing call's error
}

TEST_CASE("occupancy: blocks per SM follow the warps and shared memory limits; the suggested block size fills an SM") {
  cudaDeviceProp prop;
  REQUIRE(cudaGetDeviceProperties(&prop, 0) == cudaSuccess);
  int blocks = 0;
  REQUIRE(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, square, 1024, 0) == cudaSuccess);
  CHECK(blocks == prop.maxThreadsPerMultiProcessor / 1024);
  REQUIRE(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (void*)square, 32, 0) == cudaSuccess);
  CHECK(blocks == prop.maxBlocksPerMultiProcessor);
  // Shared memory: as many 40 KiB blocks as the SM's shared memory holds (each also reserves its
  // share); above 48 KiB only after the kernel opts in, as CUDA requires (0 blocks before).
  REQUIRE(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, square, 32, 40 * 1024) == cudaSuccess);
  CHECK(blocks == int(prop.sharedMemPerMultiprocessor / (40 * 1024 + prop.reservedSharedMemPerBlock)));
  const std::size_t half = prop.sharedMemPerMultiprocessor / 2 - prop.reservedSharedMemPerBlock - 1024;
  REQUIRE(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, square, 32, half) == cudaSuccess);
  CHECK(blocks == 0);
  REQUIRE(cudaFuncSetAttribute(square, cudaFuncAttributeMaxDynamicSharedMemorySize, int(half)) == cudaSuccess);
  REQUIRE(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, square, 32, half) == cudaSuccess);
  CHECK(blocks == 2);
  REQUIRE(cudaFuncSetAttribute(square, cudaFuncAttributeMaxDynamicSharedMemorySize, 48 * 1024) == cudaSuccess);
  int min_grid = 0, block = 0;
  REQUIRE(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, square, 0, 0) == cudaSuccess);
  REQUIRE(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, square, block, 0) == cudaSuccess);
  CHECK(block * blocks == prop.maxThreadsPerMultiProcessor);
  CHECK(min_grid == blocks * prop.multiProcessorCount);
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, square, 0, 0) == cudaErrorInvalidValue);
  cudaGetLastError();
}

TEST_CASE("a launch of a null kernel pointer is refused with cudaErrorInvalidDeviceFunction; nothing runs") {
  cusim_test::FindingsGuard guard;
  int* p = nullptr;
  void* args[] = {&p, &p};
  CHECK(cudaLaunchKernel(static_cast<const void*>(nullptr), dim3(1), dim3(1), args, 0, nullptr) ==
        cudaErrorInvalidDeviceFunction);
  CHECK(cudaGetLastError() == cudaErrorInvalidDeviceFunction);
#if CUSIM_SIMULATOR  // nvcc's <<< >>> stub calls the null pointer and crashes the host program
  void (*null_kernel)(int*, int) = nullptr;
  CHECK(cusim::launch(null_kernel, dim3(1), dim3(1), p, 0) == cudaErrorInvalidDeviceFunction);
  CHECK(cudaGetLastError() == cudaErrorInvalidDeviceFunction);
#endif
  CHECK(cudaDeviceSynchronize() == cudaSuccess);  // not sticky: the device is fine
}

TEST_CASE("host functions and callbacks run in stream order, after the stream's earlier work") {
  order.clear();
  cudaStream_t s;
  REQUIRE(cudaStreamCreate(&s) == cudaSuccess);
  int* p = nullptr;
  REQUIRE(cudaMallocManaged(&p, 64 * sizeof(int)) == cudaSuccess);
  for (int i = 0; i < 64; ++i) p[i] = i;
  static int one = 1, two = 2, three = 3;
  CHECK(cudaLaunchHostFunc(s, note, &one) == cudaSuccess);
  CHECK(cusim::launch(square, 1, 64, 0, s, p, 64) == cudaSuccess);
  CHECK(cudaStreamAddCallback(s, callback, &two, 0) == cudaSuccess);
  CHECK(cudaLaunchHostFunc(s, note, &three) == cudaSuccess);
  CHECK(cudaStreamSynchronize(s) == cudaSuccess);
  CHECK(order == std::vector<int>{1, 2, 3});
  CHECK(p[63] == 63 * 63);
  CHECK(cudaStreamAddCallback(s, callback, &two, 1) == cudaErrorInvalidValue);  // flags must be 0
  CHECK(cudaLaunchHostFunc(s, nullptr, nullptr) == cudaErrorInvalidValue);
  CHECK(cudaFree(p) == cudaSuccess);
  CHECK(cudaStreamDestroy(s) == cudaSuccess);
  cudaGetLastError();
}

TEST_CASE("stream priorities are clamped into the device's range") {
  int least = 1, greatest = 1;
  REQUIRE(cudaDeviceGetStreamPriorityRange(&least, &greatest) == cudaSuccess);
  CHECK(least == 0);
  CHECK(greatest < 0);
  cudaStream_t s;
  REQUIRE(cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, greatest - 10) == cudaSuccess);
  int priority = 0;
  unsigned flags = 0;
  CHECK(cudaStreamGetPriority(s, &priority) == cudaSuccess);
  CHECK(priority == greatest);
  CHECK(cudaStreamGetFlags(s, &flags) == cudaSuccess);
  CHECK(flags == cudaStreamNonBlocking);
  CHECK(cudaStreamDestroy(s) == cudaSuccess);
}

TEST_CASE("limits have CUDA's defaults and keep what is set; versions are CUDA 13's") {
  std::size_t heap = 0;
  REQUIRE(cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize) == cudaSuccess);
  CHECK(heap == 8u << 20);
  CHECK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64u << 20) == cudaSuccess);
  REQUIRE(cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize) == cudaSuccess);
  CHECK(heap == 64u << 20);
  CHECK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 8u << 20) == cudaSuccess);
  std::size_t v = 0;
  CHECK(cudaDeviceGetLimit(&v, static_cast<cudaLimit>(99)) == cudaErrorInvalidValue);
  int runtime = 0, driver = 0;
  CHECK(cudaRuntimeGetVersion(&runtime) == cudaSuccess);
  CHECK(cudaDriverGetVersion(&driver) == cudaSuccess);
  CHECK(runtime >= 13000);
  CHECK(driver >= runtime);
  CHECK(CUDART_VERSION >= 13000);
  CHECK(cudaProfilerStart() == cudaSuccess);
  CHECK(cudaProfilerStop() == cudaSuccess);
  cudaGetLastError();
}
