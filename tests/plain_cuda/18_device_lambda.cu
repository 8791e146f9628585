// __device__ lambdas (nvcc's --extended-lambda) passed to a kernel template, one capturing a value.
// EXPECT: lambda negate: ok
// EXPECT: lambda offset: ok
#include "check.cuh"

template <class F>
__global__ void for_each_index(int* out, int n, F f) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = f(i);
}

int main() {
  const int n = 100;
  int* out;
  CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(int)));
  for_each_index<<<4, 32>>>(out, n, [] __device__(int i) { return -i; });
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != -i;
  report("lambda negate", wrong, 0);
  const int offset = 1000;
  for_each_index<<<4, 32>>>(out, n, [=] __device__(int i) { return i + offset; });
  CHECK_CUDA(cudaDeviceSynchronize());
  wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != i + offset;
  report("lambda offset", wrong, 0);
  return 0;
}
