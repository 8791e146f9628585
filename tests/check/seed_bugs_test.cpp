// The bugs the seed tutorials (/work/shared/seeds) warn about, ported to CUDA C++ as the tutorials
// write them, each caught by its checker under every configuration:
//   002 (Numba): the non-atomic global counter (`global_counter[0] += 1` from 32 blocks of 32);
//   002 (Numba): the shared-memory tiled matmul that returns early for out-of-range threads and
//                `continue`s past its cuda.syncthreads() calls;
//   004 (CuPy):  the shared-memory histogram without the barrier after zeroing its bins;
//   004 (CuPy):  vector_add launched over a rounded-up grid without its `if (item < size)` guard.
#include <doctest/doctest.h>

#include <algorithm>
#include <cusim/cusim.hpp>
#include <vector>

#include "check/check_support.hpp"

using check_test::DeviceArray;
using check_test::expect_clean_everywhere;
using check_test::expect_planted;
using check_test::launch_sync;

// ---- 002: the race on a global counter -------------------------------------------------------------

// counter_kernel: `global_counter[0] += 1` (read, add, write back) by every thread.
__global__ void counter_kernel(int* global_counter) {
  global_counter[0] += 1;  // @seed-counter
}
// atomic_counter_kernel: `cuda.atomic.add(global_counter, 0, 1)`.
__global__ void atomic_counter_kernel(int* global_counter) { atomicAdd(&global_counter[0], 1); }

namespace {
// n_threads = 1024: gridsize = 32, blocksize = 32, the counter starts at 0 (cuda.to_device).
int run_counter(void (*kernel)(int*), cudaError_t* status) {
  DeviceArray<int> counter(1, std::vector<int>{0});
  *status = launch_sync(kernel, dim3(32), dim3(32), counter.get());
  return counter.download()[0];
}
}  // namespace

TEST_CASE("seed 002: `global_counter[0] += 1` from 32 blocks of 32 threads is a global race") {
  // Each thread's read comes before its write: another thread's write after it is a
  // write-after-read, and the writes of any two threads are a write-after-write.
  expect_planted({{"race-war", "seed-counter", "global", "seed-counter"},
                  {"race-waw", "seed-counter", "global", "seed-counter"}},
                 [] {
                   cudaError_t status;
                   const int counter = run_counter(counter_kernel, &status);
                   CHECK(counter >= 1);
                   CHECK(counter <= 1024);
                   return status;
                 });
}

#if CUSIM_SIMULATOR  // the interleaved schedule is the simulator's
TEST_CASE("seed 002: under the interleaved schedule the racy counter loses updates") {
  for (unsigned workers : {1u, 2u}) {
    INFO("interleaved schedule, " << workers << " worker(s)");
    cusim_test::ScopedSchedule scope(cusim::Schedule::interleaved, 1, workers);
    check_test::expect_findings({{"race-war", "seed-counter", "global", "seed-counter"},
                                 {"race-waw", "seed-counter", "global", "seed-counter"}},
                                [] {
                                  cudaError_t status;
                                  const int counter = run_counter(counter_kernel, &status);
                                  MESSAGE("interleaved counter = " << counter << ", expected 1024");
                                  CHECK(counter < 1024);
                                  CHECK(counter >= 1);
                                  return status;
                                });
  }
}
#endif

TEST_CASE("seed 002: the atomic counter reaches 1024 with no finding") {
  expect_clean_everywhere([] {
    cudaError_t status;
    CHECK(run_counter(atomic_counter_kernel, &status) == 1024);
    return status;
  });
#if CUSIM_SIMULATOR
  cusim_test::ScopedSchedule scope(cusim::Schedule::interleaved, 1, 1);
  check_test::expect_clean([] {
    cudaError_t status;
    CHECK(run_counter(atomic_counter_kernel, &status) == 1024);
    return status;
  });
#endif
}

// ---- 002: the shared-memory matmul with early return and continue ----------------------------------

