#include "kernels.h"

__global__ void block_sums(const float* data, int n, float* total) {
  extern __shared__ float partial[];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? data[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(total, partial[0]);
}

float sum_on_device(const float* device_data, int n) {
  float* total;
  cudaMallocManaged(&total, sizeof(float));
  *total = 0.0f;
  block_sums<<<(n + 127) / 128, 128, 128 * sizeof(float)>>>(device_data, n, total);
  cudaDeviceSynchronize();
  const float result = *total;
  cudaFree(total);
  return result;
}
