// Planted bug: __syncthreads() reached by only part of the block; synccheck reports it.
// EXPECT-FINDING: barrier-divergence 9
#include "check.cuh"

__global__ void half_sync(int* out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x < 32) {
    __syncthreads();  // BUG: the other 32 threads never arrive
    out[threadIdx.x] = s[63 - threadIdx.x];
  }
}

int main() {
  int* out;
  CHECK_CUDA(cudaMallocManaged(&out, 64 * sizeof(int)));
  half_sync<<<1, 64>>>(out);
  std::printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
