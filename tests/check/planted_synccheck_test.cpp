// synccheck's planted bugs and the engine's own: barrier divergence (threads at different
// __syncthreads() sites: fatal; threads that exited while others wait at one: noted, the launch
// goes on), deadlocks, and warp intrinsics naming lanes that exited, do not exist or are not in
// the caller's mask, or called with mismatched masks. Each must be reported with its kind and line
// under every configuration. barrier-divergence vanishes with synccheck off; the engine's kinds
// cannot (the launch cannot go on past them): there the launch must still fail, promptly.
#include <doctest/doctest.h>

#include <cusim/cusim.hpp>
#include <vector>

#include "check/check_support.hpp"

using check_test::DeviceArray;
using check_test::Expect;
using check_test::expect_planted;
using check_test::launch_sync;

namespace {
constexpr unsigned kFull = 0xffffffffu;
const Expect exited_at_barrier(const char* tag) {
  return Expect{"barrier-divergence", tag, "", "", static_cast<int>(cudaSuccess)};
}
}  // namespace

// ---- barrier-divergence --------------------------------------------------------------------------

// Two branches, each with "its own" barrier: the warps of the block wait at different barriers.
__global__ void branch_barriers(const float* in, float* out) {
  CUSIM_SHARED(float, s, [64]);
  const unsigned t = threadIdx.x;
  if (t < 32) {
    s[t] = in[t] * 2.f;
    __syncthreads();  // @div-branch-a
  } else {
    s[t] = in[t] + 1.f;
    __syncthreads();  // @div-branch-b
  }
  out[t] = s[63 - t];
}

TEST_CASE("barrier-divergence: each branch of an if has its own __syncthreads()") {
  expect_planted({{"barrier-divergence", "div-branch-a|div-branch-b"}}, [] {
    DeviceArray<float> in(64, std::vector<float>(64, 1.f)), out(64);
    return launch_sync(branch_barriers, dim3(1), dim3(64), in.get(), out.get());
  });
}

// Threads past the end of the data return before the tile's barrier (the last block is partial):
// the others wait at a barrier those threads never reach.
__global__ void reverse_tiles_early_return(const float* in, float* out, int n) {
  CUSIM_SHARED(float, tile, [64]);
  const int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  if (g >= n) return;
  tile[t] = in[g];
  __syncthreads();  // @div-early-return
  const int in_block = n - static_cast<int>(blockIdx.x * blockDim.x);
  const int last = (in_block < static_cast<int>(blockDim.x) ? in_block : static_cast<int>(blockDim.x)) - 1;
  out[g] = tile[last - t];
}

TEST_CASE("barrier-divergence: threads past the end return before the barrier") {
  expect_planted({exited_at_barrier("div-early-return")}, [] {
    const int n = 100;
    DeviceArray<float> in(n, std::vector<float>(n, 1.f)), out(n);
    return launch_sync(reverse_tiles_early_return, dim3(2), dim3(64), in.get(), out.get(), n);
  });
}

// A loop whose trip count depends on the thread, with a barrier in its body and another after it:
// threads that finished their iterations wait at the second barrier while the others are still at
// the first.
__global__ void ragged_loop_barrier(const int* lengths, int* out) {
  CUSIM_SHARED(int, acc, [64]);
  const unsigned t = threadIdx.x;
  acc[t] = 0;
  for (int k = 0; k < lengths[t]; ++k) {
    acc[t] += k;
    __syncthreads();  // @div-ragged-body
  }
  __syncthreads();  // @div-ragged-after
  out[t] = acc[(t + 1) % 64];
}

TEST_CASE("barrier-divergence: a barrier in a loop whose trip count differs per thread") {
  std::vector<int> lengths(64);
  for (int i = 0; i < 64; ++i) lengths[i] = 1 + i % 3;
  expect_planted({{"barrier-divergence", "div-ragged-body|div-ragged-after"}}, [&] {
    DeviceArray<int> len(64, lengths), out(64);
    return launch_sync(ragged_loop_barrier, dim3(1), dim3(64), len.get(), out.get());
  });
}

// A block-wide reduction helper (it synchronises the block) called by warp 0 only.
__device__ int block_sum(int v, int* scratch) {
  scratch[threadIdx.x] = v;
  __syncthreads();  // @div-helper
  int s = 0;
  for (unsigned i = 0; i < blockDim.x; ++i) s += scratch[i];
  return s;
}
__global__ void helper_called_by_one_warp(const int* in, int* out) {
  CUSIM_SHARED(int, scratch, [64]);
  const unsigned t = threadIdx.x;
  int v = in[t];
  if (t < 32) v = block_sum(v, scratch);
  __syncthreads();  // @div-helper-caller
  out[t] = v;
}

