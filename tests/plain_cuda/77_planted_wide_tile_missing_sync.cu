// Planted bug: each tile of 64 threads (two warps) stages values in shared memory and reads the
// value of the thread 32 ranks on, in the tile's other warp, without the tile's sync(): the read
// races with the other warp's write (racecheck).
// EXPECT-FINDING: race-raw 20
#include <cooperative_groups.h>

#include "check.cuh"

namespace cg = cooperative_groups;

__global__ void swap_warps(const int* in, int* out) {
  __shared__ int stage[128];
  cg::thread_block_tile<64> tile = cg::tiled_partition<64>(cg::this_thread_block());
  const int t = threadIdx.x;
  stage[t] = 0;
  __syncthreads();
  stage[t] = in[t];
  // BUG: tile.sync() belongs here
  const int base = t - static_cast<int>(tile.thread_rank());
  out[t] = stage[base + (tile.thread_rank() + 32) % 64];
}

int main() {
  int *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, 128 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, 128 * sizeof(int)));
  for (int i = 0; i < 128; ++i) in[i] = i;
  swap_warps<<<1, 128>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("ran\n");
  return 0;
}
