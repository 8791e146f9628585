// Square every element of an array in managed memory, one thread per element (seed 000).
//
// cudaMallocManaged gives one pointer that the host and the kernel both use. The grid is rounded
// up to whole blocks of 256 threads, so the last block has threads past the end of the array:
// the bounds check `if (i < n)` keeps them from touching memory that is not the array's.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#include "cuda_check.hpp"

__global__ void square_kernel(float* a, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = a[i] * a[i];
}

int main() {
  const int n = 100000;
  float* a = nullptr;
  CUDA_CHECK(cudaMallocManaged(&a, n * sizeof(float)));
  for (int i = 0; i < n; ++i) a[i] = static_cast<float>(i + 1);  // 1, 2, 3, ..., n

  const int threads_per_block = 256;
  const int blocks = (n + threads_per_block - 1) / threads_per_block;  // 391: the last one is partly past the end
  square_kernel<<<blocks, threads_per_block>>>(a, n); CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());  // the launch is asynchronous: wait before the host reads `a`

  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    const float v = static_cast<float>(i + 1);
    if (a[i] != v * v) ++wrong;
  }
  std::printf("first squares: %.0f %.0f %.0f %.0f %.0f ... last: %.0f\n", a[0], a[1], a[2], a[3], a[4], a[n - 1]);
  std::printf("square: %d elements, %d blocks x %d threads, %d wrong\n", n, blocks, threads_per_block, wrong);
  CUDA_CHECK(cudaFree(a));
  return wrong == 0 ? 0 : 1;
}