// fast_matmul_kernel, line by line. Numba's 2-D arrays are row-major (a[x, c] is a[x * a_cols + c]),
// cuda.grid(2) is (threadIdx.x + blockIdx.x * blockDim.x, threadIdx.y + ...), x indexes rows, and
// blocksize is the warp size (32).
constexpr int kBlocksize = 32;
__global__ void fast_matmul_kernel(const float* a, const float* b, float* out, int a_rows, int a_cols, int b_rows,
                                   int b_cols) {
  // Define arrays in the shared memory
  CUSIM_SHARED(float, a_sub, [kBlocksize][kBlocksize]);
  CUSIM_SHARED(float, b_sub, [kBlocksize][kBlocksize]);
  const int out_rows = a_rows, out_cols = b_cols;

  // Global id of current thread in a 2D threadblock: defines output location
  const int x = static_cast<int>(threadIdx.x + blockIdx.x * blockDim.x);
  const int y = static_cast<int>(threadIdx.y + blockIdx.y * blockDim.y);
  const int tx = static_cast<int>(threadIdx.x), ty = static_cast<int>(threadIdx.y);

  // Bounds check
  if (x >= out_rows || y >= out_cols) return;

  const int bpg = static_cast<int>(gridDim.x);  // blocks per grid

  // Each thread computes one element in the result matrix.
  float tmp = 0.f;
  for (int i = 0; i < bpg; ++i) {
    // Get row and col within A_sub and B_sub and do bounds check
    const int b_sub_row = tx + i * kBlocksize;
    const int a_sub_col = ty + i * kBlocksize;
    if (!(b_sub_row < b_rows && a_sub_col < a_cols)) continue;

    // Preload one element from A_sub and B_sub into shared memory
    a_sub[tx][ty] = a[x * a_cols + a_sub_col];
    b_sub[tx][ty] = b[b_sub_row * b_cols + y];

    // Wait for all threads in current block
    __syncthreads();  // @seed-matmul-sync1

    // Compute inner product between vectors, read from the shared memory
    for (int j = 0; j < kBlocksize; ++j) tmp += a_sub[tx][j] * b_sub[j][ty];  // @seed-matmul-dot

    // Wait until all threads finish computing
    __syncthreads();  // @seed-matmul-sync2
  }
  // Write to global memory
  out[x * out_cols + y] = tmp;
}

namespace {
// The tutorial's setup with base dimension n: a = 2 * ones(n, 2n), b = 3 * ones(2n, n),
// out = zeros(n, n), blocksize 32, gridsize (2n + 31) / 32 in both dimensions. Returns how many
// elements of out differ from np.matmul(a, b) (every element is 2 * 3 * 2n).
int run_fast_matmul(int n, cudaError_t* status) {
  const int gridsize = (2 * n + kBlocksize - 1) / kBlocksize;
  DeviceArray<float> a(n * 2 * n, std::vector<float>(n * 2 * n, 2.f)), b(2 * n * n, std::vector<float>(2 * n * n, 3.f));
  DeviceArray<float> out(n * n, std::vector<float>(n * n, 0.f));
  *status = launch_sync(fast_matmul_kernel, dim3(gridsize, gridsize), dim3(kBlocksize, kBlocksize), a.get(), b.get(),
                        out.get(), n, 2 * n, 2 * n, n);
  const std::vector<float> o = out.download();
  const float expected = 2.f * 3.f * static_cast<float>(2 * n);
  return static_cast<int>(std::count_if(o.begin(), o.end(), [&](float v) { return v != expected; }));
}
}  // namespace

TEST_CASE("seed 002: the tiled matmul's early return and continue skip its barriers (N = 40)") {
  // N = 40: out is 40 x 40 but the grid covers 96 x 96 (3 x 3 blocks of 32 x 32), and the inner
  // dimension 80 ends inside the third tile. Rows or columns 40..63 of the second block row and
  // column return at once; in the third tile the threads past column 80 `continue`, leaving the
  // loop and the kernel. The threads still in the loop wait at barriers the others never reach
  // (synccheck notes both), and read tile slots no thread of their block wrote (the rows and
  // columns of threads that returned: initcheck). The results are wrong too.
  expect_planted({{"barrier-divergence", "seed-matmul-sync1", "", "", static_cast<int>(cudaSuccess)},
                  {"barrier-divergence", "seed-matmul-sync2", "", "", static_cast<int>(cudaSuccess)},
                  {"uninitialized-read", "seed-matmul-dot", "shared"}},
                 [] {
                   cudaError_t status;
                   CHECK(run_fast_matmul(40, &status) > 0);
                   return status;
                 });
}

