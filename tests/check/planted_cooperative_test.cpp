// Cooperative groups under the checkers, each verdict under every configuration: the planted bugs
// of each group kind (a tile without its sync(), a tile's sync() that half the tile skips, tiles
// ordered only by their own sync(), a coalesced group without its sync(), grid.sync() in a launch
// that is not cooperative, a cooperative launch without its grid.sync(), a block that leaves before
// the grid's barrier) are found with their kind and line, and vanish with their checker off where
// a checker makes them; the same kernels with their syncs report nothing.
#include <doctest/doctest.h>

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cusim/cusim.hpp>
#include <vector>

#include "check/check_support.hpp"

namespace cg = cooperative_groups;

using check_test::DeviceArray;
using check_test::Expect;
using check_test::expect_clean;
using check_test::expect_planted;
using check_test::launch_sync;

namespace {
// A cooperative launch of `kernel` with its arguments, synchronised.
template <class... P, class... A>
cudaError_t cooperative_sync(void (*kernel)(P...), dim3 grid, dim3 block, A... args) {
  void* pointers[] = {&args...};
  if (cudaError_t e = cudaLaunchCooperativeKernel(kernel, grid, block, pointers); e != cudaSuccess) return e;
  return cudaDeviceSynchronize();
}
}  // namespace

// ---- tiles ----------------------------------------------------------------------------------------

// Each tile of 16 stages its values and reads its neighbour's: with the tile's sync() between
// (synced) or without it.
template <bool Synced>
__global__ void tile_rotate(const int* in, int* out) {
  CUSIM_SHARED(int, stage, [64]);
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(cg::this_thread_block());
  const int t = threadIdx.x;
  stage[t] = in[t];  // @tile-write
  if (Synced) tile.sync();
  const int base = t - static_cast<int>(tile.thread_rank());
  out[t] = stage[base + (tile.thread_rank() + 1) % 16];  // @tile-read
}

TEST_CASE("racecheck: a tile of 16 reads its lanes' values without the tile's sync()") {
  expect_planted({{"race-raw", "tile-read", "shared", "tile-write"}, {"uninitialized-read", "tile-read", "shared"}}, [] {
    DeviceArray<int> in(64, std::vector<int>(64, 3)), out(64);
    return launch_sync(tile_rotate<false>, dim3(1), dim3(64), in.get(), out.get());
  });
}

TEST_CASE("clean: a tile of 16 reads its lanes' values after the tile's sync()") {
  expect_clean([] {
    DeviceArray<int> in(64, std::vector<int>(64, 3)), out(64);
    return launch_sync(tile_rotate<true>, dim3(1), dim3(64), in.get(), out.get());
  });
}

// Half of each tile of 8 calls the tile's sync(); the other half leaves.
__global__ void tile_sync_half(int* out) {
  cg::thread_block_tile<8> tile = cg::tiled_partition<8>(cg::this_thread_block());
  if (tile.thread_rank() < 4) {
    out[threadIdx.x] = 1;
    tile.sync();  // @tile-sync-half
  }
}

TEST_CASE("warp-lane-exited: a tile's sync() that half of the tile never reaches") {
  expect_planted({{"warp-lane-exited", "tile-sync-half"}}, [] {
    DeviceArray<int> out(32);
    return launch_sync(tile_sync_half, dim3(1), dim3(32), out.get());
  });
}

// Two tiles of 32 exchange halves of a shared array: their own sync() orders nothing between them.
template <bool BlockSynced>
__global__ void tiles_swap(const int* in, int* out) {
  CUSIM_SHARED(int, both, [64]);
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  const int t = threadIdx.x;
  both[t] = 0;
  block.sync();
  both[t] = in[t];  // @tiles-write
  if (BlockSynced) block.sync();
  else tile.sync();
  out[t] = both[(t + 32) % 64];  // @tiles-read
}

TEST_CASE("racecheck: two tiles ordered only by their own sync()") {
  expect_planted({{"race-raw", "tiles-read", "shared", "tiles-write"}}, [] {
    DeviceArray<int> in(64, std::vector<int>(64, 5)), out(64);
    return launch_sync(tiles_swap<false>, dim3(1), dim3(64), in.get(), out.get());
  });
}

TEST_CASE("clean: two tiles exchange halves after the block's sync()") {
  expect_clean([] {
    DeviceArray<int> in(64, std::vector<int>(64, 5)), out(64);
    return launch_sync(tiles_swap<true>, dim3(1), dim3(64), in.get(), out.get());
  });
}

// ---- coalesced groups -------------------------------------------------------------------------

// The odd lanes of a warp, together, pass values through shared memory to the next member.
template <bool Synced>
__global__ void odd_lanes_pass(int* out) {
  CUSIM_SHARED(int, box, [32]);
  const unsigned t = threadIdx.x;
  box[t] = 0;
  __syncwarp();
  if (t % 2 == 1) {
    cg::coalesced_group odd = cg::coalesced_threads();
    box[t] = static_cast<int>(t);  // @odd-write
    if (Synced) odd.sync();
    const unsigned next = (odd.thread_rank() + 1) % odd.size();
    out[t] = box[2 * next + 1] + cg::reduce(odd, 1, cg::plus<int>());  // @odd-read
  }
}