TEST_CASE("barrier-divergence: a helper with a block barrier called by one warp only") {
  expect_planted({{"barrier-divergence", "div-helper|div-helper-caller"}}, [] {
    DeviceArray<int> in(64, std::vector<int>(64, 1)), out(64);
    return launch_sync(helper_called_by_one_warp, dim3(1), dim3(64), in.get(), out.get());
  });
}

// ---- deadlock ------------------------------------------------------------------------------------

// The warp's leader waits at the block barrier; the other lanes wait for the leader's value in a
// full-mask shuffle.
__global__ void leader_at_barrier_lanes_in_shuffle(const int* in, int* out) {
  const unsigned lane = threadIdx.x % 32;
  int v = in[threadIdx.x];
  if (lane == 0) {
    __syncthreads();  // @deadlock-leader
  } else {
    v = __shfl_sync(kFull, v, 0);  // @deadlock-lanes
  }
  out[threadIdx.x] = v;
}

TEST_CASE("deadlock: a leader at __syncthreads while its lanes wait for it in a shuffle") {
  expect_planted({{"deadlock", "deadlock-leader"}}, [] {
    DeviceArray<int> in(32, std::vector<int>(32, 1)), out(32);
    return launch_sync(leader_at_barrier_lanes_in_shuffle, dim3(1), dim3(32), in.get(), out.get());
  });
}

// Half a warp synchronises the warp, the other half the block.
__global__ void syncwarp_versus_syncthreads(int* out) {
  const unsigned lane = threadIdx.x % 32;
  if (lane < 16) {
    __syncwarp();  // @deadlock-syncwarp
  } else {
    __syncthreads();  // @deadlock-syncthreads
  }
  out[threadIdx.x] = 1;
}

TEST_CASE("deadlock: half a warp in __syncwarp(), the other half in __syncthreads()") {
  expect_planted({{"deadlock", "deadlock-syncwarp"}}, [] {
    DeviceArray<int> out(32);
    return launch_sync(syncwarp_versus_syncthreads, dim3(1), dim3(32), out.get());
  });
}

// Lanes count votes with __syncthreads_count while their warp-mates exchange values with them.
__global__ void count_versus_exchange(const int* in, int* out) {
  const unsigned lane = threadIdx.x % 32;
  int v = in[threadIdx.x];
  if (lane < 16) {
    v = __syncthreads_count(v > 0);  // @deadlock-count
  } else {
    v = __shfl_xor_sync(kFull, v, 16);  // @deadlock-exchange
  }
  out[threadIdx.x] = v;
}

TEST_CASE("deadlock: __syncthreads_count in one half-warp, a full-warp shuffle in the other") {
  expect_planted({{"deadlock", "deadlock-count"}}, [] {
    DeviceArray<int> in(64, std::vector<int>(64, 1)), out(64);
    return launch_sync(count_versus_exchange, dim3(1), dim3(64), in.get(), out.get());
  });
}

// ---- warp-lane-exited ----------------------------------------------------------------------------

// A warp-shuffle sum whose threads past the end return first (the README's demo bug).
__global__ void shuffle_sum_after_return(const int* in, int* total, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = in[i];
  for (int off = 16; off > 0; off /= 2) v += __shfl_down_sync(kFull, v, off);  // @exited-shuffle
  if (threadIdx.x % 32 == 0) atomicAdd(total, v);
}

TEST_CASE("warp-lane-exited: a shuffle reduction after threads past the end returned") {
  expect_planted({{"warp-lane-exited", "exited-shuffle"}}, [] {
    const int n = 100;
    DeviceArray<int> in(n, std::vector<int>(n, 1)), total(1);
    total.zero();
    return launch_sync(shuffle_sum_after_return, dim3(1), dim3(128), in.get(), total.get(), n);
  });
}

// Stream compaction by ballot after the out-of-range threads returned.
__global__ void compact_by_ballot(const int* in, int* counts, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const unsigned keep = __ballot_sync(kFull, in[i] > 0);  // @exited-ballot
  if (threadIdx.x % 32 == 0) counts[i / 32] = __popc(keep);
}

TEST_CASE("warp-lane-exited: a ballot after the out-of-range threads returned") {
  expect_planted({{"warp-lane-exited", "exited-ballot"}}, [] {
    const int n = 80;
    DeviceArray<int> in(n, std::vector<int>(n, 1)), counts(4);
    return launch_sync(compact_by_ballot, dim3(1), dim3(96), in.get(), counts.get(), n);
  });
}

