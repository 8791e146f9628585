// Cooperative groups as CUDA programs use them: the thread block, tiles of 32, 16 and 8 threads
// (static and dynamic), coalesced groups and their partitions, cg::reduce and the scans, a
// warp-aggregated atomic, and a grid-wide sync in a cooperative launch. Results are compared with
// the host's, floating-point ones bit for bit with the order CUDA's implementation combines them.
// EXPECT: block_sum: ok
// EXPECT: tile32_reduce_int: ok
// EXPECT: tile32_reduce_float_bits: ok
// EXPECT: tile32_shfl_down_sum: ok
// EXPECT: tile16_ballot: ok
// EXPECT: tile16_any_all: ok
// EXPECT: tile8_match_any: ok
// EXPECT: tile_meta_group: ok
// EXPECT: dynamic_tile_ranks: ok
// EXPECT: tile32_inclusive_scan: ok
// EXPECT: tile32_exclusive_scan: ok
// EXPECT: tile16_reduce_max: ok
// EXPECT: coalesced_ranks: ok
// EXPECT: coalesced_reduce: ok
// EXPECT: coalesced_exclusive_scan: ok
// EXPECT: labeled_partition_sizes: ok
// EXPECT: binary_partition_sizes: ok
// EXPECT: aggregated_atomic: ok
// EXPECT: grid_sum: ok
// EXPECT: grid_ranks: ok
// EXPECT: is_valid_plain: 0
// EXPECT: is_valid_cooperative: 1
// EXPECT: too_large: cudaErrorCooperativeLaunchTooLarge
// EXPECT-FINDING: invalid-launch 325
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "check.cuh"

namespace cg = cooperative_groups;

constexpr int kThreads = 128;

// out[k * kThreads + t]: result k of thread t.
enum Result {
  kBlockSum, kTileReduceInt, kTileReduceFloat, kShflDownSum, kBallot, kAnyAll, kMatchAny, kMetaGroup, kDynamicRank,
  kInclusive, kExclusive, kReduceMax, kCoalescedRank, kCoalescedReduce, kCoalescedScan, kLabeledSize, kBinarySize,
  kResults
};

__global__ void groups(const int* in, const float* fin, int* out) {
  cg::thread_block block = cg::this_thread_block();
  const unsigned t = block.thread_rank();
  __shared__ int partial[kThreads / 32];
  int* mine = out;

  // The block: a two-level sum through shared memory.
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  const int warp_sum = cg::reduce(warp, in[t], cg::plus<int>());
  if (warp.thread_rank() == 0) partial[warp.meta_group_rank()] = warp_sum;
  block.sync();
  int total = 0;
  for (int w = 0; w < kThreads / 32; ++w) total += partial[w];
  mine[kBlockSum * kThreads + t] = total;
  mine[kTileReduceInt * kThreads + t] = warp_sum;

  const float fsum = cg::reduce(warp, fin[t], cg::plus<float>());
  std::memcpy(&mine[kTileReduceFloat * kThreads + t], &fsum, sizeof fsum);

  // The reduction sample's loop: shfl_down within the tile.
  int v = in[t];
  for (int offset = warp.size() / 2; offset > 0; offset /= 2) v += warp.shfl_down(v, offset);
  mine[kShflDownSum * kThreads + t] = warp.thread_rank() == 0 ? v : -1;

  cg::thread_block_tile<16> half = cg::tiled_partition<16>(block);
  mine[kBallot * kThreads + t] = static_cast<int>(half.ballot(in[t] % 3 == 0));
  mine[kAnyAll * kThreads + t] = half.any(in[t] == 5) * 2 + half.all(in[t] >= 0);
  cg::thread_block_tile<8> eighth = cg::tiled_partition<8>(half);
  mine[kMatchAny * kThreads + t] = static_cast<int>(eighth.match_any(in[t] % 2));
  mine[kMetaGroup * kThreads + t] = static_cast<int>(eighth.meta_group_rank() * 100 + eighth.meta_group_size());

  cg::thread_group dynamic = cg::tiled_partition(block, 8);
  dynamic.sync();
  mine[kDynamicRank * kThreads + t] = static_cast<int>(dynamic.thread_rank() * 100 + dynamic.size());

  mine[kInclusive * kThreads + t] = cg::inclusive_scan(warp, in[t]);
  mine[kExclusive * kThreads + t] = cg::exclusive_scan(warp, in[t]);
  mine[kReduceMax * kThreads + t] = cg::reduce(half, in[t], cg::greater<int>());

  // Coalesced groups: the threads with an odd input, together.
  mine[kCoalescedRank * kThreads + t] = -1;
  mine[kCoalescedReduce * kThreads + t] = -1;
  mine[kCoalescedScan * kThreads + t] = -1;
  if (in[t] % 2 == 1) {
    cg::coalesced_group odd = cg::coalesced_threads();
    mine[kCoalescedRank * kThreads + t] = static_cast<int>(odd.thread_rank() * 100 + odd.size());
    mine[kCoalescedReduce * kThreads + t] = cg::reduce(odd, in[t], cg::plus<int>());
    mine[kCoalescedScan * kThreads + t] = cg::exclusive_scan(odd, in[t], cg::plus<int>());
  }
  __syncwarp();  // the warp reconverges: coalesced_threads() is then the whole warp
  cg::coalesced_group all = cg::coalesced_threads();
  cg::coalesced_group by_label = cg::labeled_partition(all, in[t] % 4);
  mine[kLabeledSize * kThreads + t] = static_cast<int>(by_label.size());
  cg::coalesced_group by_sign = cg::binary_partition(all, in[t] > 20);
  mine[kBinarySize * kThreads + t] = static_cast<int>(by_sign.size());
}

