// Correct kernels that look like bugs to a careless checker: double buffering with one barrier per
// step, warp-synchronous code ordered by shuffles or __syncwarp(), atomics-only data structures,
// fence-and-ticket reductions, byte outputs written by neighbouring threads, padded tiles and
// halos. Every one must produce no finding at all under every configuration, and its results must
// match a CPU computation.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cusim/cusim.hpp>
#include <numeric>
#include <vector>

#include "check/check_support.hpp"

using check_test::DeviceArray;
using check_test::expect_clean_everywhere;
using check_test::launch_sync;

namespace {
constexpr unsigned kFull = 0xffffffffu;

std::vector<float> ramp(int n, float scale = 0.25f) {
  std::vector<float> v(n);
  for (int i = 0; i < n; ++i) v[i] = static_cast<float>((i * 37) % 19) * scale - 1.f;
  return v;
}
std::vector<int> int_ramp(int n, int mod = 23) {
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i) v[i] = (i * 29) % mod - 5;
  return v;
}
}  // namespace

// ---- double buffering ------------------------------------------------------------------------------

// A running 2-point filter over a long signal, tile after tile: while step k reads tile k from one
// buffer, it loads tile k + 1 into the other; one barrier per step suffices.
__global__ void double_buffered_filter(const float* in, float* out, int tiles) {
  CUSIM_SHARED(float, buf, [2][64]);
  const unsigned t = threadIdx.x;
  buf[0][t] = in[t];
  __syncthreads();
  for (int k = 0; k < tiles; ++k) {
    const int cur = k & 1;
    if (k + 1 < tiles) buf[cur ^ 1][t] = in[(k + 1) * 64 + t];
    out[k * 64 + t] = buf[cur][t] + 0.5f * buf[cur][(t + 1) % 64];
    __syncthreads();
  }
}

TEST_CASE("clean: double-buffered tiles with one barrier per step") {
  const int tiles = 5, n = tiles * 64;
  const std::vector<float> in = ramp(n);
  expect_clean_everywhere([&] {
    DeviceArray<float> d_in(n, in), d_out(n);
    const cudaError_t e = launch_sync(double_buffered_filter, dim3(1), dim3(64), d_in.get(), d_out.get(), tiles);
    const std::vector<float> out = d_out.download();
    for (int k = 0; k < tiles; ++k)
      for (int t = 0; t < 64; ++t) CHECK(out[k * 64 + t] == in[k * 64 + t] + 0.5f * in[k * 64 + (t + 1) % 64]);
    return e;
  });
}

// An inclusive block scan (Hillis-Steele) that reads one buffer and writes the other each step.
__global__ void double_buffered_scan(const int* in, int* out) {
  CUSIM_SHARED(int, buf, [2][128]);
  const unsigned t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  int src = 0;
  buf[src][t] = in[g];
  __syncthreads();
  for (unsigned off = 1; off < blockDim.x; off *= 2) {
    buf[src ^ 1][t] = t >= off ? buf[src][t] + buf[src][t - off] : buf[src][t];
    src ^= 1;
    __syncthreads();
  }
  out[g] = buf[src][t];
}

TEST_CASE("clean: a double-buffered block scan") {
  const std::vector<int> in = int_ramp(256);
  expect_clean_everywhere([&] {
    DeviceArray<int> d_in(256, in), d_out(256);
    const cudaError_t e = launch_sync(double_buffered_scan, dim3(2), dim3(128), d_in.get(), d_out.get());
    const std::vector<int> out = d_out.download();
    for (int b = 0; b < 2; ++b) {
      int run = 0;
      for (int t = 0; t < 128; ++t) CHECK(out[b * 128 + t] == (run += in[b * 128 + t]));
    }
    return e;
  });
}

// ---- warp-synchronous code -----------------------------------------------------------------------

// Warp sums by shuffles, one atomic per warp.
__global__ void shuffle_reduction(const int* in, int* total, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  for (int off = 16; off > 0; off /= 2) v += __shfl_down_sync(kFull, v, off);
  if (threadIdx.x % 32 == 0) atomicAdd(total, v);
}

TEST_CASE("clean: a shuffle reduction") {
  const int n = 250;
  const std::vector<int> in = int_ramp(n);
  expect_clean_everywhere([&] {
    DeviceArray<int> d_in(n, in), total(1);
    total.zero();
    const cudaError_t e = launch_sync(shuffle_reduction, dim3(2), dim3(128), d_in.get(), total.get(), n);
    CHECK(total.download()[0] == std::accumulate(in.begin(), in.end(), 0));
    return e;
  });
}

// Per-warp sums in shared memory, each step ordered by __syncwarp() instead of a block barrier.
__global__ void syncwarp_reduction(const int* in, int* warp_sums) {
  CUSIM_SHARED(int, s, [128]);
  const unsigned t = threadIdx.x, lane = t % 32, g = blockIdx.x * blockDim.x + t;
  s[t] = in[g];
  __syncwarp();
  for (unsigned off = 16; off > 0; off >>= 1) {
    if (lane < off) s[t] += s[t + off];
    __syncwarp();
  }
  if (lane == 0) warp_sums[g / 32] = s[t];
}

TEST_CASE("clean: a __syncwarp() shared-memory reduction") {
  const std::vector<int> in = int_ramp(256);
  expect_clean_everywhere([&] {
    DeviceArray<int> d_in(256, in), sums(8);
    const cudaError_t e = launch_sync(syncwarp_reduction, dim3(2), dim3(128), d_in.get(), sums.get());
    const std::vector<int> out = sums.download();
    for (int w = 0; w < 8; ++w) CHECK(out[w] == std::accumulate(in.begin() + w * 32, in.begin() + w * 32 + 32, 0));
    return e;
  });
}

