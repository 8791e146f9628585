// Planted bug: in a cooperative launch, block 1 returns before grid.sync(), which waits for every
// block of the grid: the other blocks can never be released (on a GPU: a hang). cusim reports a
// deadlock at the grid.sync() once every other block waits there.
// EXPECT-FINDING: deadlock 15
#include <cooperative_groups.h>

#include "check.cuh"

namespace cg = cooperative_groups;

__global__ void early_exit(int* data) {
  cg::grid_group grid = cg::this_grid();
  if (blockIdx.x == 1) return;  // BUG: block 1 never reaches the grid's barrier
  data[grid.thread_rank()] = 1;
  grid.sync();
  data[grid.thread_rank()] += 1;
}

int main() {
  int* data;
  CHECK_CUDA(cudaMalloc(&data, 128 * sizeof(int)));
  void* args[] = {&data};
  CHECK_CUDA(cudaLaunchCooperativeKernel((void*)early_exit, 4, 32, args, 0, 0));
  std::printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
