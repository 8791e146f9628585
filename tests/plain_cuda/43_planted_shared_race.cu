// Planted bug: the reversal of 01_static_shared.cu without its __syncthreads(); each thread reads
// an element another thread of the block writes, unordered: racecheck reports the race, and
// initcheck the reads that come before the element's write.
// EXPECT-FINDING: race-raw 12
// EXPECT-FINDING: uninitialized-read 12
#include "check.cuh"

__global__ void reverse_racy(const int* in, int* out) {
  __shared__ int tile[64];
  const int t = threadIdx.x;
  tile[t] = in[t];
  out[t] = tile[blockDim.x - 1 - t];  // BUG: no __syncthreads() before reading other threads' writes
}

int main() {
  int *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, 64 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, 64 * sizeof(int)));
  for (int i = 0; i < 64; ++i) in[i] = i;
  reverse_racy<<<1, 64>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("ran\n");
  return 0;
}
