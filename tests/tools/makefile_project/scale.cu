#include "kernels.h"

__global__ void scale(float* data, int n, float factor) {
  __shared__ float staged[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  staged[threadIdx.x] = i < n ? data[i] : 0.0f;
#ifndef PLANT_RACE
  __syncthreads();
#endif
  // Each thread writes its neighbour's element: it must wait for the neighbour's load.
  const int from = (threadIdx.x + 1) % blockDim.x;
  const int j = blockIdx.x * blockDim.x + from;
  if (j < n) data[j] = staged[from] * factor;
}

void scale_on_device(float* device_data, int n, float factor) {
  scale<<<(n + 255) / 256, 256>>>(device_data, n, factor);
}
