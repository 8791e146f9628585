// The seed tutorial's race condition: 1024 threads add one to a counter in global memory, once
// with a plain `+= 1` (a data race: updates are lost on a GPU) and once with atomicAdd. Built
// checked (the default), cusim reports the race and the program exits with status 1.
//   CUSIM_SCHEDULE=interleaved ./race_counter   # threads switch at every access: updates are lost
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.hpp"

__global__ void counter_kernel(int* global_counter) {
  global_counter[0] += 1;  // race condition
}

__global__ void atomic_counter_kernel(int* global_counter) {
  atomicAdd(&global_counter[0], 1);  // no race condition
}

int run(void (*kernel)(int*), const char* what) {
  const unsigned gridsize = 32, blocksize = 32;
  int* counter = nullptr;
  CUDA_CHECK(cudaMalloc(&counter, sizeof(int)));
  CUDA_CHECK(cudaMemset(counter, 0, sizeof(int)));
  kernel<<<gridsize, blocksize>>>(counter); CUDA_CHECK(cudaGetLastError());
  int result = 0;
  CUDA_CHECK(cudaMemcpy(&result, counter, sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(counter));
  std::printf("%s: counter=%d, expected=%u\n", what, result, gridsize * blocksize);
  return result;
}

int main() {
  std::printf("gridsize=32, blocksize=32\n");
  run(counter_kernel, "race condition");
  run(atomic_counter_kernel, "atomicAdd");
  return 0;
}
