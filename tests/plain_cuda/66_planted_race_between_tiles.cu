// Planted bug: two tiles of 32 threads each write their half of a shared array, and each reads the
// other tile's half after only its own tile.sync(), which orders nothing between tiles: a race
// between warps (racecheck). A __syncthreads() is needed there.
// EXPECT-FINDING: race-raw 19
#include <cooperative_groups.h>

#include "check.cuh"

namespace cg = cooperative_groups;

__global__ void swap_halves(const int* in, int* out) {
  __shared__ int both[64];
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  const int t = threadIdx.x;
  both[t] = 0;
  __syncthreads();
  both[t] = in[t];
  tile.sync();  // BUG: orders this tile's lanes only
  out[t] = both[(t + 32) % 64];
}

int main() {
  int *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, 64 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, 64 * sizeof(int)));
  for (int i = 0; i < 64; ++i) in[i] = i;
  swap_halves<<<1, 64>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("ran\n");
  return 0;
}
