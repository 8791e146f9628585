// Planted bug: a kernel reads one element past its input through __ldg, the read-only cache's
// load; on the simulator it is a plain load, which memcheck bounds like any other.
// EXPECT-FINDING: out-of-bounds 8
#include "check.cuh"

__global__ void shift_left(const int* __restrict__ in, int* __restrict__ out) {
  const int i = threadIdx.x;
  out[i] = __ldg(&in[i + 1]);  // BUG: the last thread reads in[64]
}

int main() {
  int *in, *out;
  CHECK_CUDA(cudaMalloc(&in, 64 * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&out, 64 * sizeof(int)));
  CHECK_CUDA(cudaMemset(in, 0, 64 * sizeof(int)));
  shift_left<<<1, 64>>>(in, out);
  std::printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
