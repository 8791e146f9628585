// Planted bug: a kernel frees its scratch block twice. CUDA leaves a second free undefined;
// cusim's device heap knows the block was freed and stops the thread there.
// EXPECT-FINDING: invalid-device-free 13
#include <cstdlib>

#include "check.cuh"

__global__ void scratch(int* out) {
  int* block = static_cast<int*>(malloc(8 * sizeof(int)));
  block[0] = threadIdx.x;
  out[threadIdx.x] = block[0];
  free(block);
  free(block);  // BUG: freed on the line above
}

int main() {
  int* out;
  CHECK_CUDA(cudaMalloc(&out, 32 * sizeof(int)));
  scratch<<<1, 32>>>(out);
  std::printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
