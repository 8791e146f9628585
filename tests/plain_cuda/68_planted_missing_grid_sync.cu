// Planted bug: a cooperative launch whose first block reads the other blocks' partial sums without
// the grid.sync() that would order their writes before its reads: a race between blocks.
// EXPECT-FINDING: race-raw 16
#include <cooperative_groups.h>

#include "check.cuh"

namespace cg = cooperative_groups;

__global__ void total(const int* in, int* partial, int* sum) {
  cg::grid_group grid = cg::this_grid();
  if (threadIdx.x == 0) partial[blockIdx.x] = in[blockIdx.x];
  // BUG: grid.sync() belongs here
  if (grid.thread_rank() == 0) {
    int s = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) s += partial[b];
    *sum = s;
  }
}

int main() {
  int *in, *partial, *sum;
  CHECK_CUDA(cudaMallocManaged(&in, 4 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&partial, 4 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&sum, sizeof(int)));
  for (int i = 0; i < 4; ++i) in[i] = i, partial[i] = 0;
  void* args[] = {&in, &partial, &sum};
  CHECK_CUDA(cudaLaunchCooperativeKernel((void*)total, 4, 32, args, 0, 0));
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("ran\n");
  return 0;
}