// A warp-level shared-memory exchange synchronised with __syncwarp() after some lanes left early.
__global__ void syncwarp_after_exit(const int* flags, int* out) {
  CUSIM_SHARED(int, slot, [32]);
  const unsigned lane = threadIdx.x % 32;
  if (flags[lane] == 0) return;  // "nothing to do for this lane"
  slot[lane] = static_cast<int>(lane);
  __syncwarp();  // @exited-syncwarp
  out[lane] = slot[(lane + 1) % 32];
}

TEST_CASE("warp-lane-exited: __syncwarp() after some lanes returned") {
  std::vector<int> flags(32, 1);
  flags[5] = flags[17] = 0;
  expect_planted({{"warp-lane-exited", "exited-syncwarp"}}, [&] {
    DeviceArray<int> f(32, flags), out(32);
    return launch_sync(syncwarp_after_exit, dim3(1), dim3(32), f.get(), out.get());
  });
}

// ---- warp-lane-absent ----------------------------------------------------------------------------

// A full-mask shuffle reduction in blocks of 48 threads: the second warp has 16 lanes.
__global__ void shuffle_sum_block_of_48(const int* in, int* total) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int off = 16; off > 0; off /= 2) v += __shfl_down_sync(kFull, v, off);  // @absent-shuffle
  if (threadIdx.x % 32 == 0) atomicAdd(total, v);
}

TEST_CASE("warp-lane-absent: a full-mask shuffle in a block of 48 threads") {
  expect_planted({{"warp-lane-absent", "absent-shuffle"}}, [] {
    DeviceArray<int> in(96, std::vector<int>(96, 1)), total(1);
    total.zero();
    return launch_sync(shuffle_sum_block_of_48, dim3(2), dim3(48), in.get(), total.get());
  });
}

// A ballot over a block of 100 threads: the last warp has 4 lanes.
__global__ void ballot_block_of_100(const int* in, unsigned* votes) {
  const unsigned v = __ballot_sync(kFull, in[threadIdx.x] > 0);  // @absent-ballot
  if (threadIdx.x % 32 == 0) votes[threadIdx.x / 32] = v;
}

TEST_CASE("warp-lane-absent: a full-mask ballot in a block of 100 threads") {
  expect_planted({{"warp-lane-absent", "absent-ballot"}}, [] {
    DeviceArray<int> in(100, std::vector<int>(100, 1));
    DeviceArray<unsigned> votes(4);
    return launch_sync(ballot_block_of_100, dim3(1), dim3(100), in.get(), votes.get());
  });
}

// A butterfly all-reduce written for full warps, launched with blocks of 16 threads.
__global__ void butterfly_half_warp_blocks(const float* in, float* out) {
  const unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[g];
  for (int mask = 16; mask > 0; mask /= 2) v += __shfl_xor_sync(kFull, v, mask);  // @absent-butterfly
  out[g] = v;
}

TEST_CASE("warp-lane-absent: a butterfly reduction launched with 16-thread blocks") {
  expect_planted({{"warp-lane-absent", "absent-butterfly"}}, [] {
    DeviceArray<float> in(64, std::vector<float>(64, 1.f)), out(64);
    return launch_sync(butterfly_half_warp_blocks, dim3(4), dim3(16), in.get(), out.get());
  });
}

// ---- warp-lane-not-in-mask -----------------------------------------------------------------------

// The lanes with work elect a leader by ballot and read its value with the ballot as mask; the
// lanes without work make the same call, outside the mask.
__global__ void leader_broadcast_from_ballot(const int* in, int* out) {
  const unsigned lane = threadIdx.x % 32;
  const int v = in[threadIdx.x];
  const unsigned active = __ballot_sync(kFull, v > 0);
  const int leader = __ffs(static_cast<int>(active)) - 1;
  out[threadIdx.x] = __shfl_sync(active, v, leader) + static_cast<int>(lane);  // @notinmask-ballot
}

TEST_CASE("warp-lane-not-in-mask: lanes outside a ballot's mask call the shuffle that uses it") {
  std::vector<int> in(32);
  for (int i = 0; i < 32; ++i) in[i] = i % 4 == 0 ? 0 : i;
  expect_planted({{"warp-lane-not-in-mask", "notinmask-ballot"}}, [&] {
    DeviceArray<int> d_in(32, in), out(32);
    return launch_sync(leader_broadcast_from_ballot, dim3(1), dim3(32), d_in.get(), out.get());
  });
}

