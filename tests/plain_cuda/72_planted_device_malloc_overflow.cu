// Planted bug: each thread allocates room for blockDim.x values and writes one more. The device
// heap bounds its blocks as cudaMalloc's: memcheck names the block and where it was allocated.
// EXPECT-FINDING: out-of-bounds 11
#include <cstdlib>

#include "check.cuh"

__global__ void fill(int* out) {
  int* values = new int[blockDim.x];
  for (unsigned k = 0; k < blockDim.x; ++k) values[k] = k;
  values[blockDim.x] = 0;  // BUG: one past the end
  out[threadIdx.x] = values[threadIdx.x];
  delete[] values;
}

int main() {
  int* out;
  CHECK_CUDA(cudaMalloc(&out, 64 * sizeof(int)));
  fill<<<1, 64>>>(out);
  std::printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
