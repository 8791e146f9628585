// racecheck's planted bugs: read-after-write, write-after-read, write-after-write and atomic
// versus plain accesses, in shared and global memory, within a warp, across warps and across
// blocks. The kind names the order the threads' programs put the two accesses in; the finding's
// line is the later access, other_line the earlier. Each must be reported the same way under
// every configuration and vanish with racecheck off; none ends the launch.
#include <doctest/doctest.h>

#include <cusim/cusim.hpp>
#include <vector>

#include "check/check_support.hpp"

using check_test::DeviceArray;
using check_test::expect_planted;
using check_test::launch_sync;

// ---- race-raw ------------------------------------------------------------------------------------

// A 3-point stencil that loads its tile (and halo) and reads its neighbours with no barrier in
// between. The neighbours' slots may not be written yet when read: initcheck sees that too.
__global__ void stencil_missing_barrier(const float* in, float* out, int n) {
  CUSIM_SHARED(float, s, [64 + 2]);
  const int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  s[t + 1] = in[g];  // @raw-stencil-load
  if (t == 0) s[0] = g > 0 ? in[g - 1] : 0.f;
  if (t == static_cast<int>(blockDim.x) - 1) s[t + 2] = g + 1 < n ? in[g + 1] : 0.f;
  // missing __syncthreads()
  out[g] = (s[t] + s[t + 1] + s[t + 2]) / 3.f;  // @raw-stencil-use
}

TEST_CASE("race-raw: a stencil reads its neighbours' tile slots without a barrier") {
  expect_planted({{"race-raw", "raw-stencil-use", "shared", "raw-stencil-load"},
                  {"uninitialized-read", "raw-stencil-use", "shared"}},
                 [] {
                   const int n = 128;
                   DeviceArray<float> in(n, std::vector<float>(n, 1.f)), out(n);
                   return launch_sync(stencil_missing_barrier, dim3(2), dim3(64), in.get(), out.get(), n);
                 });
}

// Per-thread squares stored to global memory, then summed by thread 0 of the block at once,
// without waiting for the others (the buffer was cleared beforehand, so only the race is wrong).
__global__ void block_sum_no_barrier(const float* in, float* partial, float* block_sums) {
  const unsigned t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  partial[g] = in[g] * in[g];  // @raw-partial-store
  if (t == 0) {
    float s = 0.f;
    for (unsigned k = 0; k < blockDim.x; ++k) s += partial[blockIdx.x * blockDim.x + k];  // @raw-partial-sum
    block_sums[blockIdx.x] = s;
  }
}

TEST_CASE("race-raw: thread 0 sums the block's global partials without a barrier") {
  expect_planted({{"race-raw", "raw-partial-sum", "global", "raw-partial-store"}}, [] {
    DeviceArray<float> in(128, std::vector<float>(128, 2.f)), partial(128), sums(2);
    partial.zero();
    return launch_sync(block_sum_no_barrier, dim3(2), dim3(64), in.get(), partial.get(), sums.get());
  });
}

// Squares stored to global memory, then each thread adds its mirror image's square (from the other
// warp) in the same kernel, without a barrier between the two phases (the output was cleared
// beforehand).
__global__ void mirror_sum_no_barrier(const float* x, float* sq, float* sym) {
  const unsigned t = threadIdx.x, base = blockIdx.x * blockDim.x;
  sq[base + t] = x[base + t] * x[base + t];  // @raw-mirror-store
  // missing __syncthreads()
  sym[base + t] = sq[base + t] + sq[base + blockDim.x - 1 - t];  // @raw-mirror-load
}

TEST_CASE("race-raw: each thread reads its mirror's result before the barrier that is not there") {
  expect_planted({{"race-raw", "raw-mirror-load", "global", "raw-mirror-store"}}, [] {
    DeviceArray<float> x(128, std::vector<float>(128, 3.f)), sq(128), sym(128);
    sq.zero();
    return launch_sync(mirror_sum_no_barrier, dim3(2), dim3(64), x.get(), sq.get(), sym.get());
  });
}

// Tiled matrix-vector product whose tile of x is loaded and used with no barrier after the load
// (the barrier at the end of each step is there): the first step's reads may also find slots
// nobody wrote yet.
__global__ void matvec_missing_load_barrier(const float* a, const float* x, float* y, int n) {
  CUSIM_SHARED(float, xs, [32]);
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.f;
  for (int base = 0; base < n; base += 32) {
    xs[threadIdx.x] = x[base + threadIdx.x];  // @raw-matvec-load
    // missing __syncthreads()
    for (int k = 0; k < 32; ++k) acc += a[row * n + base + k] * xs[k];  // @raw-matvec-use
    __syncthreads();
  }
  y[row] = acc;
}