// Stream compaction by ballot: each warp's leader reserves room for the warp's survivors with one
// atomic and broadcasts the base by shuffle; each survivor writes its own slot.
__global__ void ballot_compaction(const int* in, int* out, int* count, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned lane = threadIdx.x % 32;
  const int v = i < n ? in[i] : -1;
  const bool keep = v > 3;
  const unsigned votes = __ballot_sync(kFull, keep);
  int base = 0;
  if (lane == 0) base = atomicAdd(count, __popc(votes));
  base = __shfl_sync(kFull, base, 0);
  if (keep) out[base + __popc(votes & ((1u << lane) - 1u))] = v;
}

TEST_CASE("clean: ballot-based stream compaction") {
  const int n = 200;
  const std::vector<int> in = int_ramp(n);
  std::vector<int> expected;
  for (int v : in)
    if (v > 3) expected.push_back(v);
  std::sort(expected.begin(), expected.end());
  expect_clean_everywhere([&] {
    DeviceArray<int> d_in(n, in), out(n), count(1);
    count.zero();
    const cudaError_t e = launch_sync(ballot_compaction, dim3(2), dim3(128), d_in.get(), out.get(), count.get(), n);
    const int kept = count.download()[0];
    REQUIRE(kept == static_cast<int>(expected.size()));
    std::vector<int> got = out.download();
    got.resize(kept);
    std::sort(got.begin(), got.end());
    CHECK(got == expected);
    return e;
  });
}

// ---- atomics-only data -----------------------------------------------------------------------------

// Counters, extremes and a bitmask updated by every thread of the grid with atomics only.
__global__ void atomic_counters(const int* in, int* stats, unsigned* seen) {
  const int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  atomicAdd(&stats[0], 1);
  if (v % 2 == 0) atomicAdd(&stats[1], 1);
  atomicMax(&stats[2], v);
  atomicMin(&stats[3], v);
  atomicSub(&stats[4], v);
  atomicOr(seen, 1u << ((v + 5) % 32));
}

TEST_CASE("clean: atomics-only counters") {
  const std::vector<int> in = int_ramp(256);
  expect_clean_everywhere([&] {
    DeviceArray<int> d_in(256, in), stats(5, {0, 0, -1000, 1000, 0});
    DeviceArray<unsigned> seen(1);
    seen.zero();
    const cudaError_t e = launch_sync(atomic_counters, dim3(4), dim3(64), d_in.get(), stats.get(), seen.get());
    const std::vector<int> s = stats.download();
    CHECK(s[0] == 256);
    CHECK(s[1] == std::count_if(in.begin(), in.end(), [](int v) { return v % 2 == 0; }));
    CHECK(s[2] == *std::max_element(in.begin(), in.end()));
    CHECK(s[3] == *std::min_element(in.begin(), in.end()));
    CHECK(s[4] == -std::accumulate(in.begin(), in.end(), 0));
    unsigned mask = 0;
    for (int v : in) mask |= 1u << ((v + 5) % 32);
    CHECK(seen.download()[0] == mask);
    return e;
  });
}

// An open-addressing hash table filled by atomicCAS (linear probing), counting each key's
// occurrences with atomicAdd: every access to the table is atomic.
constexpr int kTableSize = 64;
constexpr unsigned kEmpty = 0xffffffffu;
__global__ void hash_insert(const unsigned* keys, unsigned* table_keys, unsigned* table_counts, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const unsigned key = keys[i];
  unsigned slot = (key * 2654435761u) % kTableSize;
  for (int probe = 0; probe < kTableSize; ++probe) {
    const unsigned prev = atomicCAS(&table_keys[slot], kEmpty, key);
    if (prev == kEmpty || prev == key) {
      atomicAdd(&table_counts[slot], 1u);
      return;
    }
    slot = (slot + 1) % kTableSize;
  }
}

TEST_CASE("clean: an atomics-only hash table (atomicCAS insert)") {
  const int n = 192;
  std::vector<unsigned> keys(n);
  for (int i = 0; i < n; ++i) keys[i] = static_cast<unsigned>((i * 7) % 40) * 3 + 1;  // 40 distinct keys
  expect_clean_everywhere([&] {
    DeviceArray<unsigned> d_keys(n, keys), table_keys(kTableSize), table_counts(kTableSize);
    REQUIRE(cudaMemset(table_keys.get(), 0xff, kTableSize * sizeof(unsigned)) == cudaSuccess);
    table_counts.zero();
    const cudaError_t e =
        launch_sync(hash_insert, dim3(2), dim3(128), d_keys.get(), table_keys.get(), table_counts.get(), n);
    const std::vector<unsigned> k = table_keys.download(), c = table_counts.download();
    int distinct = 0;
    for (int s = 0; s < kTableSize; ++s) {
      if (k[s] == kEmpty) continue;
      ++distinct;
      CHECK(c[s] == static_cast<unsigned>(std::count(keys.begin(), keys.end(), k[s])));
    }
    CHECK(distinct == 40);
    return e;
  });
}

