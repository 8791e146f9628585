// Cooperative groups under the checkers, each verdict under every configuration: the planted bugs
// of each group kind (a tile without its sync(), a tile's sync() that half the tile skips, tiles
// ordered only by their own sync(), a coalesced group without its sync(), grid.sync() in a launch
// that is not cooperative, a cooperative launch without its grid.sync(), a block that leaves before
// the grid's barrier) are found with their kind and line, and vanish with their checker off where
// a checker makes them; the same kernels with their syncs report nothing.
#include <doctest/doctest.h>

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cusim/cusim.hpp>
#include <algorithm>
#include <type_traits>
#include <vector>

#include "check/check_support.hpp"

namespace cg = cooperative_groups;

using check_test::DeviceArray;
using check_test::Expect;
using check_test::expect_clean;
using check_test::expect_clean_everywhere;
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

// ---- tiles of more than one warp ----------------------------------------------------------------

// Each tile of 128 threads (four warps) stages its values and reads those of the thread 64 ranks
// on, in another warp of the tile: with the tile's sync() between (synced) or without it.
template <bool Synced>
__global__ void wide_tile_rotate(const int* in, int* out) {
  CUSIM_SHARED(int, stage, [256]);
  cg::thread_block_tile<128> tile = cg::tiled_partition<128>(cg::this_thread_block());
  const int t = threadIdx.x;
  stage[t] = in[t];  // @wide-write
  if (Synced) tile.sync();
  const int base = t - static_cast<int>(tile.thread_rank());
  out[t] = stage[base + (tile.thread_rank() + 64) % 128];  // @wide-read
}

TEST_CASE("racecheck: a tile of 128 reads other warps' values without the tile's sync()") {
  expect_planted({{"race-raw", "wide-read", "shared", "wide-write"}, {"uninitialized-read", "wide-read", "shared"}}, [] {
    DeviceArray<int> in(256, std::vector<int>(256, 3)), out(256);
    return launch_sync(wide_tile_rotate<false>, dim3(1), dim3(256), in.get(), out.get());
  });
}

TEST_CASE("clean: a tile of 128 reads other warps' values after the tile's sync()") {
  expect_clean([] {
    std::vector<int> values(256);
    for (int i = 0; i < 256; ++i) values[i] = i * 7;
    DeviceArray<int> in(256, values), out(256);
    const cudaError_t e = launch_sync(wide_tile_rotate<true>, dim3(1), dim3(256), in.get(), out.get());
    std::vector<int> host(256);
    REQUIRE(cudaMemcpy(host.data(), out.get(), sizeof(int) * 256, cudaMemcpyDeviceToHost) == cudaSuccess);
    for (int t = 0; t < 256; ++t) CHECK(host[t] == values[t / 128 * 128 + (t % 128 + 64) % 128]);
    return e;
  });
}

// Two tiles of 64 exchange halves of a shared array: their own sync() orders nothing between them.
template <bool BlockSynced>
__global__ void wide_tiles_swap(const int* in, int* out) {
  CUSIM_SHARED(int, both, [128]);
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<64> tile = cg::tiled_partition<64>(block);
  const int t = threadIdx.x;
  both[t] = 0;
  block.sync();
  both[t] = in[t];  // @wide-tiles-write
  if (BlockSynced) block.sync();
  else tile.sync();
  out[t] = both[(t + 64) % 128];  // @wide-tiles-read
}

TEST_CASE("racecheck: two tiles of 64 ordered only by their own sync()") {
  expect_planted({{"race-raw", "wide-tiles-read", "shared", "wide-tiles-write"}}, [] {
    DeviceArray<int> in(128, std::vector<int>(128, 5)), out(128);
    return launch_sync(wide_tiles_swap<false>, dim3(1), dim3(128), in.get(), out.get());
  });
}

TEST_CASE("clean: two tiles of 64 exchange halves after the block's sync()") {
  expect_clean([] {
    DeviceArray<int> in(128, std::vector<int>(128, 5)), out(128);
    return launch_sync(wide_tiles_swap<true>, dim3(1), dim3(128), in.get(), out.get());
  });
}

// The first warp of each tile of 64 calls the tile's sync(); the second leaves.
__global__ void wide_tile_sync_half(int* out) {
  cg::thread_block_tile<64> tile = cg::tiled_partition<64>(cg::this_thread_block());
  if (tile.thread_rank() < 32) {
    out[threadIdx.x] = 1;
    tile.sync();  // @wide-sync-half
  }
}

TEST_CASE("barrier-divergence: a tile of 64 whose second warp leaves before the tile's sync()") {
  expect_planted({{"barrier-divergence", "wide-sync-half", "", "", static_cast<int>(cudaSuccess)}}, [] {
    DeviceArray<int> out(128);
    return launch_sync(wide_tile_sync_half, dim3(1), dim3(128), out.get());
  });
}

// Each half of a tile of 64 syncs the tile at its own call site.
__global__ void wide_tile_sync_branches(int* out) {
  cg::thread_block_tile<64> tile = cg::tiled_partition<64>(cg::this_thread_block());
  out[threadIdx.x] = 1;
  if (tile.thread_rank() < 32) tile.sync();  // @wide-branch-a
  else tile.sync();                          // @wide-branch-b
}

TEST_CASE("barrier-divergence: the halves of a tile of 64 sync it at different call sites") {
  expect_planted({{"barrier-divergence", "wide-branch-a|wide-branch-b"}}, [] {
    DeviceArray<int> out(64);
    return launch_sync(wide_tile_sync_branches, dim3(1), dim3(64), out.get());
  });
}

