// A __shared__ array handed to a device function as a pointer, and pointer arithmetic on it.
// EXPECT: pairs: ok
#include "check.cuh"

__device__ void swap_pairs(int* s, int n) {
  const int t = threadIdx.x;
  if (2 * t + 1 < n) {
    const int tmp = s[2 * t];
    s[2 * t] = *(s + 2 * t + 1);
    s[2 * t + 1] = tmp;
  }
}

__global__ void pairs(int* data) {
  __shared__ int s[64];
  s[threadIdx.x] = data[threadIdx.x];
  s[threadIdx.x + 32] = data[threadIdx.x + 32];
  __syncthreads();
  swap_pairs(s, 64);
  __syncthreads();
  data[threadIdx.x] = s[threadIdx.x];
  data[threadIdx.x + 32] = s[threadIdx.x + 32];
}

int main() {
  int* data;
  CHECK_CUDA(cudaMallocManaged(&data, 64 * sizeof(int)));
  for (int i = 0; i < 64; ++i) data[i] = i;
  pairs<<<1, 32>>>(data);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < 64; ++i) wrong += data[i] != (i % 2 ? i - 1 : i + 1);
  report("pairs", wrong, 0);
  return 0;
}
