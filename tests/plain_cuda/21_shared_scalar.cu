// __shared__ scalars: a flag one thread sets and a counter every thread increments atomically.
// EXPECT: count: ok
// EXPECT: flag: ok
#include "check.cuh"

__global__ void count_evens(const int* in, int* out) {
  __shared__ int evens;
  __shared__ bool any_negative;
  if (threadIdx.x == 0) evens = 0, any_negative = false;
  __syncthreads();
  if (in[threadIdx.x] % 2 == 0) atomicAdd(&evens, 1);
  if (in[threadIdx.x] < 0) any_negative = true;
  __syncthreads();
  if (threadIdx.x == 0) out[0] = evens, out[1] = any_negative;
}

int main() {
  int *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, 128 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, 2 * sizeof(int)));
  for (int i = 0; i < 128; ++i) in[i] = i == 77 ? -3 : i;
  count_evens<<<1, 128>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  report("count", out[0], 64);
  report("flag", out[1], 1);
  return 0;
}
