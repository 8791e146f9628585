// One namespace-scope __shared__ array used by two kernels: each block of each launch has its own.
// EXPECT: first kernel: ok
// EXPECT: second kernel: ok
#include "check.cuh"

__shared__ int block_values[32];

__global__ void doubled(int* out) {
  block_values[threadIdx.x] = 2 * threadIdx.x;
  __syncthreads();
  out[blockIdx.x * 32 + threadIdx.x] = block_values[31 - threadIdx.x] + blockIdx.x;
}

__global__ void tripled(int* out) {
  block_values[threadIdx.x] = 3 * threadIdx.x;
  __syncthreads();
  out[blockIdx.x * 32 + threadIdx.x] = block_values[(threadIdx.x + 1) % 32];
}

int main() {
  int* out;
  CHECK_CUDA(cudaMallocManaged(&out, 64 * sizeof(int)));
  doubled<<<2, 32>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < 64; ++i) wrong += out[i] != 2 * (31 - i % 32) + i / 32;
  report("first kernel", wrong, 0);
  tripled<<<2, 32>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  wrong = 0;
  for (int i = 0; i < 64; ++i) wrong += out[i] != 3 * ((i % 32 + 1) % 32);
  report("second kernel", wrong, 0);
  return 0;
}