// One warp of a tile of 64 waits at the tile's sync(), the other at the block's: neither completes.
__global__ void wide_tile_or_block(int* out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<64> tile = cg::tiled_partition<64>(block);
  out[threadIdx.x] = 1;
  if (tile.thread_rank() < 32) tile.sync();  // @wide-or-block
  else block.sync();
}

TEST_CASE("deadlock: one warp of a tile of 64 at the tile's sync(), the other at the block's") {
  expect_planted({{"deadlock", "wide-or-block"}}, [] {
    DeviceArray<int> out(64);
    return launch_sync(wide_tile_or_block, dim3(1), dim3(64), out.get());
  });
}

// Every collective of a tile of 256 threads: reduce (float: CUDA's order, checked bit for bit
// against the same order on the host; int), both scans, shfl from another warp, any and all.
__global__ void wide_tile_collectives(const float* in, float* sums, int* ints, float* inclusive, float* exclusive,
                                      int* shuffled, int* votes) {
  cg::thread_block_tile<256> tile = cg::tiled_partition<256>(cg::this_thread_block());
  const unsigned t = threadIdx.x;
  sums[t] = cg::reduce(tile, in[t], cg::plus<float>());
  ints[t] = cg::reduce(tile, static_cast<int>(t), cg::plus<int>());
  inclusive[t] = cg::inclusive_scan(tile, in[t], cg::plus<float>());
  exclusive[t] = cg::exclusive_scan(tile, in[t], cg::plus<float>());
  shuffled[t] = tile.shfl(static_cast<int>(t) * 3, 200);
  votes[t] = tile.any(t == 130) * 10 + tile.all(t < 512) + 100 * tile.all(t != 7);
}

TEST_CASE("clean: the collectives of a tile of 256 give CUDA's results") {
  expect_clean_everywhere([] {
    constexpr unsigned n = 512;
    std::vector<float> values(n);
    for (unsigned i = 0; i < n; ++i) values[i] = 1.0f / static_cast<float>(i + 3) + static_cast<float>(i % 7) * 1e3f;
    DeviceArray<float> in(n, values), sums(n), inclusive(n), exclusive(n);
    DeviceArray<int> ints(n), shuffled(n), votes(n);
    const cudaError_t e = launch_sync(wide_tile_collectives, dim3(1), dim3(n), in.get(), sums.get(), ints.get(),
                                      inclusive.get(), exclusive.get(), shuffled.get(), votes.get());
    auto host = [](const auto& a) {
      std::vector<std::remove_cvref_t<decltype(*a.get())>> h(n);
      REQUIRE(cudaMemcpy(h.data(), a.get(), sizeof(h[0]) * n, cudaMemcpyDeviceToHost) == cudaSuccess);
      return h;
    };
    const auto s = host(sums), incl = host(inclusive), excl = host(exclusive);
    const auto i = host(ints), sh = host(shuffled), v = host(votes);
    for (unsigned tile = 0; tile < 2; ++tile) {
      // reduce: each warp's butterfly (16 down to 1), then the butterfly over the 8 warps.
      float warp_sum[8];
      for (unsigned w = 0; w < 8; ++w) {
        float lanes[32];
        for (unsigned l = 0; l < 32; ++l) lanes[l] = values[tile * 256 + w * 32 + l];
        for (unsigned d = 16; d > 0; d >>= 1) {
          float next[32];
          for (unsigned l = 0; l < 32; ++l) next[l] = lanes[l] + lanes[l ^ d];
          std::copy(next, next + 32, lanes);
        }
        warp_sum[w] = lanes[0];
      }
      for (unsigned d = 4; d > 0; d >>= 1) {
        float next[8];
        for (unsigned w = 0; w < 8; ++w) next[w] = warp_sum[w] + warp_sum[w ^ d];
        std::copy(next, next + 8, warp_sum);
      }
      // scans: each warp's Hillis-Steele scan, then op(own, total of the warps before).
      float warp_scan[256], totals[8], before[8];
      for (unsigned w = 0; w < 8; ++w) {
        float* lanes = warp_scan + w * 32;
        for (unsigned l = 0; l < 32; ++l) lanes[l] = values[tile * 256 + w * 32 + l];
        for (unsigned d = 1; d < 32; d <<= 1) {
          float next[32];
          for (unsigned l = 0; l < 32; ++l) next[l] = d <= l ? lanes[l] + lanes[l - d] : lanes[l];
          std::copy(next, next + 32, lanes);
        }
        totals[w] = lanes[31];
      }
      float scanned[8];
      std::copy(totals, totals + 8, scanned);
      for (unsigned d = 1; d < 8; d <<= 1) {
        float next[8];
        for (unsigned w = 0; w < 8; ++w) next[w] = d <= w ? scanned[w] + scanned[w - d] : scanned[w];
        std::copy(next, next + 8, scanned);
      }
      for (unsigned w = 0; w < 8; ++w) before[w] = w ? scanned[w - 1] : 0.0f;
      for (unsigned r = 0; r < 256; ++r) {
        const unsigned t = tile * 256 + r, w = r / 32, l = r % 32;
        CHECK(s[t] == warp_sum[0]);
        CHECK(i[t] == static_cast<int>(256 * 255 / 2 + tile * 256 * 256));
        CHECK(incl[t] == (w ? warp_scan[r] + before[w] : warp_scan[r]));
        const float shifted = l ? warp_scan[r - 1] : warp_scan[r];
        CHECK(excl[t] == (l == 0 ? before[w] : w ? shifted + before[w] : shifted));
        CHECK(sh[t] == static_cast<int>(tile * 256 + 200) * 3);
        CHECK(v[t] == (tile == 0 ? 11 : 101));
      }
    }
    return e;
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