// The classic single-pass reduction (CUDA's threadFenceReduction sample): each block writes its
// partial sum, fences, takes a ticket with atomicInc; the block that draws the last ticket sums the
// partials and resets the counter for the next launch (the sample does it with a plain store; with
// `atomic_reset`, atomicExch).
__global__ void last_block_reduction(const float* in, float* partial, unsigned* tickets, float* total,
                                     bool atomic_reset) {
  CUSIM_SHARED(float, s, [64]);
  CUSIM_SHARED(bool, is_last);
  const unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned off = blockDim.x / 2; off > 0; off >>= 1) {
    if (t < off) s[t] += s[t + off];
    __syncthreads();
  }
  if (t == 0) {
    partial[blockIdx.x] = s[0];
    __threadfence();
    const unsigned ticket = atomicInc(tickets, gridDim.x);  // @last-block-ticket
    is_last = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (is_last) {
    s[t] = t < gridDim.x ? partial[t] : 0.f;
    __syncthreads();
    for (unsigned off = blockDim.x / 2; off > 0; off >>= 1) {
      if (t < off) s[t] += s[t + off];
      __syncthreads();
    }
    if (t == 0) {
      *total = s[0];
      if (atomic_reset) atomicExch(tickets, 0u);
      else *tickets = 0;  // @last-block-reset
    }
  }
}

namespace {
cudaError_t run_last_block_reduction(bool atomic_reset) {
  const int blocks = 6, n = blocks * 64;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i) in[i] = static_cast<float>(i % 7);  // sums exact in float
  DeviceArray<float> d_in(n, in), partial(blocks), total(1);
  DeviceArray<unsigned> tickets(1);
  tickets.zero();
  const cudaError_t e = launch_sync(last_block_reduction, dim3(blocks), dim3(64), d_in.get(), partial.get(),
                                    tickets.get(), total.get(), atomic_reset);
  CHECK(total.download()[0] == std::accumulate(in.begin(), in.end(), 0.f));
  CHECK(tickets.download()[0] == 0u);
  return e;
}
}  // namespace

TEST_CASE("clean: the last-block reduction (partials, __threadfence, atomicInc ticket, atomic reset)") {
  expect_clean_everywhere([] { return run_last_block_reduction(true); });
}

// The sample's plain reset of the ticket counter by the last block, after its atomicInc observed
// every other block's __threadfence() + atomicInc: a fence followed by an atomic releases the
// atomic itself too, so the reset is ordered after every other block's atomicInc.
TEST_CASE("clean: the last-block reduction's plain reset of the ticket counter") {
  expect_clean_everywhere([] { return run_last_block_reduction(false); });
}

// ---- block-level classics ------------------------------------------------------------------------

// A tree reduction with a barrier after every step.
__global__ void tree_reduction(const float* in, float* out) {
  CUSIM_SHARED(float, s, [128]);
  const unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned off = blockDim.x / 2; off > 0; off >>= 1) {
    if (t < off) s[t] += s[t + off];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}

TEST_CASE("clean: a tree reduction with a barrier per step") {
  std::vector<float> in(256);
  for (int i = 0; i < 256; ++i) in[i] = static_cast<float>(i % 11);
  expect_clean_everywhere([&] {
    DeviceArray<float> d_in(256, in), out(2);
    const cudaError_t e = launch_sync(tree_reduction, dim3(2), dim3(128), d_in.get(), out.get());
    const std::vector<float> o = out.download();
    CHECK(o[0] == std::accumulate(in.begin(), in.begin() + 128, 0.f));
    CHECK(o[1] == std::accumulate(in.begin() + 128, in.end(), 0.f));
    return e;
  });
}

// A shared histogram done right: zero, barrier, shared atomics, barrier, flush with global atomics.
__global__ void shared_histogram(const int* keys, int* bins, int n) {
  CUSIM_SHARED(int, local, [16]);
  const int t = threadIdx.x;
  if (t < 16) local[t] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) atomicAdd(&local[keys[i] % 16], 1);
  __syncthreads();
  if (t < 16) atomicAdd(&bins[t], local[t]);
}

TEST_CASE("clean: a shared-memory histogram with its barriers") {
  const int n = 500;
  std::vector<int> keys(n);
  for (int i = 0; i < n; ++i) keys[i] = (i * 13) % 37;
  expect_clean_everywhere([&] {
    DeviceArray<int> d_keys(n, keys), bins(16);
    bins.zero();
    const cudaError_t e = launch_sync(shared_histogram, dim3(3), dim3(64), d_keys.get(), bins.get(), n);
    const std::vector<int> b = bins.download();
    for (int k = 0; k < 16; ++k)
      CHECK(b[k] == std::count_if(keys.begin(), keys.end(), [&](int v) { return v % 16 == k; }));
    return e;
  });
}

// A matrix transpose through a 32 x 33 tile (padded against bank conflicts), 32 x 8 threads each
// moving four elements, on a non-square matrix.
__global__ void padded_transpose(const float* in, float* out, int rows, int cols) {
  CUSIM_SHARED(float, tile, [32][33]);
  const int x = blockIdx.x * 32 + threadIdx.x, y0 = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    if (x < cols && y0 + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(y0 + j) * cols + x];
  __syncthreads();
  const int ox = blockIdx.y * 32 + threadIdx.x, oy0 = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    if (ox < rows && oy0 + j < cols) out[(oy0 + j) * rows + ox] = tile[threadIdx.x][threadIdx.y + j];
}

TEST_CASE("clean: a transpose through a padded 32x33 tile") {
  const int rows = 64, cols = 96;
  const std::vector<float> in = ramp(rows * cols);
  expect_clean_everywhere([&] {
    DeviceArray<float> d_in(rows * cols, in), d_out(rows * cols);
    const cudaError_t e =
        launch_sync(padded_transpose, dim3(cols / 32, rows / 32), dim3(32, 8), d_in.get(), d_out.get(), rows, cols);
    const std::vector<float> out = d_out.download();
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) CHECK(out[c * rows + r] == in[r * cols + c]);
    return e;
  });
}

