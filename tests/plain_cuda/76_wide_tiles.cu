// Tiles of more than one warp (thread_block_tile<64> to <512>) as CUDA programs use them: their
// ranks, sync() ordering shared memory between the tile's warps, shfl from another warp, any and
// all, cg::reduce and the scans. Floating-point results are compared bit for bit with the order
// CUDA's implementation combines them (each warp, then across the tile's warps).
// EXPECT: wide64_ranks: ok
// EXPECT: wide128_staged_exchange: ok
// EXPECT: wide128_shfl: ok
// EXPECT: wide256_any_all: ok
// EXPECT: wide128_reduce_float_bits: ok
// EXPECT: wide512_reduce_int: ok
// EXPECT: wide256_inclusive_scan_int: ok
// EXPECT: wide64_exclusive_scan_float_bits: ok
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "check.cuh"

namespace cg = cooperative_groups;

constexpr int kThreads = 512;
enum Result { kRanks, kStaged, kShfl, kVotes, kReduceFloat, kReduceInt, kInclusive, kExclusive, kResults };

__global__ void wide(const int* in, const float* fin, float* out) {
  __shared__ int stage[kThreads];
  cg::thread_block block = cg::this_thread_block();
  const unsigned t = block.thread_rank();
  cg::thread_block_tile<64> t64 = cg::tiled_partition<64>(block);
  cg::thread_block_tile<128> t128 = cg::tiled_partition<128>(block);
  cg::thread_block_tile<256> t256 = cg::tiled_partition<256>(block);
  cg::thread_block_tile<512> t512 = cg::tiled_partition<512>(block);

  out[kRanks * kThreads + t] = static_cast<float>(t64.thread_rank() + 100 * t64.meta_group_rank() +
                                                  10000 * t64.meta_group_size() + 100000 * t64.num_threads());
  stage[t] = in[t];
  t128.sync();
  out[kStaged * kThreads + t] = static_cast<float>(stage[(t & ~127u) + (t128.thread_rank() + 96) % 128]);
  out[kShfl * kThreads + t] = static_cast<float>(t128.shfl(in[t], 77));
  out[kVotes * kThreads + t] = static_cast<float>(t256.any(in[t] == 300) + 2 * t256.all(in[t] >= 0) + 4 * t256.all(in[t] != 5));
  out[kReduceFloat * kThreads + t] = cg::reduce(t128, fin[t], cg::plus<float>());
  out[kReduceInt * kThreads + t] = static_cast<float>(cg::reduce(t512, in[t], cg::plus<int>()));
  out[kInclusive * kThreads + t] = static_cast<float>(cg::inclusive_scan(t256, in[t], cg::plus<int>()));
  out[kExclusive * kThreads + t] = cg::exclusive_scan(t64, fin[t], cg::plus<float>());
}

// CUDA's orders, on the host: a warp's butterfly and Hillis-Steele scan, then the same over warps.
static void butterfly(std::vector<float>& v) {
  for (size_t d = v.size() / 2; d > 0; d /= 2) {
    std::vector<float> next(v.size());
    for (size_t i = 0; i < v.size(); ++i) next[i] = v[i] + v[i ^ d];
    v = next;
  }
}
static void hillis_steele(std::vector<float>& v) {
  for (size_t d = 1; d < v.size(); d *= 2) {
    std::vector<float> next(v);
    for (size_t i = d; i < v.size(); ++i) next[i] = v[i] + v[i - d];
    v = next;
  }
}
static float tile_reduce(const float* x, int size) {
  std::vector<float> warps;
  for (int w = 0; w < size / 32; ++w) {
    std::vector<float> lanes(x + w * 32, x + w * 32 + 32);
    butterfly(lanes);
    warps.push_back(lanes[0]);
  }
  butterfly(warps);
  return warps[0];
}
static std::vector<float> tile_exclusive_scan(const float* x, int size) {
  std::vector<float> out(size), totals;
  std::vector<std::vector<float>> scans;
  for (int w = 0; w < size / 32; ++w) {
    std::vector<float> lanes(x + w * 32, x + w * 32 + 32);
    hillis_steele(lanes);
    totals.push_back(lanes[31]);
    scans.push_back(lanes);
  }
  std::vector<float> prefix = totals;
  hillis_steele(prefix);
  for (int w = 0; w < size / 32; ++w) {
    const float before = w ? prefix[w - 1] : 0.0f;
    for (int l = 0; l < 32; ++l) {
      const float shifted = l ? scans[w][l - 1] : scans[w][0];
      out[w * 32 + l] = l == 0 ? before : w ? shifted + before : shifted;
    }
  }
  return out;
}