// Each active thread's increment, made as one atomic per warp by its leader.
__global__ void aggregated(int* counter, int* slots, const int* in) {
  const int t = threadIdx.x;
  if (in[t] % 3 != 0) return;
  cg::coalesced_group active = cg::coalesced_threads();
  int base = 0;
  if (active.thread_rank() == 0) base = atomicAdd(counter, static_cast<int>(active.size()));
  base = active.shfl(base, 0);
  slots[base + active.thread_rank()] = t;
}

// Each block sums its part; after the grid-wide barrier block 0 adds up the blocks' sums.
__global__ void grid_total(const int* in, int* block_sums, int* total, unsigned long long* ranks, int* valid) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  __shared__ int sum;
  if (block.thread_rank() == 0) sum = 0;
  block.sync();
  atomicAdd(&sum, in[grid.thread_rank()]);
  block.sync();
  if (block.thread_rank() == 0) block_sums[grid.block_rank()] = sum;
  ranks[grid.thread_rank()] = grid.thread_rank() * 1000 + grid.block_rank();
  if (grid.thread_rank() == 0) *valid = grid.is_valid();
  grid.sync();
  if (grid.thread_rank() == 0) {
    int s = 0;
    for (unsigned long long b = 0; b < grid.num_blocks(); ++b) s += block_sums[b];
    *total = s;
  }
}

__global__ void validity(int* valid) { *valid = cg::this_grid().is_valid(); }

bool check_all(const char* name, const std::vector<int>& got, const std::vector<int>& want) {
  for (std::size_t i = 0; i < want.size(); ++i)
    if (got[i] != want[i]) {
      std::printf("%s: WRONG at %zu (%d != %d)\n", name, i, got[i], want[i]);
      return false;
    }
  std::printf("%s: ok\n", name);
  return true;
}