// A 7-point 1-D stencil with its halo (radius 3) in shared memory, loaded by the first threads.
constexpr int kR = 3;
__global__ void stencil_with_halo(const float* in, float* out, int n) {
  CUSIM_SHARED(float, tile, [64 + 2 * kR]);
  const int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  tile[t + kR] = g < n ? in[g] : 0.f;
  if (t < kR) {
    const int left = g - kR, right = g + static_cast<int>(blockDim.x);
    tile[t] = left >= 0 ? in[left] : 0.f;
    tile[t + blockDim.x + kR] = right < n ? in[right] : 0.f;
  }
  __syncthreads();
  float acc = 0.f;
  for (int k = -kR; k <= kR; ++k) acc += tile[t + kR + k];
  if (g < n) out[g] = acc;
}

TEST_CASE("clean: a 1-D stencil with its halo in shared memory") {
  const int n = 180;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i) in[i] = static_cast<float>(i % 9);
  expect_clean_everywhere([&] {
    DeviceArray<float> d_in(n, in), d_out(n);
    const cudaError_t e = launch_sync(stencil_with_halo, dim3(3), dim3(64), d_in.get(), d_out.get(), n);
    const std::vector<float> out = d_out.download();
    for (int i = 0; i < n; ++i) {
      float acc = 0.f;
      for (int k = -kR; k <= kR; ++k)
        if (i + k >= 0 && i + k < n) acc += in[i + k];
      CHECK(out[i] == acc);
    }
    return e;
  });
}

// Shared-memory tiled matrix product, 16 x 16 tiles, two barriers per tile, sizes not multiples of
// the tile.
__global__ void tiled_matmul(const float* a, const float* b, float* c, int m, int k, int n) {
  CUSIM_SHARED(float, as, [16][16]);
  CUSIM_SHARED(float, bs, [16][16]);
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx;
  float acc = 0.f;
  for (int base = 0; base < k; base += 16) {
    as[ty][tx] = row < m && base + tx < k ? a[row * k + base + tx] : 0.f;
    bs[ty][tx] = col < n && base + ty < k ? b[(base + ty) * n + col] : 0.f;
    __syncthreads();
    for (int i = 0; i < 16; ++i) acc += as[ty][i] * bs[i][tx];
    __syncthreads();
  }
  if (row < m && col < n) c[row * n + col] = acc;
}

TEST_CASE("clean: a tiled matmul with two barriers per tile, against the CPU") {
  const int m = 20, k = 35, n = 18;
  std::vector<float> a(m * k), b(k * n);
  for (int i = 0; i < m * k; ++i) a[i] = static_cast<float>(i % 5) - 2.f;
  for (int i = 0; i < k * n; ++i) b[i] = static_cast<float>(i % 3) + 0.5f;
  std::vector<float> ref(m * n, 0.f);
  for (int r = 0; r < m; ++r)
    for (int c = 0; c < n; ++c)
      for (int i = 0; i < k; ++i) ref[r * n + c] += a[r * k + i] * b[i * n + c];
  expect_clean_everywhere([&] {
    DeviceArray<float> da(m * k, a), db(k * n, b), dc(m * n);
    const cudaError_t e = launch_sync(tiled_matmul, dim3(2, 2), dim3(16, 16), da.get(), db.get(), dc.get(), m, k, n);
    const std::vector<float> c = dc.download();
    for (int i = 0; i < m * n; ++i) CHECK(c[i] == doctest::Approx(ref[i]));
    return e;
  });
}

// ---- ownership patterns ------------------------------------------------------------------------------

// A grid-stride loop: each element belongs to exactly one thread, however many passes it takes.
__global__ void grid_stride_square(const float* in, float* out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) out[i] = in[i] * in[i];
}

TEST_CASE("clean: disjoint grid-stride writes") {
  const int n = 1000;
  const std::vector<float> in = ramp(n);
  expect_clean_everywhere([&] {
    DeviceArray<float> d_in(n, in), d_out(n);
    const cudaError_t e = launch_sync(grid_stride_square, dim3(3), dim3(64), d_in.get(), d_out.get(), n);
    const std::vector<float> out = d_out.download();
    for (int i = 0; i < n; ++i) CHECK(out[i] == in[i] * in[i]);
    return e;
  });
}

// Each thread writes, reads back and rewrites its own global and shared slots (program order is
// the only order needed).
__global__ void own_writes(const int* in, int* out) {
  CUSIM_SHARED(int, mine, [64]);
  const unsigned t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  out[g] = in[g];
  mine[t] = out[g] * 2;
  for (int k = 0; k < 3; ++k) {
    out[g] = out[g] + mine[t];
    mine[t] = out[g] - 1;
  }
}

TEST_CASE("clean: a thread reading its own earlier writes") {
  const std::vector<int> in = int_ramp(128);
  expect_clean_everywhere([&] {
    DeviceArray<int> d_in(128, in), d_out(128);
    const cudaError_t e = launch_sync(own_writes, dim3(2), dim3(64), d_in.get(), d_out.get());
    const std::vector<int> out = d_out.download();
    for (int g = 0; g < 128; ++g) {
      int o = in[g], m = o * 2;
      for (int k = 0; k < 3; ++k) {
        o += m;
        m = o - 1;
      }
      CHECK(out[g] == o);
    }
    return e;
  });
}

// Every thread of the grid reads the same coefficients and the same input element.
__global__ void broadcast_reads(const float* coeffs, const float* x, float* out) {
  const unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  const float v = static_cast<float>(g);
  out[g] = coeffs[0] + coeffs[1] * v + coeffs[2] * v * v + x[0];
}

