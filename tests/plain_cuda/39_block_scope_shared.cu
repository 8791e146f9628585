// __shared__ declared inside a nested block (an if's body and a loop's body) of a kernel.
// EXPECT: nested scopes: ok
#include "check.cuh"

__global__ void nested(int* v, bool flip) {
  if (flip) {
    __shared__ int flipped[32];
    flipped[threadIdx.x] = v[threadIdx.x];
    __syncthreads();
    v[threadIdx.x] = flipped[31 - threadIdx.x];
  }
  for (int round = 0; round < 2; ++round) {
    __shared__ int again[32];
    __syncthreads();
    again[threadIdx.x] = v[threadIdx.x] + 1;
    __syncthreads();
    v[threadIdx.x] = again[threadIdx.x];
  }
}

int main() {
  int* v;
  CHECK_CUDA(cudaMallocManaged(&v, 32 * sizeof(int)));
  for (int i = 0; i < 32; ++i) v[i] = i;
  nested<<<1, 32>>>(v, true);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < 32; ++i) wrong += v[i] != 31 - i + 2;
  report("nested scopes", wrong, 0);
  return 0;
}