TEST_CASE("racecheck: a coalesced group reads its members' values without its sync()") {
  expect_planted({{"race-raw", "odd-read", "shared", "odd-write"}}, [] {
    DeviceArray<int> out(32);
    return launch_sync(odd_lanes_pass<false>, dim3(1), dim3(32), out.get());
  });
}

TEST_CASE("clean: a coalesced group reads its members' values after its sync()") {
  expect_clean([] {
    DeviceArray<int> out(32);
    const cudaError_t e = launch_sync(odd_lanes_pass<true>, dim3(1), dim3(32), out.get());
    std::vector<int> host(32);
    REQUIRE(cudaMemcpy(host.data(), out.get(), sizeof(int) * 32, cudaMemcpyDeviceToHost) == cudaSuccess);
    for (unsigned t = 1; t < 32; t += 2) CHECK(host[t] == static_cast<int>((t + 2) % 32) + 16);
    return e;
  });
}

// ---- the grid ---------------------------------------------------------------------------------

// Each block writes its partial value; thread 0 of the grid adds them up, after the grid's barrier
// or without it.
template <bool Synced>
__global__ void grid_partials(const int* in, int* partial, int* sum) {
  cg::grid_group grid = cg::this_grid();
  if (threadIdx.x == 0) partial[blockIdx.x] = in[blockIdx.x];  // @grid-write
  if (Synced) grid.sync();
  if (grid.thread_rank() == 0) {
    int s = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) s += partial[b];  // @grid-read
    *sum = s;
  }
}

TEST_CASE("racecheck: a cooperative launch reads other blocks' values without grid.sync()") {
  expect_planted({{"race-raw", "grid-read", "global", "grid-write"}}, [] {
    DeviceArray<int> in(4, {1, 2, 3, 4}), partial(4, {0, 0, 0, 0}), sum(1, {0});
    return cooperative_sync(grid_partials<false>, dim3(4), dim3(32), in.get(), partial.get(), sum.get());
  });
}

TEST_CASE("clean: a cooperative launch reads other blocks' values after grid.sync()") {
  expect_clean([] {
    DeviceArray<int> in(4, {1, 2, 3, 4}), partial(4, {0, 0, 0, 0}), sum(1, {0});
    const cudaError_t e = cooperative_sync(grid_partials<true>, dim3(4), dim3(32), in.get(), partial.get(), sum.get());
    int host = 0;
    REQUIRE(cudaMemcpy(&host, sum.get(), sizeof host, cudaMemcpyDeviceToHost) == cudaSuccess);
    CHECK(host == 10);
    return e;
  });
}

// Blocks alternate phases through global memory: each phase reads what the others wrote in the
// one before, every phase ended by grid.sync().
__global__ void grid_phases(int* cells, int phases) {
  cg::grid_group grid = cg::this_grid();
  const unsigned long long n = grid.size(), i = grid.thread_rank();
  for (int p = 0; p < phases; ++p) {
    const int left = cells[(i + n - 1) % n];
    grid.sync();
    cells[i] += left;
    grid.sync();
  }
}

TEST_CASE("clean: phases of a cooperative launch separated by grid.sync()") {
  expect_clean([] {
    DeviceArray<int> cells(128, std::vector<int>(128, 1));
    return cooperative_sync(grid_phases, dim3(4), dim3(32), cells.get(), 3);
  });
}

__global__ void grid_sync_plain(int* out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
  cg::this_grid().sync();  // @grid-sync-plain
}

TEST_CASE("invalid-grid-sync: grid.sync() in a launch that is not cooperative") {
  expect_planted({{"invalid-grid-sync", "grid-sync-plain"}}, [] {
    DeviceArray<int> out(64);
    return launch_sync(grid_sync_plain, dim3(2), dim3(32), out.get());
  });
}

__global__ void grid_sync_block_leaves(int* out) {
  if (blockIdx.x == 2) return;
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
  cg::this_grid().sync();  // @grid-sync-left
  out[blockIdx.x * blockDim.x + threadIdx.x] = 2;
}

TEST_CASE("deadlock: a block of a cooperative launch leaves before grid.sync()") {
  expect_planted({{"deadlock", "grid-sync-left"}}, [] {
    DeviceArray<int> out(128);
    return cooperative_sync(grid_sync_block_leaves, dim3(4), dim3(32), out.get());
  });
}

TEST_CASE("cudaLaunchCooperativeKernel refuses a grid the device cannot hold at once") {
  cudaDeviceProp prop;
  REQUIRE(cudaGetDeviceProperties(&prop, 0) == cudaSuccess);
  int blocks_per_sm = 0;
  REQUIRE(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, grid_sync_plain, 1024, 0) == cudaSuccess);
  {
    DeviceArray<int> out(1);
    int* p = out.get();
    void* args[] = {&p};
    const unsigned fit = static_cast<unsigned>(blocks_per_sm * prop.multiProcessorCount);
    CHECK(cudaLaunchCooperativeKernel(grid_sync_plain, dim3(fit + 1), dim3(1024), args) ==
          cudaErrorCooperativeLaunchTooLarge);
    CHECK(cudaGetLastError() == cudaErrorCooperativeLaunchTooLarge);
    CHECK(cudaGetLastError() == cudaSuccess);  // not sticky
  }
  check_test::reset_device();  // the simulator's invalid-launch finding
}