TEST_CASE("clean: many threads reading one read-only input") {
  const std::vector<float> coeffs = {1.f, 0.5f, 0.25f};
  expect_clean_everywhere([&] {
    DeviceArray<float> d_coeffs(3, coeffs), x(1, std::vector<float>{2.f}), out(256);
    const cudaError_t e = launch_sync(broadcast_reads, dim3(4), dim3(64), d_coeffs.get(), x.get(), out.get());
    const std::vector<float> o = out.download();
    for (int g = 0; g < 256; ++g) {
      const float v = static_cast<float>(g);
      CHECK(o[g] == 1.f + 0.5f * v + 0.25f * v * v + 2.f);
    }
    return e;
  });
}

// Bytes: a threshold mask of unsigned chars and a char classification, each byte written by its
// own thread, four threads per 4-byte word.
__global__ void byte_outputs(const float* in, unsigned char* mask, char* sign, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    mask[i] = static_cast<unsigned char>(in[i] > 0.f);
    sign[i] = in[i] > 0.f ? '+' : in[i] < 0.f ? '-' : '0';
  }
}

TEST_CASE("clean: char/uchar output written by neighbouring threads") {
  const int n = 203;
  const std::vector<float> in = ramp(n);
  expect_clean_everywhere([&] {
    DeviceArray<float> d_in(n, in);
    DeviceArray<unsigned char> mask(n);
    DeviceArray<char> sign(n);
    const cudaError_t e = launch_sync(byte_outputs, dim3(4), dim3(64), d_in.get(), mask.get(), sign.get(), n);
    const std::vector<unsigned char> m = mask.download();
    const std::vector<char> s = sign.download();
    for (int i = 0; i < n; ++i) {
      CHECK(m[i] == (in[i] > 0.f ? 1 : 0));
      CHECK(s[i] == (in[i] > 0.f ? '+' : in[i] < 0.f ? '-' : '0'));
    }
    return e;
  });
}

// Shared bytes: each thread packs its flag into a shared byte array, then (after a barrier) one
// thread per word reads four neighbours' bytes as one word.
__global__ void shared_byte_packing(const int* in, unsigned* words) {
  CUSIM_SHARED(unsigned char, flags, [128]);
  const unsigned t = threadIdx.x;
  flags[t] = static_cast<unsigned char>(in[blockIdx.x * blockDim.x + t] & 0xff);
  __syncthreads();
  if (t % 4 == 0) words[(blockIdx.x * blockDim.x + t) / 4] = *reinterpret_cast<const unsigned*>(&flags[t]);
}

TEST_CASE("clean: bytes written by neighbours read back as one word after a barrier") {
  std::vector<int> in(256);
  for (int i = 0; i < 256; ++i) in[i] = i;
  expect_clean_everywhere([&] {
    DeviceArray<int> d_in(256, in);
    DeviceArray<unsigned> words(64);
    const cudaError_t e = launch_sync(shared_byte_packing, dim3(2), dim3(128), d_in.get(), words.get());
    const std::vector<unsigned> w = words.download();
    for (int k = 0; k < 64; ++k) {
      const unsigned b = static_cast<unsigned>(4 * k);
      CHECK(w[k] == ((b & 0xff) | ((b + 1) & 0xff) << 8 | ((b + 2) & 0xff) << 16 | ((b + 3) & 0xff) << 24));
    }
    return e;
  });
}

// Two arrays in correctly sized dynamic shared memory, and input from managed memory written by
// the host (managed memory counts as initialised).
__global__ void dynamic_two_arrays_sized(const float* a, const float* b, float* out) {
  CUSIM_EXTERN_SHARED(float, smem);
  float* sa = smem;
  float* sb = smem + blockDim.x;
  const unsigned t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  sa[t] = a[g];
  sb[t] = b[g];
  __syncthreads();
  out[g] = sa[blockDim.x - 1 - t] * sb[t];
}

TEST_CASE("clean: dynamic shared memory for two arrays, managed input") {
  expect_clean_everywhere([&] {
    cusim_test::ManagedArray<float> a(128), b(128), out(128);
    for (int i = 0; i < 128; ++i) {
      a[i] = static_cast<float>(i);
      b[i] = 2.f;
    }
    const cudaError_t e =
        launch_sync(dynamic_two_arrays_sized, dim3(2), dim3(64), 2 * 64 * sizeof(float), a.get(), b.get(), out.get());
    for (int g = 0; g < 128; ++g) CHECK(out[g] == static_cast<float>((g / 64) * 64 + 63 - g % 64) * 2.f);
    return e;
  });
}

// ---- synchronisation that is easy to misjudge ----------------------------------------------------

// Thread 0 copies one value from global memory into shared memory; the others write nothing; after
// the barrier every thread reads it. Found with the kernel library: under the interleaved schedule
// thread 0, switched out at its global read, resumed with checking left paused by a thread waiting
// in the barrier, so its shared write went unseen and the reads after the barrier were reported
// as uninitialized-read.
__global__ void broadcast_after_barrier(const int* in, int* out) {
  CUSIM_SHARED(int, value);
  if (threadIdx.x == 0) value = in[0];
  __syncthreads();
  out[threadIdx.x] = value;
}

TEST_CASE("clean: one thread's value broadcast through shared memory after a barrier") {
  expect_clean_everywhere([] {
    DeviceArray<int> in(1, std::vector<int>{7}), out(2);
    const cudaError_t e = launch_sync(broadcast_after_barrier, dim3(1), dim3(2), in.get(), out.get());
    CHECK(out.download() == std::vector<int>{7, 7});
    return e;
  });
}