TEST_CASE("race-raw: a tiled mat-vec uses its x tile before the barrier after the load") {
  expect_planted({{"race-raw", "raw-matvec-use", "shared", "raw-matvec-load"},
                  {"uninitialized-read", "raw-matvec-use", "shared"}},
                 [] {
                   const int n = 64;
                   DeviceArray<float> a(n * n, std::vector<float>(n * n, 1.f)), x(n, std::vector<float>(n, 1.f)),
                       y(n);
                   return launch_sync(matvec_missing_load_barrier, dim3(2), dim3(32), a.get(), x.get(), y.get(), n);
                 });
}

// ---- race-war ------------------------------------------------------------------------------------

// Sums over tiles: the tile is loaded, a barrier follows, every thread reads its neighbour's slot,
// and the loop goes on to load the next tile with no barrier after the reads.
__global__ void tiled_sum_missing_trailing_barrier(const float* in, float* out, int tiles) {
  CUSIM_SHARED(float, tile, [64]);
  const unsigned t = threadIdx.x;
  float acc = 0.f;
  for (int k = 0; k < tiles; ++k) {
    tile[t] = in[k * 64 + t];  // @war-tile-load
    __syncthreads();
    acc += tile[(t + 1) % 64];  // @war-tile-use
    // missing __syncthreads()
  }
  out[t] = acc;
}

TEST_CASE("race-war: a tiled loop without its trailing barrier overwrites a tile still being read") {
  expect_planted({{"race-war", "war-tile-load", "shared", "war-tile-use"}}, [] {
    DeviceArray<float> in(4 * 64, std::vector<float>(4 * 64, 1.f)), out(64);
    return launch_sync(tiled_sum_missing_trailing_barrier, dim3(1), dim3(64), in.get(), out.get(), 4);
  });
}

// In-place smoothing of a global array: each thread reads its neighbours and overwrites its own
// element, which its neighbours read.
__global__ void smooth_in_place(float* a, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1) a[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.f;  // @war-smooth
}

TEST_CASE("race-war: in-place smoothing overwrites elements its neighbours read") {
  expect_planted({{"race-war", "war-smooth", "global", "war-smooth"}}, [] {
    const int n = 128;
    DeviceArray<float> a(n, std::vector<float>(n, 1.f));
    return launch_sync(smooth_in_place, dim3(2), dim3(64), a.get(), n);
  });
}

// An inclusive scan (Hillis-Steele) done in place in one shared buffer: in each step thread t
// reads s[t - off] while thread t - off overwrites it.
__global__ void scan_in_place(const int* in, int* out) {
  CUSIM_SHARED(int, s, [128]);
  const unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned off = 1; off < blockDim.x; off *= 2) {
    if (t >= off) s[t] += s[t - off];  // @war-scan
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = s[t];
}

TEST_CASE("race-war: a Hillis-Steele scan in a single buffer") {
  expect_planted({{"race-war", "war-scan", "shared", "war-scan"}}, [] {
    DeviceArray<int> in(256, std::vector<int>(256, 1)), out(256);
    return launch_sync(scan_in_place, dim3(2), dim3(128), in.get(), out.get());
  });
}

// ---- race-waw ------------------------------------------------------------------------------------

// A correct block reduction whose result is stored by every thread instead of thread 0.
__global__ void block_reduce_every_thread_stores(const int* in, int* out) {
  CUSIM_SHARED(int, sdata, [64]);
  const unsigned t = threadIdx.x;
  sdata[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) sdata[t] += sdata[t + s];
    __syncthreads();
  }
  out[blockIdx.x] = sdata[0];  // @waw-result (missing `if (t == 0)`)
}

TEST_CASE("race-waw: every thread stores the block's result") {
  expect_planted({{"race-waw", "waw-result", "global", "waw-result"}}, [] {
    DeviceArray<int> in(128, std::vector<int>(128, 1)), out(2);
    return launch_sync(block_reduce_every_thread_stores, dim3(2), dim3(64), in.get(), out.get());
  });
}

// Compaction of pairs whose destination index is computed as i / 2: two threads per slot.
__global__ void compact_pairs(const float* in, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i / 2] = in[i];  // @waw-compact
}