// "Everyone but the leader receives": the mask leaves lane 0 out, but lane 0 makes the call too.
__global__ void broadcast_mask_without_leader(const int* in, int* out) {
  const int v = in[threadIdx.x];
  out[threadIdx.x] = __shfl_sync(0xfffffffeu, v, 1);  // @notinmask-leader
}

TEST_CASE("warp-lane-not-in-mask: a mask that leaves out the calling leader") {
  expect_planted({{"warp-lane-not-in-mask", "notinmask-leader"}}, [] {
    DeviceArray<int> in(32, std::vector<int>(32, 1)), out(32);
    return launch_sync(broadcast_mask_without_leader, dim3(1), dim3(32), in.get(), out.get());
  });
}

// Each half-warp shifts its values within itself; the low half's mask was copied from the high
// half's branch.
__global__ void half_warp_mask_copied(const int* in, int* out) {
  const unsigned lane = threadIdx.x % 32;
  int v = in[threadIdx.x];
  if (lane < 16) {
    v = __shfl_down_sync(0xffff0000u, v, 1);  // @notinmask-copied (should be 0x0000ffff)
  } else {
    v = __shfl_down_sync(0xffff0000u, v, 1);
  }
  out[threadIdx.x] = v;
}

TEST_CASE("warp-lane-not-in-mask: a half-warp mask copied from the other branch") {
  expect_planted({{"warp-lane-not-in-mask", "notinmask-copied"}}, [] {
    DeviceArray<int> in(32, std::vector<int>(32, 1)), out(32);
    return launch_sync(half_warp_mask_copied, dim3(1), dim3(32), in.get(), out.get());
  });
}

// ---- warp-mask-mismatch --------------------------------------------------------------------------

// Each group of 8 lanes votes together with the next group (wrapping around): the masks overlap
// and differ, so no group's call can complete.
__global__ void overlapping_group_masks(const int* in, int* out) {
  const unsigned lane = threadIdx.x % 32, group = lane / 8;
  const unsigned mask = (0xffu << (group * 8)) | (0xffu << ((group + 1) % 4 * 8));
  const int v = in[threadIdx.x];
  out[threadIdx.x] = static_cast<int>(__ballot_sync(mask, v > 0));  // @mismatch-groups
}

TEST_CASE("warp-mask-mismatch: each group's mask overlaps the next group's") {
  expect_planted({{"warp-mask-mismatch", "mismatch-groups"}}, [] {
    DeviceArray<int> in(32, std::vector<int>(32, 1)), out(32);
    return launch_sync(overlapping_group_masks, dim3(1), dim3(32), in.get(), out.get());
  });
}

// Even lanes vote with __all_sync, odd lanes with __any_sync, all with the full mask.
__global__ void different_votes(const int* in, int* out) {
  const unsigned lane = threadIdx.x % 32;
  const int p = in[threadIdx.x] > 0;
  int r;
  if (lane % 2 == 0) {
    r = __all_sync(kFull, p);  // @mismatch-all
  } else {
    r = __any_sync(kFull, p);  // @mismatch-any
  }
  out[threadIdx.x] = r;
}

TEST_CASE("warp-mask-mismatch: even and odd lanes call different votes") {
  expect_planted({{"warp-mask-mismatch", "mismatch-all|mismatch-any"}}, [] {
    DeviceArray<int> in(32, std::vector<int>(32, 1)), out(32);
    return launch_sync(different_votes, dim3(1), dim3(32), in.get(), out.get());
  });
}

// The low half-warp shuffles with the full mask; the other lanes use "every lane but the first
// eight", which still names lanes 8..15 of the other branch: neither call can complete.
__global__ void full_mask_versus_rest(const int* in, int* out) {
  const unsigned lane = threadIdx.x % 32;
  int v = in[threadIdx.x];
  if (lane < 16) {
    v = __shfl_xor_sync(kFull, v, 1);  // @mismatch-full
  } else {
    v = __shfl_xor_sync(0xffffff00u, v, 1);  // @mismatch-rest
  }
  out[threadIdx.x] = v;
}

TEST_CASE("warp-mask-mismatch: a full mask in one branch, an overlapping one in the other") {
  expect_planted({{"warp-mask-mismatch", "mismatch-full|mismatch-rest"}}, [] {
    DeviceArray<int> in(32, std::vector<int>(32, 1)), out(32);
    return launch_sync(full_mask_versus_rest, dim3(1), dim3(32), in.get(), out.get());
  });
}