// Message passing between blocks without spinning: block 0 publishes data, fences and raises a flag
// atomically; every other block checks the flag with an atomic and reads the data only if it saw
// the flag raised (otherwise it uses the fallback). Whatever the order, no access races.
__global__ void publish_then_maybe_read(float* data, int* flag, float* out) {
  CUSIM_SHARED(int, seen);
  const unsigned t = threadIdx.x;
  if (blockIdx.x == 0) {
    data[t] = static_cast<float>(t) * 2.f;
    __syncthreads();
    if (t == 0) {
      __threadfence();
      atomicExch(flag, 1);
    }
    return;
  }
  if (t == 0) seen = atomicAdd(flag, 0);
  __syncthreads();
  out[(blockIdx.x - 1) * blockDim.x + t] = seen ? data[t] : -1.f;
}

// With two workers, a reader's atomicAdd can see the flag that a writer raised just before; the
// reader must then also have acquired the writer's release, so an atomic acquires after it is
// performed (a checker that acquired before reported the read of data as race-raw about one run
// in five of the 14 configurations of the time).
TEST_CASE("clean: message passing by __threadfence() and an atomic flag, read only when seen") {
  expect_clean_everywhere([] {
    DeviceArray<float> data(64), out(3 * 64);
    DeviceArray<int> flag(1);
    flag.zero();
    const cudaError_t e = launch_sync(publish_then_maybe_read, dim3(4), dim3(64), data.get(), flag.get(), out.get());
    const std::vector<float> o = out.download();
    for (int b = 0; b < 3; ++b) {
      const bool saw = o[b * 64] >= 0.f;
      for (int t = 0; t < 64; ++t) CHECK(o[b * 64 + t] == (saw ? static_cast<float>(t) * 2.f : -1.f));
    }
    return e;
  });
}

// Barriers inside branches that are uniform across each block (odd blocks reverse their tile, even
// blocks rotate it), and threads that return after the block's last barrier.
__global__ void block_uniform_branches(const int* in, int* out, int n) {
  CUSIM_SHARED(int, tile, [64]);
  const unsigned t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  tile[t] = in[g];
  if (blockIdx.x % 2 == 1) {
    __syncthreads();
    const int v = tile[63 - t];
    if (static_cast<int>(g) >= n) return;  // after the last barrier of this branch
    out[g] = v;
  } else {
    __syncthreads();
    out[g] = tile[(t + 1) % 64];
  }
}

TEST_CASE("clean: barriers in block-uniform branches, exits after the last barrier") {
  const int n = 240;
  const std::vector<int> in = int_ramp(256);
  expect_clean_everywhere([&] {
    DeviceArray<int> d_in(256, in), d_out(256, std::vector<int>(256, 0));
    const cudaError_t e = launch_sync(block_uniform_branches, dim3(4), dim3(64), d_in.get(), d_out.get(), n);
    const std::vector<int> out = d_out.download();
    for (int g = 0; g < 256; ++g) {
      const int b = g / 64, t = g % 64;
      const int want = b % 2 ? (g >= n ? 0 : in[b * 64 + 63 - t]) : in[b * 64 + (t + 1) % 64];
      CHECK(out[g] == want);
    }
    return e;
  });
}

// Pinned host memory (cudaMallocHost) read and written directly by a kernel, as unified addressing
// allows, and __constant__ coefficients filled with cudaMemcpyToSymbol.
__constant__ float c_poly[3];
__global__ void pinned_and_constant(const float* pinned_in, float* pinned_out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const float x = pinned_in[i];
    pinned_out[i] = c_poly[0] + x * (c_poly[1] + x * c_poly[2]);
  }
}

TEST_CASE("clean: pinned host memory and constant memory used by a kernel") {
  const float poly[3] = {1.f, -2.f, 0.5f};
  expect_clean_everywhere([&] {
    REQUIRE(cudaMemcpyToSymbol(c_poly, poly, sizeof poly) == cudaSuccess);
    const int n = 100;
    float *in = nullptr, *out = nullptr;
    REQUIRE(cudaMallocHost(&in, n * sizeof(float)) == cudaSuccess);
    REQUIRE(cudaMallocHost(&out, n * sizeof(float)) == cudaSuccess);
    for (int i = 0; i < n; ++i) in[i] = static_cast<float>(i % 10) * 0.5f;
    const cudaError_t e = launch_sync(pinned_and_constant, dim3(2), dim3(64), in, out, n);
    for (int i = 0; i < n; ++i) CHECK(out[i] == poly[0] + in[i] * (poly[1] + in[i] * poly[2]));
    cudaFreeHost(in);
    cudaFreeHost(out);
    return e;
  });
}

// Half-words: two threads share each 4-byte word of a shared array (thread t owns half t), and
// each thread also writes both halves of its own word of the output, half by half; neighbours
// read each other's halves only after a barrier, and rewrite their own after another.
__global__ void half_words_by_neighbours(const unsigned short* in, unsigned short* out) {
  CUSIM_SHARED(unsigned short, half, [64]);
  const unsigned t = threadIdx.x;
  half[t] = in[t];
  __syncthreads();
  const unsigned short other = half[t ^ 1u];
  __syncthreads();
  half[t] = static_cast<unsigned short>(other + 1);
  __syncthreads();
  out[2 * t] = half[t];
  out[2 * t + 1] = half[t ^ 1u];
}