int main() {
  std::vector<int> h_in(kThreads);
  std::vector<float> h_fin(kThreads);
  for (int t = 0; t < kThreads; ++t) {
    h_in[t] = (t * 37 + 11) % 41;
    h_fin[t] = 1.0f / static_cast<float>(t + 3) + static_cast<float>(t % 7) * 1e-3f;
  }
  int *in, *out;
  float* fin;
  CHECK_CUDA(cudaMalloc(&in, kThreads * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&fin, kThreads * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&out, kResults * kThreads * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(in, h_in.data(), kThreads * sizeof(int), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(fin, h_fin.data(), kThreads * sizeof(float), cudaMemcpyHostToDevice));
  groups<<<1, kThreads>>>(in, fin, out);
  CHECK_CUDA(cudaGetLastError());
  std::vector<int> got(kResults * kThreads);
  CHECK_CUDA(cudaMemcpy(got.data(), out, got.size() * sizeof(int), cudaMemcpyDeviceToHost));
  auto result = [&](Result k) { return std::vector<int>(got.begin() + k * kThreads, got.begin() + (k + 1) * kThreads); };

  std::vector<int> want(kThreads);
  int total = 0;
  for (int v : h_in) total += v;
  for (int t = 0; t < kThreads; ++t) want[t] = total;
  check_all("block_sum", result(kBlockSum), want);

  for (int t = 0; t < kThreads; ++t) {
    int s = 0;
    for (int l = 0; l < 32; ++l) s += h_in[t / 32 * 32 + l];
    want[t] = s;
  }
  check_all("tile32_reduce_int", result(kTileReduceInt), want);

  // The butterfly: at each step every lane adds the value of the lane `d` away.
  for (int w = 0; w < kThreads / 32; ++w) {
    float lanes[32];
    for (int l = 0; l < 32; ++l) lanes[l] = h_fin[w * 32 + l];
    for (int d = 16; d > 0; d /= 2) {
      float next[32];
      for (int l = 0; l < 32; ++l) next[l] = lanes[l] + lanes[l ^ d];
      std::memcpy(lanes, next, sizeof lanes);
    }
    for (int l = 0; l < 32; ++l) std::memcpy(&want[w * 32 + l], &lanes[l], sizeof(float));
  }
  check_all("tile32_reduce_float_bits", result(kTileReduceFloat), want);

  for (int t = 0; t < kThreads; ++t) want[t] = t % 32 == 0 ? result(kTileReduceInt)[t] : -1;
  check_all("tile32_shfl_down_sum", result(kShflDownSum), want);

  for (int t = 0; t < kThreads; ++t) {
    unsigned b = 0;
    for (int r = 0; r < 16; ++r) b |= (h_in[t / 16 * 16 + r] % 3 == 0 ? 1u : 0u) << r;
    want[t] = static_cast<int>(b);
  }
  check_all("tile16_ballot", result(kBallot), want);

  for (int t = 0; t < kThreads; ++t) {
    bool any = false, all = true;
    for (int r = 0; r < 16; ++r) {
      any |= h_in[t / 16 * 16 + r] == 5;
      all &= h_in[t / 16 * 16 + r] >= 0;
    }
    want[t] = any * 2 + all;
  }
  check_all("tile16_any_all", result(kAnyAll), want);

  for (int t = 0; t < kThreads; ++t) {
    unsigned m = 0;
    for (int r = 0; r < 8; ++r) m |= (h_in[t / 8 * 8 + r] % 2 == h_in[t] % 2 ? 1u : 0u) << r;
    want[t] = static_cast<int>(m);
  }
  check_all("tile8_match_any", result(kMatchAny), want);

  for (int t = 0; t < kThreads; ++t) want[t] = (t % 16) / 8 * 100 + 2;
  check_all("tile_meta_group", result(kMetaGroup), want);
  for (int t = 0; t < kThreads; ++t) want[t] = (t % 8) * 100 + 8;
  check_all("dynamic_tile_ranks", result(kDynamicRank), want);

  for (int t = 0; t < kThreads; ++t) {
    int s = 0;
    for (int l = t / 32 * 32; l <= t; ++l) s += h_in[l];
    want[t] = s;
  }
  check_all("tile32_inclusive_scan", result(kInclusive), want);
  for (int t = 0; t < kThreads; ++t) want[t] -= h_in[t];
  check_all("tile32_exclusive_scan", result(kExclusive), want);
  for (int t = 0; t < kThreads; ++t) {
    int m = h_in[t / 16 * 16];
    for (int r = 1; r < 16; ++r) m = std::max(m, h_in[t / 16 * 16 + r]);
    want[t] = m;
  }
  check_all("tile16_reduce_max", result(kReduceMax), want);

  std::vector<int> want_rank(kThreads, -1), want_sum(kThreads, -1), want_scan(kThreads, -1);
  for (int w = 0; w < kThreads / 32; ++w) {
    int size = 0, sum = 0;
    for (int l = 0; l < 32; ++l)
      if (h_in[w * 32 + l] % 2 == 1) {
        ++size;
        sum += h_in[w * 32 + l];
      }
    int rank = 0, before = 0;
    for (int l = 0; l < 32; ++l)
      if (h_in[w * 32 + l] % 2 == 1) {
        want_rank[w * 32 + l] = rank++ * 100 + size;
        want_sum[w * 32 + l] = sum;
        want_scan[w * 32 + l] = before;
        before += h_in[w * 32 + l];
      }
  }
  check_all("coalesced_ranks", result(kCoalescedRank), want_rank);
  check_all("coalesced_reduce", result(kCoalescedReduce), want_sum);
  check_all("coalesced_exclusive_scan", result(kCoalescedScan), want_scan);

  for (int t = 0; t < kThreads; ++t) {
    int same = 0, side = 0;
    for (int l = t / 32 * 32; l < t / 32 * 32 + 32; ++l) {
      same += h_in[l] % 4 == h_in[t] % 4;
      side += (h_in[l] > 20) == (h_in[t] > 20);
    }
    want[t] = same;
    want_rank[t] = side;
  }
  check_all("labeled_partition_sizes", result(kLabeledSize), want);
  check_all("binary_partition_sizes", result(kBinarySize), want_rank);

  // The warp-aggregated atomic: every selected thread gets a slot of its own.
  int *counter, *slots;
  CHECK_CUDA(cudaMalloc(&counter, sizeof(int)));
  CHECK_CUDA(cudaMalloc(&slots, kThreads * sizeof(int)));
  CHECK_CUDA(cudaMemset(counter, 0, sizeof(int)));
  aggregated<<<1, kThreads>>>(counter, slots, in);
  int count = 0;
  CHECK_CUDA(cudaMemcpy(&count, counter, sizeof(int), cudaMemcpyDeviceToHost));
  std::vector<int> h_slots(kThreads);
  CHECK_CUDA(cudaMemcpy(h_slots.data(), slots, kThreads * sizeof(int), cudaMemcpyDeviceToHost));
  std::vector<int> seen(kThreads, 0);
  int expected = 0;
  for (int t = 0; t < kThreads; ++t) expected += h_in[t] % 3 == 0;
  bool fine = count == expected;
  for (int i = 0; i < count && fine; ++i) fine = h_in[h_slots[i]] % 3 == 0 && seen[h_slots[i]]++ == 0;
  std::printf("aggregated_atomic: %s\n", fine ? "ok" : "WRONG");

  // The grid: 4 blocks of 32 threads, launched cooperatively.
  const int blocks = 4, threads = 32;
  int *block_sums, *grid_sum, *valid;
  unsigned long long* ranks;
  CHECK_CUDA(cudaMalloc(&block_sums, blocks * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&grid_sum, sizeof(int)));
  CHECK_CUDA(cudaMalloc(&valid, sizeof(int)));
  CHECK_CUDA(cudaMalloc(&ranks, blocks * threads * sizeof(unsigned long long)));
  // is_valid() in a plain launch, before any cooperative one: on an H100 (driver 580) a plain launch
  // right after a cooperative one reads the grid workspace that launch left, and says 1.
  int plain_valid = -1;
  validity<<<1, 1>>>(valid);
  CHECK_CUDA(cudaMemcpy(&plain_valid, valid, sizeof(int), cudaMemcpyDeviceToHost));
  void* args[] = {&in, &block_sums, &grid_sum, &ranks, &valid};
  CHECK_CUDA(cudaLaunchCooperativeKernel((void*)grid_total, blocks, threads, args, 0, 0));
  int h_total = 0, h_valid = -1;
  CHECK_CUDA(cudaMemcpy(&h_total, grid_sum, sizeof(int), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(&h_valid, valid, sizeof(int), cudaMemcpyDeviceToHost));
  report("grid_sum", h_total, total);
  std::vector<unsigned long long> h_ranks(blocks * threads);
  CHECK_CUDA(cudaMemcpy(h_ranks.data(), ranks, h_ranks.size() * sizeof(unsigned long long), cudaMemcpyDeviceToHost));
  bool ranks_fine = true;
  for (int i = 0; i < blocks * threads; ++i) ranks_fine &= h_ranks[i] == static_cast<unsigned long long>(i) * 1000 + i / threads;
  std::printf("grid_ranks: %s\n", ranks_fine ? "ok" : "WRONG");

  std::printf("is_valid_plain: %d\n", plain_valid);
  std::printf("is_valid_cooperative: %d\n", h_valid);

  // More blocks than the device holds at once.
  cudaDeviceProp prop;
  CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  void* no_args[] = {&valid};
  const cudaError_t e = cudaLaunchCooperativeKernel((void*)validity, prop.multiProcessorCount * 64 + 1, 1024, no_args, 0, 0);
  std::printf("too_large: %s\n", cudaGetErrorName(e));
  (void)cudaGetLastError();
  return 0;
}
