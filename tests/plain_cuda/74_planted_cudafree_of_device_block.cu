// Planted bug: the host frees, with cudaFree, a block that a kernel allocated with malloc. CUDA
// forbids it (device-side blocks are freed only by device code); cusim reports it at the call
// and, as for any invalid free, returns cudaErrorInvalidValue.
// EXPECT-FINDING: invalid-free 18
#include <cstdlib>

#include "check.cuh"

__device__ int* shared_block;

__global__ void allocate() { shared_block = static_cast<int*>(malloc(64 * sizeof(int))); }

int main() {
  allocate<<<1, 1>>>();
  CHECK_CUDA(cudaDeviceSynchronize());
  int* block = nullptr;
  CHECK_CUDA(cudaMemcpyFromSymbol(&block, shared_block, sizeof(block)));
  std::printf("free: %s\n", cudaGetErrorName(cudaFree(block)));  // BUG: device memory of device code's own
  return 0;
}
