// Threads and indexes (seed 000): a loop of 10 cycles, first on the CPU, then as a multi-block
// "loop" of 2 blocks x 5 threads in which each thread is one cycle, numbered
// blockIdx.x * blockDim.x + threadIdx.x. The GPU may print the cycles in any order; the program
// also records which cycles ran and checks each of 0..9 ran exactly once.
#include <cuda_runtime.h>
#include <cstdio>

#include "cuda_check.hpp"

void loop(int n) {
  for (int i = 0; i < n; i++) std::printf("This is loop cycle %d\n", i);
}

__global__ void loop_kernel(int* seen) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;  // unique across the grid
  printf("This is loop cycle %d (block %u, thread %u)\n", i, blockIdx.x, threadIdx.x);
  atomicAdd(&seen[i], 1);
}

int main() {
  const int blocks = 2, threads = 5, n = blocks * threads;
  std::printf("CPU:\n");
  loop(n);
  int* seen = nullptr;
  CUDA_CHECK(cudaMallocManaged(&seen, n * sizeof(int)));
  for (int i = 0; i < n; ++i) seen[i] = 0;
  std::printf("GPU, <<<%d, %d>>>:\n", blocks, threads);
  std::fflush(stdout);
  loop_kernel<<<blocks, threads>>>(seen); CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  int once = 0;
  for (int i = 0; i < n; ++i) once += seen[i] == 1;
  std::printf("%d of %d cycles ran exactly once\n", once, n);
  CUDA_CHECK(cudaFree(seen));
  return once == n ? 0 : 1;
}
