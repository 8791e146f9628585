// Planted bug: a __shared__ accumulator read before any thread writes it; initcheck reports it.
// EXPECT-FINDING: uninitialized-read 8
#include "check.cuh"

__global__ void sum(const int* in, int* out) {
  __shared__ int total;  // BUG: never set to 0
  __syncthreads();
  atomicAdd(&total, in[threadIdx.x]);
  __syncthreads();
  if (threadIdx.x == 0) *out = total;
}

int main() {
  int *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, 32 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, sizeof(int)));
  for (int i = 0; i < 32; ++i) in[i] = 1;
  sum<<<1, 32>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("ran\n");
  return 0;
}