TEST_CASE("race-waw: two threads compute the same destination") {
  expect_planted({{"race-waw", "waw-compact", "global", "waw-compact"}}, [] {
    DeviceArray<float> in(128, std::vector<float>(128, 1.f)), out(64);
    return launch_sync(compact_pairs, dim3(2), dim3(64), in.get(), out.get(), 128);
  });
}

// A 2-D block (32 x 4) loading a 4 x 32 tile but indexing it by threadIdx.x only: the four rows
// of threads write the same 32 slots.
__global__ void tile_load_forgets_row(const float* in, float* out) {
  CUSIM_SHARED(float, tile, [4][32]);
  const unsigned x = threadIdx.x, y = threadIdx.y;
  tile[0][x] = in[y * 32 + x];  // @waw-tile (should be tile[y][x])
  __syncthreads();
  out[y * 32 + x] = tile[0][(x + 1) % 32];
}

TEST_CASE("race-waw: a 2-D tile load that forgets the row index") {
  expect_planted({{"race-waw", "waw-tile", "shared", "waw-tile"}}, [] {
    DeviceArray<float> in(128, std::vector<float>(128, 1.f)), out(128);
    return launch_sync(tile_load_forgets_row, dim3(1), dim3(32, 4), in.get(), out.get());
  });
}

// ---- race-atomic ---------------------------------------------------------------------------------

// Threads count themselves atomically, then record the count with a plain load as a progress
// snapshot.
__global__ void count_then_plain_read(int* count, int* progress) {
  atomicAdd(count, 1);  // @atomic-count
  progress[blockIdx.x * blockDim.x + threadIdx.x] = *count;  // @atomic-count-read
}

TEST_CASE("race-atomic: a plain read of a counter the others update atomically") {
  expect_planted({{"race-atomic", "atomic-count-read", "global", "atomic-count"}}, [] {
    DeviceArray<int> count(1), progress(128);
    count.zero();
    return launch_sync(count_then_plain_read, dim3(2), dim3(64), count.get(), progress.get());
  });
}

// A per-block total in shared memory: thread 0 adds the block's bias with a plain `+=` (it "owns"
// the total) while the other threads add their values atomically.
__global__ void shared_total_mixed_updates(const int* in, const int* bias, int* out) {
  CUSIM_SHARED(int, total);
  const unsigned t = threadIdx.x;
  if (t == 0) total = 0;
  __syncthreads();
  if (t == 0) total += bias[blockIdx.x];  // @atomic-plain-add
  else atomicAdd(&total, in[blockIdx.x * blockDim.x + t]);  // @atomic-add
  __syncthreads();
  if (t == 0) out[blockIdx.x] = total;
}

TEST_CASE("race-atomic: a shared total updated by one plain += and the others' atomics") {
  // Thread 0's += (its third and fourth accesses) comes after the atomics (the others' second).
  expect_planted({{"race-atomic", "atomic-plain-add", "shared", "atomic-add"}},
                 [] {
                   DeviceArray<int> in(128, std::vector<int>(128, 1)), bias(2, std::vector<int>(2, 10)), out(2);
                   return launch_sync(shared_total_mixed_updates, dim3(2), dim3(64), in.get(), bias.get(), out.get());
                 });
}

// Each thread adds its weight to a global total atomically, then divides by the total read with a
// plain load.
template <class T>
__global__ void normalise_by_running_total(const T* in, T* total, float* out) {
  const unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  const T v = in[g];
  atomicAdd(total, v);  // @atomic-total
  out[g] = static_cast<float>(v) / static_cast<float>(*total);  // @atomic-total-read
}

TEST_CASE("race-atomic: dividing by a total that other threads are still adding to") {
  expect_planted({{"race-atomic", "atomic-total-read", "global", "atomic-total"}}, [] {
    DeviceArray<int> in(128, std::vector<int>(128, 3)), total(1);
    DeviceArray<float> out(128);
    total.zero();
    return launch_sync(normalise_by_running_total<int>, dim3(2), dim3(64), in.get(), total.get(), out.get());
  });
}

// Shared histogram bins incremented atomically, then read back by every thread without a barrier.
__global__ void shared_hist_read_too_early(const int* keys, int* out) {
  CUSIM_SHARED(int, bins, [8]);
  const unsigned t = threadIdx.x;
  if (t < 8) bins[t] = 0;
  __syncthreads();
  atomicAdd(&bins[keys[blockIdx.x * blockDim.x + t] % 8], 1);  // @atomic-bins
  // missing __syncthreads()
  out[blockIdx.x * blockDim.x + t] = bins[t % 8];  // @atomic-bins-read
}

