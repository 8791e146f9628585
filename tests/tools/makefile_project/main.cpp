// The host program: no kernel here, only CUDA's runtime API and the two kernel files' functions.
#include <cuda_runtime.h>

#include <cstdio>

#include "kernels.h"

int main() {
  const int n = 1000;
  float* data;
  if (cudaMalloc(&data, n * sizeof(float)) != cudaSuccess) return 2;
  float host[n];
  for (int i = 0; i < n; ++i) host[i] = 1.0f;
  cudaMemcpy(data, host, sizeof host, cudaMemcpyHostToDevice);
  scale_on_device(data, n, 3.0f);
  const float sum = sum_on_device(data, n);
  const cudaError_t status = cudaDeviceSynchronize();
  std::printf("sum %.1f (expected %.1f): %s\n", sum, 3.0f * n, cudaGetErrorName(status));
  cudaFree(data);
  return sum == 3.0f * n && status == cudaSuccess ? 0 : 1;
}