TEST_CASE("seed 002: the tiled matmul's early return alone (N = 48)") {
  // N = 48: the inner dimension 96 is three whole tiles (no `continue`), but rows and columns 48..63
  // of the second block row and column return before the first barrier.
  expect_planted({{"barrier-divergence", "seed-matmul-sync1", "", "", static_cast<int>(cudaSuccess)},
                  {"barrier-divergence", "seed-matmul-sync2", "", "", static_cast<int>(cudaSuccess)},
                  {"uninitialized-read", "seed-matmul-dot", "shared"}},
                 [] {
                   cudaError_t status;
                   run_fast_matmul(48, &status);
                   return status;
                 });
}

TEST_CASE("seed 002: the tiled matmul is clean where the tutorial ran it (N = 256 needs no partial tile)") {
  // The tutorial's own size is too slow to simulate checked in a unit test; N = 32 has the same
  // property (every block wholly inside or wholly outside out, every tile whole).
  expect_clean_everywhere([] {
    cudaError_t status;
    CHECK(run_fast_matmul(32, &status) == 0);
    return status;
  });
}

// ---- 004: the shared histogram without its barrier after zeroing ------------------------------------

// histogram_cuda_shared without the first __syncthreads().
__global__ void histogram(const int* input, int* output) {
  const int item = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  CUSIM_SHARED(int, temp_histogram, [256]);

  // initialise shared memory
  temp_histogram[threadIdx.x] = 0;  // @seed-hist-zero
  // (the tutorial's __syncthreads() is missing here)

  // update block shared memory for value in item
  atomicAdd(&(temp_histogram[input[item]]), 1);  // @seed-hist-add
  __syncthreads();

  // update the global histogram (output) using temporary histogram
  atomicAdd(&(output[threadIdx.x]), temp_histogram[threadIdx.x]);
}

TEST_CASE("seed 004: the shared histogram without the barrier after zeroing races") {
  // 2^12 inputs in [0, 256) (the tutorial uses 2^25), 256 threads per block. Each thread zeroes its
  // bin (its first access) while others add to bins atomically (their third): race-atomic. Adds
  // that come before a bin's zeroing also read it before anything wrote it.
  const int size = 1 << 12;
  std::vector<int> input(size);
  unsigned state = 12345;
  for (int& v : input) {
    state = state * 1103515245u + 12345u;
    v = static_cast<int>((state >> 16) % 256);
  }
  expect_planted({{"race-atomic", "seed-hist-add", "shared", "seed-hist-zero"},
                  {"uninitialized-read", "seed-hist-add", "shared"}},
                 [&] {
                   DeviceArray<int> in(size, input), out(256, std::vector<int>(256, 0));
                   return launch_sync(histogram, dim3(size / 256), dim3(256), in.get(), out.get());
                 });
}

// ---- 004: vector_add without its guard --------------------------------------------------------------

// The multi-block vector_add without `if (item < size)`.
__global__ void vector_add(const float* A, const float* B, float* C, const int size) {
  (void)size;
  const int item = static_cast<int>((blockIdx.x * blockDim.x) + threadIdx.x);
  C[item] = A[item] + B[item];  // @seed-vadd
}

TEST_CASE("seed 004: vector_add over ceil(size / 1024) blocks of 1024 without the guard") {
  // size = 10_000: 10 blocks of 1024 threads, 240 of them past the end of every array.
  expect_planted({{"out-of-bounds", "seed-vadd", "global"}}, [] {
    const int size = 10000;
    std::vector<float> a(size), b(size);
    for (int i = 0; i < size; ++i) {
      a[i] = static_cast<float>(i % 100) * 0.01f;
      b[i] = static_cast<float>(i % 7);
    }
    DeviceArray<float> d_a(size, a), d_b(size, b), d_c(size, std::vector<float>(size, 0.f));
    const int block = 1024, grid = (size + block - 1) / block;
    return launch_sync(vector_add, dim3(grid), dim3(block), d_a.get(), d_b.get(), d_c.get(), size);
  });
}