TEST_CASE("race-atomic: shared bins read before the other threads' atomics are done") {
  std::vector<int> keys(128);
  for (int i = 0; i < 128; ++i) keys[i] = i * 7;
  expect_planted({{"race-atomic", "atomic-bins-read", "shared", "atomic-bins"}}, [&] {
    DeviceArray<int> k(128, keys), out(128);
    return launch_sync(shared_hist_read_too_early, dim3(2), dim3(64), k.get(), out.get());
  });
}

// ---- kernels that once fooled the checker ---------------------------------------------------------
// Realistic kernels whose verdict was wrong in some configurations before the checker was fixed.
// Each states the verdict the checker's documented rules give.

// Each block publishes its total, then reads its left neighbour's to chain the offsets, with no
// grid-wide ordering. Both accesses follow two barriers in their blocks (epoch 2), and thread 0 of
// each block writes its own total (its 5th access) before reading the neighbour's: race-raw, in
// whichever order the blocks ran (each access is ranked by its own block's epoch).
__global__ void chained_block_offsets(const int* in, int* totals, int* out) {
  CUSIM_SHARED(int, sum);
  const unsigned t = threadIdx.x, b = blockIdx.x;
  if (t == 0) sum = 0;
  __syncthreads();
  atomicAdd(&sum, in[b * blockDim.x + t]);
  __syncthreads();
  if (t == 0) {
    totals[b] = sum;  // @bug-chain-publish
    if (b > 0) out[b] = totals[b - 1] + sum;  // @bug-chain-read
  }
}

TEST_CASE("planted race-raw: a race between blocks is named by program order, not by the order the blocks ran") {
  expect_planted({{"race-raw", "bug-chain-read", "global", "bug-chain-publish"}}, [] {
    DeviceArray<int> in(256, std::vector<int>(256, 1)), totals(4), out(4);
    totals.zero();
    out.zero();
    return launch_sync(chained_block_offsets, dim3(4), dim3(64), in.get(), totals.get(), out.get());
  });
}

// Block 0's thread 0 resets a global counter (cleared by cudaMemset before) with a plain store while
// every thread takes a ticket from it atomically. The reset is thread 0's 1st access, the others'
// atomics their 2nd: race-atomic at the atomic, the reset first. Thread 0's own atomic right after
// its reset (in-order schedules) must not hide the reset from the others' atomics.
__global__ void reset_inside_kernel(const int* in, int* counter, int* tickets) {
  const unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g == 0) *counter = 0;  // @bug-reset
  tickets[g] = atomicAdd(counter, in[g]);  // @bug-reset-add
}

TEST_CASE("planted race-atomic: a plain store followed by its thread's own atomic still meets the others'") {
  expect_planted({{"race-atomic", "bug-reset-add", "global", "bug-reset"}}, [] {
    DeviceArray<int> in(64, std::vector<int>(64, 1)), counter(1), tickets(64);
    counter.zero();
    return launch_sync(reset_inside_kernel, dim3(1), dim3(64), in.get(), counter.get(), tickets.get());
  });
}

// A flag every thread reads, reset by thread 0 after a __syncwarp(), as if that ordered the other
// warps' reads: race-war between warp 1's reads and the reset. Each race cell keeps the last write
// and two reads; when warp 1's reads fall between warp 0's (random schedules), warp 0's later reads
// must not push them out, or the reset meets only reads its __syncwarp() orders.
__global__ void flag_reset_after_syncwarp(int* out) {
  CUSIM_SHARED(int, flag);
  const unsigned t = threadIdx.x;
  if (t == 0) flag = 1;
  __syncthreads();
  const int f = flag;  // @bug-flag-read
  __syncwarp();
  if (t == 0) flag = 0;  // @bug-flag-reset
  out[t] = f;
}

TEST_CASE("planted race-war: a racing read is kept in the race cell among many ordered ones") {
  expect_planted({{"race-war", "bug-flag-reset", "shared", "bug-flag-read"}}, [] {
    DeviceArray<int> out(64);
    return launch_sync(flag_reset_after_syncwarp, dim3(1), dim3(64), out.get());
  });
}

