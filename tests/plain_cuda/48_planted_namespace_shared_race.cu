// Planted bug: a race on a namespace-scope __shared__ variable, written by every thread.
// EXPECT-FINDING: race-waw 8
#include "check.cuh"

__shared__ int last_writer;

__global__ void claim(int* out) {
  last_writer = threadIdx.x;  // BUG: every thread writes the same shared word
  __syncthreads();
  if (threadIdx.x == 0) *out = last_writer;
}

int main() {
  int* out;
  CHECK_CUDA(cudaMallocManaged(&out, sizeof(int)));
  claim<<<1, 64>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("ran\n");
  return 0;
}