TEST_CASE("clean: half-words of one word written by two threads, and both halves by one") {
  expect_clean_everywhere([] {
    std::vector<unsigned short> host(64);
    for (unsigned i = 0; i < 64; ++i) host[i] = static_cast<unsigned short>(i * 3);
    DeviceArray<unsigned short> in(64, host), out(128);
    const cudaError_t e = launch_sync(half_words_by_neighbours, dim3(1), dim3(64), in.get(), out.get());
    const std::vector<unsigned short> got = out.download();
    for (unsigned t = 0; t < 64; ++t) {
      CHECK(got[2 * t] == host[t ^ 1u] + 1);  // its neighbour's value, plus one
      CHECK(got[2 * t + 1] == host[t] + 1);
    }
    return e;
  });
}

// Packed records (a 2-byte tag, then a 4-byte value at offset 2) copied whole and read member by
// member: the compiler knows these accesses are unaligned and emits them so (on a GPU too, byte
// by byte); a copy has no alignment of its own beyond its element types'.
struct __attribute__((packed)) PackedRecord {
  unsigned short tag;
  int value;
};
__global__ void copy_packed_records(const PackedRecord* in, PackedRecord* out, int* values, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = in[i];
    values[i] = in[i].value + in[i].tag;
  }
}

TEST_CASE("clean: packed records copied whole and read by member") {
  expect_clean_everywhere([] {
    const int n = 64;
    std::vector<PackedRecord> host(n);
    for (int i = 0; i < n; ++i) host[i] = PackedRecord{static_cast<unsigned short>(i), 1000 * i};
    DeviceArray<PackedRecord> in(n, host), out(n);
    DeviceArray<int> values(n);
    const cudaError_t e = launch_sync(copy_packed_records, dim3(2), dim3(32), in.get(), out.get(), values.get(), n);
    const std::vector<PackedRecord> copied = out.download();
    const std::vector<int> v = values.download();
    for (int i = 0; i < n; ++i) {
      CHECK(copied[i].value == 1000 * i);
      CHECK(v[i] == 1000 * i + i);
    }
    return e;
  });
}

// ---- copies inside kernels (the neighbours of the memcpy/memset planted bugs) ---------------------

// Rows of a variable width staged in shared memory with memcpy (a length known at run time: the C
// library's copy, checked as its byte range), cleared first with memset, a barrier between each.
__global__ void stage_rows_with_memcpy(const float* in, float* out, int width) {
  CUSIM_SHARED(float, rows, [8 * 32]);
  const unsigned t = threadIdx.x;
  memset(rows + 8 * t, 0, 8 * sizeof(float));
  __syncthreads();
  memcpy(rows + 8 * t, in + width * (blockIdx.x * blockDim.x + t), width * sizeof(float));
  __syncthreads();
  const unsigned mirror = blockDim.x - 1 - t;
  float s = 0.f;
  for (int k = 0; k < 8; ++k) s += rows[8 * mirror + k];
  out[blockIdx.x * blockDim.x + t] = s;
}

TEST_CASE("clean: rows staged in shared memory with memset and memcpy, read by another thread after a barrier") {
  expect_clean_everywhere([] {
    const int width = 6, n = 64;
    std::vector<float> host(n * width);
    for (int i = 0; i < n * width; ++i) host[i] = static_cast<float>(i % width);
    DeviceArray<float> in(n * width, host), out(n);
    const cudaError_t e = launch_sync(stage_rows_with_memcpy, dim3(2), dim3(32), in.get(), out.get(), width);
    for (float v : out.download()) CHECK(v == 15.f);
    return e;
  });
}

// Records of 48 bytes copied whole (a struct assignment), then each thread's slice rotated by one
// record into a second buffer with two memcpy calls.
struct Reading {
  double t;
  float values[9];
  int sensor;
};
__global__ void rotate_readings(const Reading* in, Reading* staged, Reading* out, int* ids, int per_thread) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  Reading* mine = staged + i * per_thread;
  for (int k = 0; k < per_thread; ++k) mine[k] = in[i * per_thread + k];
  memcpy(out + i * per_thread, mine + 1, (per_thread - 1) * sizeof(Reading));
  memcpy(out + (i + 1) * per_thread - 1, mine, sizeof(Reading));
  ids[i] = out[i * per_thread].sensor;
}

TEST_CASE("clean: struct copies and memcpy within each thread's own slice") {
  expect_clean_everywhere([] {
    const int n = 64, per = 3;
    std::vector<Reading> host(n * per);
    for (int i = 0; i < n * per; ++i) host[i] = Reading{0.5 * i, {}, i};
    DeviceArray<Reading> in(n * per, host), staged(n * per), out(n * per);
    DeviceArray<int> ids(n);
    const cudaError_t e =
        launch_sync(rotate_readings, dim3(2), dim3(32), in.get(), staged.get(), out.get(), ids.get(), per);
    const std::vector<int> got = ids.download();
    for (int i = 0; i < n; ++i) CHECK(got[i] == i * per + 1);
    CHECK(out.download()[per - 1].sensor == 0);
    return e;
  });
}

// ---- spin waits that end (the neighbours of tests/check/planted_spinwait_test.cpp) -----------------

// Block 0 waits for data that block 1 publishes (fence, then an atomic flag): the waiter comes
// first, so with one worker the simulator must run block 1 while block 0 spins.
__global__ void handoff_to_lower_block(int* data, int* flag, int* out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 1) {
    data[0] = 42;
    __threadfence();
    atomicExch(flag, 1);
  } else {
    while (atomicAdd(flag, 0) == 0) {
    }
    out[0] = data[0];
  }
}