// The seed counter on a __device__ variable instead of cudaMalloc'd memory: __device__ variables
// are the program's static data, which racecheck treats as global memory.
__device__ int g_hits;
__global__ void count_hits_device_variable(int* out) {
  g_hits += 1;  // @bug-device-var
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

TEST_CASE("planted race-war and race-waw: the seed counter on a __device__ variable") {
  expect_planted({{"race-war", "bug-device-var", "global", "bug-device-var"},
                  {"race-waw", "bug-device-var", "global", "bug-device-var"}},
                 [] {
                   const int zero = 0;
                   REQUIRE(cudaMemcpyToSymbol(g_hits, &zero, sizeof zero) == cudaSuccess);
                   DeviceArray<int> out(64);
                   return launch_sync(count_hits_device_variable, dim3(2), dim3(32), out.get());
                 });
}

// normalise_by_running_total on floats: atomicAdd(float*) is a compare-and-swap loop, whose retries under
// contention (two workers running blocks at once) must not count as accesses of their own: the
// thread's access count is the checker's notion of program order, and retries would make the
// finding depend on contention.
TEST_CASE("planted race-atomic: compare-and-swap retries do not change a race's order with two workers") {
  expect_planted({{"race-atomic", "atomic-total-read", "global", "atomic-total"}}, [] {
    DeviceArray<float> in(128, std::vector<float>(128, 1.f)), total(1), out(128);
    total.zero();
    return launch_sync(normalise_by_running_total<float>, dim3(2), dim3(64), in.get(), total.get(), out.get());
  });
}

// An atomic read (the load that starts cusim's compare-and-swap loops, as in atomicAdd on a float)
// is not a write: it must not take the place the checker keeps for the last write. There it pushed
// out no write, but the atomic add that came after it, unordered, went to a read's place, the
// adding thread's own read then replaced it, and the other block's read met no conflicting atomic.
// In normalise_by_running_total<float> this happened when a worker was preempted between a
// thread's load and its compare-and-swap (the other block then found only races within itself).
// Simulator only: the atomic load is GCC's builtin, as in cusim's loops; CUDA's C API has none.
#if CUSIM_SIMULATOR
__global__ void read_after_atomic_load_and_add(int* x, int* out) {
  if (blockIdx.x == 0) {
    if (threadIdx.x == 0) out[0] = __atomic_load_n(x, __ATOMIC_RELAXED);
    if (threadIdx.x == 1) {
      atomicAdd(x, 1);  // @add-after-atomic-load
      out[1] = *x;
    }
  } else if (threadIdx.x == 0) {
    out[2] = *x;  // @read-other-block-add
  }
}

TEST_CASE("planted race-atomic: an atomic read does not hide another thread's atomic add from a later read") {
  expect_planted({{"race-atomic", "read-other-block-add", "global", "add-after-atomic-load"}}, [] {
    DeviceArray<int> x(1), out(3);
    x.zero();
    return launch_sync(read_after_atomic_load_and_add, dim3(2), dim3(32), x.get(), out.get());
  });
}
#endif

// ---- sub-word accesses -------------------------------------------------------------------------
// A race cell covers a 4-byte word; accesses to parts of it must still each be remembered for the
// bytes they touched, or the verdict hangs on whether the other thread came between the parts.

// Two threads of different warps each write both 2-byte halves of one shared word.
__global__ void both_halves_shared(unsigned short* out) {
  CUSIM_SHARED(unsigned short, half, [2]);
  if (threadIdx.x % 32 == 0) {
    half[0] = static_cast<unsigned short>(threadIdx.x);  // @halves-shared-low
    half[1] = static_cast<unsigned short>(threadIdx.x);  // @halves-shared-high
  }
  __syncthreads();
  if (threadIdx.x == 0) out[0] = half[0], out[1] = half[1];
}

TEST_CASE("planted race-waw: two warps each write both halves of one shared word") {
  expect_planted({{"race-waw", "halves-shared-low", "shared", "halves-shared-low"},
                  {"race-waw", "halves-shared-high", "shared", "halves-shared-high"}},
                 [] {
                   DeviceArray<unsigned short> out(2);
                   return launch_sync(both_halves_shared, dim3(1), dim3(64), out.get());
                 });
}

// Two blocks each store a pair of bytes into the same global uchar2, one byte at a time.
__global__ void both_bytes_global(unsigned char* pair) {
  if (threadIdx.x == 0) {
    pair[0] = static_cast<unsigned char>(blockIdx.x);  // @bytes-global-first
    pair[1] = static_cast<unsigned char>(blockIdx.x);  // @bytes-global-second
  }
}

TEST_CASE("planted race-waw: two blocks each write both bytes of one global pair") {
  expect_planted({{"race-waw", "bytes-global-first", "global", "bytes-global-first"},
                  {"race-waw", "bytes-global-second", "global", "bytes-global-second"}},
                 [] {
                   DeviceArray<unsigned char> pair(4);
                   return launch_sync(both_bytes_global, dim3(2), dim3(32), pair.get());
                 });
}

// One warp reads both halves of a word, one half at a time; another warp overwrites the low half
// with no barrier between them. Thread 32 made fewer accesses before its write than thread 0
// before its read, so the threads' programs put the write first: a read-after-write.
__global__ void halves_read_then_written(const unsigned short* in, unsigned* out) {
  CUSIM_SHARED(unsigned short, half, [2]);
  if (threadIdx.x == 0) half[0] = in[0], half[1] = in[1];
  __syncthreads();
  if (threadIdx.x == 0) {
    const unsigned low = half[0];  // @halves-read-low
    out[0] = low + half[1];
  }
  if (threadIdx.x == 32) half[0] = 7;  // @halves-overwrite-low
}

TEST_CASE("planted race-raw: a read of one half is not forgotten when its thread reads the other half") {
  expect_planted({{"race-raw", "halves-read-low", "shared", "halves-overwrite-low"}}, [] {
    DeviceArray<unsigned short> in(2, std::vector<unsigned short>{1, 2});
    DeviceArray<unsigned> out(1);
    return launch_sync(halves_read_then_written, dim3(1), dim3(64), in.get(), out.get());
  });
}

// ---- copies inside kernels -----------------------------------------------------------------------
// A memcpy or memset races as the bytes it touches, at the kernel's line, whether the compiler
// expands it inline or calls the C library (a length known only at run time).

// Each thread copies `len` floats of the input into the shared tile from 4 * t on: with len 8, the
// slices of neighbouring threads overlap by half.
__global__ void overlapping_slices(const float* in, float* out, int len) {
  CUSIM_SHARED(float, tile, [4 * 64 + 8]);
  const unsigned t = threadIdx.x;
  memcpy(tile + 4 * t, in + 4 * t, len * sizeof(float));  // @waw-memcpy-slices
  __syncthreads();
  out[t] = tile[4 * t];
}

TEST_CASE("race-waw: memcpy slices of a shared tile that overlap their neighbours'") {
  expect_planted({{"race-waw", "waw-memcpy-slices", "shared", "waw-memcpy-slices"}}, [] {
    DeviceArray<float> in(4 * 64 + 8, std::vector<float>(4 * 64 + 8, 1.f)), out(64);
    return launch_sync(overlapping_slices, dim3(1), dim3(64), in.get(), out.get(), 8);
  });
}

// The block's results staged in shared memory and written out by thread 0 with one memcpy, with no
// barrier after the other threads' stores (the tile was cleared, and a barrier passed, before).
__global__ void stage_and_flush(const int* in, int* out, int n) {
  CUSIM_SHARED(int, staged, [64]);
  const unsigned t = threadIdx.x;
  staged[t] = 0;
  __syncthreads();
  staged[t] = in[t] * 2;  // @raw-staged-store
  // missing __syncthreads()
  if (t == 0) memcpy(out, staged, n * sizeof(int));  // @raw-memcpy-flush
}

TEST_CASE("race-raw: thread 0 flushes a shared tile with memcpy before the others' stores are ordered") {
  expect_planted({{"race-raw", "raw-memcpy-flush", "shared", "raw-staged-store"}}, [] {
    DeviceArray<int> in(64, std::vector<int>(64, 3)), out(64);
    return launch_sync(stage_and_flush, dim3(1), dim3(64), in.get(), out.get(), 64);
  });
}

// Two blocks clear overlapping halves of one global buffer with memset.
__global__ void clear_overlapping(unsigned char* buf, int bytes) {
  if (threadIdx.x == 0) memset(buf + blockIdx.x * (bytes / 2), 0, bytes);  // @waw-memset-blocks
}

TEST_CASE("race-waw: two blocks memset overlapping halves of a global buffer") {
  expect_planted({{"race-waw", "waw-memset-blocks", "global", "waw-memset-blocks"}}, [] {
    DeviceArray<unsigned char> buf(96);
    return launch_sync(clear_overlapping, dim3(2), dim3(32), buf.get(), 64);
  });
}