static bool same_bits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

int main() {
  std::vector<int> in(kThreads);
  std::vector<float> fin(kThreads);
  for (int i = 0; i < kThreads; ++i) {
    in[i] = (i * 37) % 301;
    fin[i] = 1.0f / static_cast<float>(i + 1) + static_cast<float>(i % 5) * 1000.0f;
  }
  int* d_in;
  float *d_fin, *d_out;
  CHECK_CUDA(cudaMalloc(&d_in, kThreads * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&d_fin, kThreads * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&d_out, kResults * kThreads * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(d_in, in.data(), kThreads * sizeof(int), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(d_fin, fin.data(), kThreads * sizeof(float), cudaMemcpyHostToDevice));
  wide<<<1, kThreads>>>(d_in, d_fin, d_out);
  CHECK_CUDA(cudaGetLastError());
  std::vector<float> out(kResults * kThreads);
  CHECK_CUDA(cudaMemcpy(out.data(), d_out, out.size() * sizeof(float), cudaMemcpyDeviceToHost));
  auto at = [&](Result r, int t) { return out[r * kThreads + t]; };

  bool ranks = true, staged = true, shfl = true, votes = true, rf = true, ri = true, incl = true, excl = true;
  for (int t = 0; t < kThreads; ++t) {
    ranks &= at(kRanks, t) == static_cast<float>(t % 64 + 100 * (t / 64) + 10000 * 8 + 100000 * 64);
    staged &= at(kStaged, t) == static_cast<float>(in[t / 128 * 128 + (t % 128 + 96) % 128]);
    shfl &= at(kShfl, t) == static_cast<float>(in[t / 128 * 128 + 77]);
    int any = 0, all_nonneg = 1, all_not5 = 1;
    for (int m = t / 256 * 256; m < t / 256 * 256 + 256; ++m) {
      any |= in[m] == 300;
      all_nonneg &= in[m] >= 0;
      all_not5 &= in[m] != 5;
    }
    votes &= at(kVotes, t) == static_cast<float>(any + 2 * all_nonneg + 4 * all_not5);
    rf &= same_bits(at(kReduceFloat, t), tile_reduce(&fin[t / 128 * 128], 128));
    int sum = 0, prefix = 0;
    for (int m = 0; m < kThreads; ++m) sum += in[m];
    for (int m = t / 256 * 256; m <= t; ++m) prefix += in[m];
    ri &= at(kReduceInt, t) == static_cast<float>(sum);
    incl &= at(kInclusive, t) == static_cast<float>(prefix);
    excl &= same_bits(at(kExclusive, t), tile_exclusive_scan(&fin[t / 64 * 64], 64)[t % 64]);
  }
  std::printf("wide64_ranks: %s\n", ranks ? "ok" : "FAILED");
  std::printf("wide128_staged_exchange: %s\n", staged ? "ok" : "FAILED");
  std::printf("wide128_shfl: %s\n", shfl ? "ok" : "FAILED");
  std::printf("wide256_any_all: %s\n", votes ? "ok" : "FAILED");
  std::printf("wide128_reduce_float_bits: %s\n", rf ? "ok" : "FAILED");
  std::printf("wide512_reduce_int: %s\n", ri ? "ok" : "FAILED");
  std::printf("wide256_inclusive_scan_int: %s\n", incl ? "ok" : "FAILED");
  std::printf("wide64_exclusive_scan_float_bits: %s\n", excl ? "ok" : "FAILED");
  CHECK_CUDA(cudaFree(d_in));
  CHECK_CUDA(cudaFree(d_fin));
  CHECK_CUDA(cudaFree(d_out));
  return 0;
}
