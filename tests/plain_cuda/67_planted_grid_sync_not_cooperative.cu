// Planted bug: grid.sync() in a kernel launched with <<<...>>> rather than
// cudaLaunchCooperativeKernel: CUDA traps there (cudaErrorLaunchFailure).
// EXPECT-FINDING: invalid-grid-sync 13
#include <cooperative_groups.h>

#include "check.cuh"

namespace cg = cooperative_groups;

__global__ void two_phases(int* data) {
  cg::grid_group grid = cg::this_grid();
  data[grid.thread_rank()] = 1;
  grid.sync();  // BUG: the launch below is not cooperative
  data[grid.thread_rank()] += data[(grid.thread_rank() + 32) % grid.size()];
}

int main() {
  int* data;
  CHECK_CUDA(cudaMalloc(&data, 64 * sizeof(int)));
  two_phases<<<2, 32>>>(data);
  std::printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
