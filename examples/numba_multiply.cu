// The Numba example of seed 000 in CUDA C++: out[i] = x[i] * y[i] for x = 0, 1, ..., 3199 and y
// all 10, with 256 threads per block and as many blocks as it takes (cuda.grid(1) is
// blockIdx.x * blockDim.x + threadIdx.x). Copies in with cudaMemcpy (cuda.to_device), out again
// (copy_to_host), and prints the first and last ten results as NumPy would.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

#include "cuda_check.hpp"

__global__ void multiply_kernel(const int* x, const int* y, int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = x[i] * y[i];
}

void print_array(const char* label, const int* v, int count) {
  std::printf("%s [", label);
  for (int i = 0; i < count; ++i) std::printf(i ? " %d" : "%d", v[i]);
  std::printf("]\n");
}

int main() {
  const int n = 3200;
  std::vector<int> x(n), y(n, 10), out(n, -1);
  for (int i = 0; i < n; ++i) x[i] = i;  // np.arange(n)
  int *d_x = nullptr, *d_y = nullptr, *d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_y, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(int)));  // device_array_like: not initialised
  CUDA_CHECK(cudaMemcpy(d_x, x.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_y, y.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  const int threads_per_block = 256;
  const int blocks_per_grid = (n + threads_per_block - 1) / threads_per_block;  // math.ceil(n / 256)
  std::printf("threads per block: %d, blocks per grid: %d\n", threads_per_block, blocks_per_grid);
  multiply_kernel<<<blocks_per_grid, threads_per_block>>>(d_x, d_y, d_out, n); CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));

  print_array("First 10 results:", out.data(), 10);
  print_array("Last 10 results:", out.data() + n - 10, 10);
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != 10 * i;
  std::printf("%d of %d results wrong\n", wrong, n);
  CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_y));
  CUDA_CHECK(cudaFree(d_out));
  return wrong == 0 ? 0 : 1;
}