TEST_CASE("clean: a block spins on a flag that a later block raises") {
  expect_clean_everywhere([] {
    DeviceArray<int> data(1), flag(1), out(1);
    flag.zero();
    const cudaError_t e = launch_sync(handoff_to_lower_block, dim3(2), dim3(32), data.get(), flag.get(), out.get());
    CHECK(out.download()[0] == 42);
    return e;
  });
}

// A bounded queue between two blocks: the producer waits for room, the consumer for items, each
// publishing with a fence and an atomic counter.
__global__ void producer_consumer(int* slots, unsigned* published, unsigned* consumed, int n, int* sum) {
  constexpr unsigned kCapacity = 4;
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 0) {
    for (unsigned i = 0; i < static_cast<unsigned>(n); ++i) {
      while (i - atomicAdd(consumed, 0u) >= kCapacity) {
      }
      slots[i % kCapacity] = static_cast<int>(i) + 1;
      __threadfence();
      atomicAdd(published, 1u);
    }
  } else {
    int total = 0;
    for (unsigned i = 0; i < static_cast<unsigned>(n); ++i) {
      while (atomicAdd(published, 0u) <= i) {
      }
      total += slots[i % kCapacity];
      __threadfence();
      atomicAdd(consumed, 1u);
    }
    *sum = total;
  }
}

TEST_CASE("clean: a producer/consumer queue between two blocks") {
  expect_clean_everywhere([] {
    const int n = 40;
    DeviceArray<int> slots(4), sum(1);
    DeviceArray<unsigned> published(1), consumed(1);
    published.zero();
    consumed.zero();
    const cudaError_t e = launch_sync(producer_consumer, dim3(2), dim3(32), slots.get(), published.get(),
                                      consumed.get(), n, sum.get());
    CHECK(sum.download()[0] == n * (n + 1) / 2);
    return e;
  });
}

// A spin lock taken by one thread per warp of every block, released after a plain
// read-modify-write under it.
__global__ void locked_increment(int* lock, int* counter) {
  if (threadIdx.x % 32 != 0) return;
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  __threadfence();
  *counter += 1;
  __threadfence();
  atomicExch(lock, 0);
}

TEST_CASE("clean: an atomicCAS spin lock, released") {
  expect_clean_everywhere([] {
    DeviceArray<int> lock(1), counter(1);
    lock.zero();
    counter.zero();
    const cudaError_t e = launch_sync(locked_increment, dim3(6), dim3(64), lock.get(), counter.get());
    CHECK(counter.download()[0] == 12);
    return e;
  });
}

// A software grid barrier over fewer blocks than the device keeps resident: every block publishes
// its value, arrives, waits for all, then sums everyone's values.
__global__ void grid_barrier_then_gather(unsigned* arrived, int* values, int* out) {
  if (threadIdx.x != 0) return;
  values[blockIdx.x] = static_cast<int>(blockIdx.x) + 1;
  __threadfence();
  atomicAdd(arrived, 1u);
  while (atomicAdd(arrived, 0u) < gridDim.x) {
  }
  int total = 0;
  for (unsigned b = 0; b < gridDim.x; ++b) total += values[b];
  out[blockIdx.x] = total;
}

TEST_CASE("clean: a software grid barrier over co-resident blocks") {
  expect_clean_everywhere([] {
    const int blocks = 8;
    DeviceArray<unsigned> arrived(1);
    DeviceArray<int> values(blocks), out(blocks);
    arrived.zero();
    const cudaError_t e = launch_sync(grid_barrier_then_gather, dim3(blocks), dim3(32), arrived.get(), values.get(), out.get());
    for (int v : out.download()) CHECK(v == blocks * (blocks + 1) / 2);
    return e;
  });
}

// An early-exit search that checks a flag (atomically) on every step of real work: once the other
// threads are done, each thread polls a flag nobody will raise, yet it is no wait, and finishing
// its scan is no spin that gave up.
__global__ void search_with_found_flag(const int* data, int per_thread, int key, int* found, int* where) {
  const int begin = static_cast<int>(threadIdx.x) * per_thread;
  for (int i = begin; i < begin + per_thread && atomicAdd(found, 0) == 0; ++i)
    if (data[i] == key) {
      atomicExch(where, i);
      atomicExch(found, 1);
    }
}

TEST_CASE("clean: an early-exit search polling a found flag, the key absent") {
  expect_clean_everywhere([] {
    const int per_thread = 3000, n = 32 * per_thread;
    std::vector<int> host(n);
    std::iota(host.begin(), host.end(), 0);
    DeviceArray<int> data(n, host), found(1), where(1, std::vector<int>{-1});
    found.zero();
    const cudaError_t e = launch_sync(search_with_found_flag, dim3(1), dim3(32), data.get(), per_thread, -5,
                                      found.get(), where.get());
    CHECK(where.download()[0] == -1);
    return e;
  });
}

// Accumulation by atomics whose addend is zero for some threads: to the simulator these are polls
// of memory that does not change, alternating between two addresses, in a loop that ends by
// itself. No wait, and none that gave up.
__global__ void accumulate_with_zero_addends(int* a, int* b, const int* weights) {
  const int w = weights[threadIdx.x];
  for (int i = 0; i < 500; ++i) {
    atomicAdd(a, w);
    atomicAdd(b, w);
  }
}

TEST_CASE("clean: atomic accumulation where some addends are zero") {
  expect_clean_everywhere([] {
    DeviceArray<int> a(1), b(1), weights(2, std::vector<int>{0, 0});
    a.zero();
    b.zero();
    const cudaError_t e = launch_sync(accumulate_with_zero_addends, dim3(1), dim3(2), a.get(), b.get(), weights.get());
    CHECK(a.download()[0] == 0);
    return e;
  });
}
