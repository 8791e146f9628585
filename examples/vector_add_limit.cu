// Vector add past the 1024-threads-per-block limit (seed 004), step by step:
//   1. 1024 elements, one block of 1024 threads, item = threadIdx.x: correct.
//   2. 2048 elements in one block of 2048 threads: the launch fails (cudaErrorInvalidValue since
//      CUDA 13; cudaErrorInvalidConfiguration before).
//   3. Two blocks of 1024, but still item = threadIdx.x: both blocks add the first half, the
//      second half stays zero ("Wrong results!"). The checked build also reports what a GPU
//      would not: both blocks write the same elements, a race between blocks.
//   4. item = blockIdx.x * blockDim.x + threadIdx.x: all correct.
//   5. 10000 elements as two blocks of 5000 threads: the launch fails again.
//   6. Blocks of 1024 threads, ceil(10000 / 1024) = 10 of them, and `if (item < size)` for the
//      threads of the last block that are past the end: correct for any size.
// The failed launches and the race are findings the program expects: it takes them (on the
// simulator) and prints their kinds, so they do not set the exit status.
#include <cuda_runtime.h>
#include <cstdio>
#include <random>
#include <vector>

#include "cuda_check.hpp"

__global__ void vector_add_thread_index(const float* a, const float* b, float* c, int size) {
  const int item = threadIdx.x;  // only right when the grid is one block
  c[item] = a[item] + b[item];
  (void)size;
}

__global__ void vector_add_global_index(const float* a, const float* b, float* c, int size) {
  const int item = blockIdx.x * blockDim.x + threadIdx.x;  // no bounds check: size must fill the grid
  c[item] = a[item] + b[item];
  (void)size;
}

__global__ void vector_add(const float* a, const float* b, float* c, int size) {
  const int item = blockIdx.x * blockDim.x + threadIdx.x;
  if (item < size) c[item] = a[item] + b[item];
}

using Kernel = void (*)(const float*, const float*, float*, int);

// Findings the simulator made that this example expects (none on a GPU).
void take_expected_findings() {
#if CUSIM_SIMULATOR
  for (const cusim::Finding& f : cusim::take_findings()) std::printf("   (cusim reported, as expected: %s)\n", f.kind.c_str());
#endif
}

// Runs one step on `size` random numbers; returns the number of wrong elements, or -1 if the
// launch failed.
int step(const char* what, Kernel kernel, int size, unsigned blocks, unsigned threads, std::mt19937& rng) {
  std::uniform_real_distribution<float> uniform(0.f, 1.f);
  std::vector<float> a(size), b(size), c(size);
  for (int i = 0; i < size; ++i) a[i] = uniform(rng), b[i] = uniform(rng);
  float *d_a = nullptr, *d_b = nullptr, *d_c = nullptr;
  CUDA_CHECK(cudaMalloc(&d_a, size * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_b, size * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_c, size * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_a, a.data(), size * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_b, b.data(), size * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_c, 0, size * sizeof(float)));  // c_gpu = zeros(size)

  std::printf("%s: size %d, <<<%u, %u>>>\n", what, size, blocks, threads);
  std::fflush(stdout);
  int wrong = -1;
  kernel<<<blocks, threads>>>(d_a, d_b, d_c, size);
  const cudaError_t launched = cudaGetLastError();
  if (launched != cudaSuccess) {
    std::printf("   launch failed: %s (%s)\n", cudaGetErrorName(launched), cudaGetErrorString(launched));
  } else {
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpy(c.data(), d_c, size * sizeof(float), cudaMemcpyDeviceToHost));
    wrong = 0;
    for (int i = 0; i < size; ++i) wrong += c[i] != a[i] + b[i];
    std::printf("   %s %d of %d elements wrong\n", wrong ? "Wrong results!" : "Correct results!", wrong, size);
  }
  take_expected_findings();
  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_b));
  CUDA_CHECK(cudaFree(d_c));
  return wrong;
}

int main() {
  std::mt19937 rng(2023);
  const bool ok = step("1. one block", vector_add_thread_index, 1024, 1, 1024, rng) == 0 &&
                  step("2. one block past the limit", vector_add_thread_index, 2048, 1, 2048, rng) == -1 &&
                  step("3. two blocks, thread index only", vector_add_thread_index, 2048, 2, 1024, rng) == 1024 &&
                  step("4. two blocks, global index", vector_add_global_index, 2048, 2, 1024, rng) == 0 &&
                  step("5. blocks of 5000 threads", vector_add, 10000, 2, 5000, rng) == -1 &&
                  step("6. ceil(10000 / 1024) blocks of 1024, bounds check", vector_add, 10000, (10000 + 1023) / 1024,
                       1024, rng) == 0;
  std::printf("%s\n", ok ? "every step behaved as the seed describes" : "a step did not behave as expected");
  return ok ? 0 : 1;
}
