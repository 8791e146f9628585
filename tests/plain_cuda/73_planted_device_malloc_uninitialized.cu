// Planted bug: device malloc gives memory with whatever it held before, as on the GPU; a kernel
// sums a block it filled only partly. initcheck reports the first read of a byte never written.
// EXPECT-FINDING: uninitialized-read 13
#include <cstdlib>

#include "check.cuh"

__global__ void partial_sum(int* out) {
  int* values = static_cast<int*>(malloc(8 * sizeof(int)));
  for (int k = 0; k < 7; ++k) values[k] = k;  // BUG: values[7] is never written
  int sum = 0;
  for (int k = 0; k < 8; ++k)
    sum += values[k];
  out[threadIdx.x] = sum;
  free(values);
}

int main() {
  int* out;
  CHECK_CUDA(cudaMalloc(&out, 32 * sizeof(int)));
  partial_sum<<<1, 32>>>(out);
  std::printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
