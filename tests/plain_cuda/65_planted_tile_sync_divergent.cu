// Planted bug: a tile's sync() inside a branch that only half of the tile takes; the other lanes
// exit, so the sync names lanes that never arrive (on a GPU: undefined, usually a hang).
// EXPECT-FINDING: warp-lane-exited 14
#include <cooperative_groups.h>

#include "check.cuh"

namespace cg = cooperative_groups;

__global__ void half_sync(int* out) {
  cg::thread_block_tile<8> tile = cg::tiled_partition<8>(cg::this_thread_block());
  if (tile.thread_rank() < 4) {
    out[threadIdx.x] = 1;
    tile.sync();  // BUG: ranks 4..7 of the tile never get here
  }
}

int main() {
  int* out;
  CHECK_CUDA(cudaMallocManaged(&out, 32 * sizeof(int)));
  half_sync<<<1, 32>>>(out);
  std::printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
