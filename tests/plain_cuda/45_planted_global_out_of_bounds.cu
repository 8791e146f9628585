// Planted bug: a kernel launched through a macro with one block too many for its allocation and
// no bounds check; memcheck names the line and the allocation.
// EXPECT-FINDING: out-of-bounds 8
#include "check.cuh"

#define LAUNCH(k, blocks, ...) k<<<blocks, 32>>>(__VA_ARGS__)

__global__ void twice(int* v) { v[blockIdx.x * blockDim.x + threadIdx.x] *= 2; }

int main() {
  int* v;
  CHECK_CUDA(cudaMalloc(&v, 64 * sizeof(int)));
  CHECK_CUDA(cudaMemset(v, 0, 64 * sizeof(int)));
  LAUNCH(twice, 3, v);  // BUG: 96 threads over 64 elements
  std::printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
