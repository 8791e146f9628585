// Planted bug: each tile of 16 threads stages values in shared memory and reads its neighbour's
// without the tile's sync(): the read races with the other lane's write (racecheck), even though
// both lanes are in one warp.
// EXPECT-FINDING: race-raw 20
#include <cooperative_groups.h>

#include "check.cuh"

namespace cg = cooperative_groups;

__global__ void rotate(const int* in, int* out) {
  __shared__ int stage[64];
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(cg::this_thread_block());
  const int t = threadIdx.x;
  stage[t] = 0;
  __syncthreads();
  stage[t] = in[t];
  // BUG: tile.sync() belongs here
  const int base = t - static_cast<int>(tile.thread_rank());
  out[t] = stage[base + (tile.thread_rank() + 1) % 16];
}

int main() {
  int *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, 64 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, 64 * sizeof(int)));
  for (int i = 0; i < 64; ++i) in[i] = i;
  rotate<<<1, 64>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("ran\n");
  return 0;
}
