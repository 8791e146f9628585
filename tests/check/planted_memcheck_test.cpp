// memcheck's planted bugs: out-of-bounds (global and shared, static and dynamic), misaligned
// accesses, use after free, wild (host) pointers and invalid frees. Each must be reported with its
// kind, line and space under every configuration, end the launch (or fail the call), and vanish
// with memcheck off.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cusim/cusim.hpp>
#include <numeric>
#include <vector>

#include "check/check_support.hpp"
#include "run_program.hpp"

using check_test::DeviceArray;
using check_test::expect_planted;
using check_test::launch_sync;

// ---- out-of-bounds -------------------------------------------------------------------------------

// Row sums of a rows x cols matrix, one block per row, striding over the row in tiles of the block
// size: `c <= cols` reads one element past each row, and past the allocation on the last row.
__global__ void row_sums_off_by_one(const float* m, float* sums, int cols) {
  CUSIM_SHARED(float, partial, [64]);
  const int row = blockIdx.x, t = threadIdx.x;
  float acc = 0.f;
  for (int c = t; c <= cols; c += blockDim.x) acc += m[row * cols + c];  // @oob-rowsum
  partial[t] = acc;
  __syncthreads();
  if (t == 0) {
    float total = 0.f;
    for (int i = 0; i < static_cast<int>(blockDim.x); ++i) total += partial[i];
    sums[row] = total;
  }
}

TEST_CASE("out-of-bounds: a tiled row loop with `<=` reads past the matrix") {
  expect_planted({{"out-of-bounds", "oob-rowsum", "global"}}, [] {
    const int rows = 4, cols = 128;
    DeviceArray<float> m(rows * cols, std::vector<float>(rows * cols, 1.f)), sums(rows);
    return launch_sync(row_sums_off_by_one, dim3(rows), dim3(64), m.get(), sums.get(), cols);
  });
}

// y = a * x + y with the guard written `i <= n`: thread n touches the element past both arrays.
__global__ void saxpy_inclusive_guard(int n, float a, const float* x, float* y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= n) y[i] = a * x[i] + y[i];  // @oob-saxpy
}

TEST_CASE("out-of-bounds: saxpy guarded by `i <= n`") {
  expect_planted({{"out-of-bounds", "oob-saxpy", "global"}}, [] {
    const int n = 96;
    DeviceArray<float> x(n, std::vector<float>(n, 1.f)), y(n, std::vector<float>(n, 2.f));
    return launch_sync(saxpy_inclusive_guard, dim3(2), dim3(64), n, 3.f, x.get(), y.get());
  });
}

// A transpose of a rows x cols matrix that writes the output with the input's row length: on a
// non-square matrix the last rows of the output land past its end.
__global__ void transpose_wrong_stride(const float* in, float* out, int rows, int cols) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < rows && c < cols) {
    const float v = in[r * cols + c];
    out[c * cols + r] = v;  // @oob-transpose (should be c * rows + r)
  }
}

TEST_CASE("out-of-bounds: a transpose indexing its output with the input's stride") {
  expect_planted({{"out-of-bounds", "oob-transpose", "global"}}, [] {
    const int rows = 16, cols = 48;
    DeviceArray<float> in(rows * cols, std::vector<float>(rows * cols, 1.f)), out(rows * cols);
    return launch_sync(transpose_wrong_stride, dim3(cols / 16, rows / 16), dim3(16, 16), in.get(), out.get(), rows,
                       cols);
  });
}

// A block reduction whose first step uses the whole block as the stride: thread t reads
// sdata[t + blockDim.x], past the shared array.
__global__ void reduce_first_stride_too_big(const int* in, int* out) {
  CUSIM_SHARED(int, sdata, [128]);
  const unsigned t = threadIdx.x;
  sdata[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned s = blockDim.x; s > 0; s >>= 1) {
    if (t < s) sdata[t] += sdata[t + s];  // @oob-reduce
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = sdata[0];
}

TEST_CASE("out-of-bounds: a shared reduction starting at stride blockDim.x") {
  expect_planted({{"out-of-bounds", "oob-reduce", "shared"}}, [] {
    DeviceArray<int> in(256, std::vector<int>(256, 1)), out(2);
    return launch_sync(reduce_first_stride_too_big, dim3(2), dim3(128), in.get(), out.get());
  });
}

// A 1-D stencil whose tile holds the block and the left halo only: the right halo is written past
// the end of the tile.
constexpr int kRadius = 2;
__global__ void stencil_tile_too_small(const float* in, float* out, int n) {
  CUSIM_SHARED(float, tile, [64 + kRadius]);  // should be 64 + 2 * kRadius
  const int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  tile[t + kRadius] = in[g];
  if (t < kRadius) {
    tile[t] = g >= kRadius ? in[g - kRadius] : 0.f;
    tile[t + blockDim.x + kRadius] = g + static_cast<int>(blockDim.x) < n ? in[g + blockDim.x] : 0.f;  // @oob-halo
  }
  __syncthreads();
  float acc = 0.f;
  for (int k = -kRadius; k <= kRadius; ++k) acc += tile[t + kRadius + k];
  out[g] = acc;
}

TEST_CASE("out-of-bounds: a stencil tile without room for its right halo") {
  expect_planted({{"out-of-bounds", "oob-halo", "shared"}}, [] {
    const int n = 128;
    DeviceArray<float> in(n, std::vector<float>(n, 1.f)), out(n);
    return launch_sync(stencil_tile_too_small, dim3(2), dim3(64), in.get(), out.get(), n);
  });
}

// Two arrays carved out of dynamic shared memory, launched with room for one.
__global__ void dynamic_two_arrays(const float* a, const float* b, float* out) {
  CUSIM_EXTERN_SHARED(float, smem);
  float* sa = smem;
  float* sb = smem + blockDim.x;
  const unsigned t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  sa[t] = a[g];
  sb[t] = b[g];  // @oob-dynamic
  __syncthreads();
  out[g] = sa[blockDim.x - 1 - t] * sb[t];
}

TEST_CASE("out-of-bounds: dynamic shared memory sized for one array of two") {
  expect_planted({{"out-of-bounds", "oob-dynamic", "shared"}}, [] {
    DeviceArray<float> a(128, std::vector<float>(128, 1.f)), b(128, std::vector<float>(128, 2.f)), out(128);
    return launch_sync(dynamic_two_arrays, dim3(2), dim3(64), 64 * sizeof(float), a.get(), b.get(), out.get());
  });
}

// ---- misaligned-access ---------------------------------------------------------------------------

// A vectorised copy (four floats at a time) of a sub-array that starts one float into the buffer.
__global__ void copy_float4(const float* src, float* dst, int n4) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) reinterpret_cast<float4*>(dst)[i] = reinterpret_cast<const float4*>(src)[i];  // @misaligned-f4
}

TEST_CASE("misaligned-access: a float4 copy of a sub-array starting at element 1") {
  expect_planted({{"misaligned-access", "misaligned-f4", "global"}}, [] {
    DeviceArray<float> src(260, std::vector<float>(260, 1.f)), dst(256);
    return launch_sync(copy_float4, dim3(1), dim3(64), src.get() + 1, dst.get(), 64);
  });
}

// Packed 5-byte records (a tag byte, then an int), read as ints in place.
__global__ void parse_packed_records(const unsigned char* records, int* values, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) values[i] = *reinterpret_cast<const int*>(records + 5 * i + 1);  // @misaligned-record
}

TEST_CASE("misaligned-access: ints read in place from packed 5-byte records") {
  expect_planted({{"misaligned-access", "misaligned-record", "global"}}, [] {
    const int n = 64;
    DeviceArray<unsigned char> records(5 * n, std::vector<unsigned char>(5 * n, 7));
    DeviceArray<int> values(n);
    return launch_sync(parse_packed_records, dim3(1), dim3(64), records.get(), values.get(), n);
  });
}

// Bytes staged in shared memory, then read as floats at an offset of one byte (a header byte the
// programmer forgot to skip in whole words).
__global__ void shared_bytes_as_floats(const unsigned char* in, float* out) {
  CUSIM_SHARED(unsigned char, staged, [4 * 64 + 4]);
  const unsigned t = threadIdx.x;
  for (unsigned k = 0; k < 4; ++k) staged[4 * t + k] = in[4 * t + k];
  if (t == 0)
    for (unsigned k = 0; k < 4; ++k) staged[4 * 64 + k] = 0;
  __syncthreads();
  out[t] = *reinterpret_cast<const float*>(&staged[4 * t + 1]);  // @misaligned-shared
}

TEST_CASE("misaligned-access: floats read at byte offset 1 of a shared byte buffer") {
  expect_planted({{"misaligned-access", "misaligned-shared", "shared"}}, [] {
    DeviceArray<unsigned char> in(256, std::vector<unsigned char>(256, 0));
    DeviceArray<float> out(64);
    return launch_sync(shared_bytes_as_floats, dim3(1), dim3(64), in.get(), out.get());
  });
}

// 8-byte words copied from a float buffer at an odd float offset.
__global__ void copy_words(const float* src, unsigned long long* dst, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] = reinterpret_cast<const unsigned long long*>(src)[i];  // @misaligned-word
}

TEST_CASE("misaligned-access: 8-byte words read from a float offset of 3") {
  expect_planted({{"misaligned-access", "misaligned-word", "global"}}, [] {
    DeviceArray<float> src(160, std::vector<float>(160, 1.f));
    DeviceArray<unsigned long long> dst(64);
    return launch_sync(copy_words, dim3(1), dim3(64), src.get() + 3, dst.get(), 64);
  });
}

// ---- use-after-free ------------------------------------------------------------------------------

__global__ void scale(const float* in, float* out, float k, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = k * in[i];  // @uaf-scale
}

TEST_CASE("use-after-free: the input freed by a cleanup before the launch that reads it") {
  expect_planted({{"use-after-free", "uaf-scale", "global"}}, [] {
    const int n = 128;
    float* in = nullptr;
    REQUIRE(cudaMalloc(&in, n * sizeof(float)) == cudaSuccess);
    std::vector<float> host(n, 1.f);
    REQUIRE(cudaMemcpy(in, host.data(), n * sizeof(float), cudaMemcpyHostToDevice) == cudaSuccess);
    DeviceArray<float> out(n);
    cudaFree(in);  // "done with the staging buffer" one step too early
    return launch_sync(scale, dim3(2), dim3(64), in, out.get(), 2.f, n);
  });
}

// A buffer grown by free + malloc while the caller keeps the old pointer: the kernel writes
// through the stale one.
__global__ void fill_iota(int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = i;  // @uaf-write
}

TEST_CASE("use-after-free: a kernel writes through a pointer kept across a reallocation") {
  expect_planted({{"use-after-free", "uaf-write", "global"}}, [] {
    int* buf = nullptr;
    REQUIRE(cudaMalloc(&buf, 64 * sizeof(int)) == cudaSuccess);
    int* stale = buf;
    cudaFree(buf);  // grow: free the old buffer, allocate the new one
    REQUIRE(cudaMalloc(&buf, 128 * sizeof(int)) == cudaSuccess);
    const cudaError_t e = launch_sync(fill_iota, dim3(1), dim3(64), stale, 64);
    cudaFree(buf);
    return e;
  });
}

// The second stage of a pipeline reads the intermediate buffer the host freed after the first.
__global__ void stage_square(const float* in, float* tmp, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) tmp[i] = in[i] * in[i];
}
__global__ void stage_sum_pairs(const float* tmp, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n / 2) out[i] = tmp[2 * i] + tmp[2 * i + 1];  // @uaf-pipeline
}

TEST_CASE("use-after-free: a pipeline's intermediate buffer freed between its stages") {
  expect_planted({{"use-after-free", "uaf-pipeline", "global"}}, [] {
    const int n = 128;
    DeviceArray<float> in(n, std::vector<float>(n, 3.f)), out(n / 2);
    float* tmp = nullptr;
    REQUIRE(cudaMalloc(&tmp, n * sizeof(float)) == cudaSuccess);
    REQUIRE(launch_sync(stage_square, dim3(2), dim3(64), in.get(), tmp, n) == cudaSuccess);
    cudaFree(tmp);
    return launch_sync(stage_sum_pairs, dim3(1), dim3(64), tmp, out.get(), n);
  });
}

// A kernel argument struct whose second view points at freed memory.
struct Views {
  const float* a;
  const float* b;
};
__global__ void dot_views(Views v, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const float x = v.a[i];
    out[i] = x * v.b[i];  // @uaf-struct
  }
}

TEST_CASE("use-after-free: a freed pointer inside a struct argument") {
  expect_planted({{"use-after-free", "uaf-struct", "global"}}, [] {
    const int n = 64;
    DeviceArray<float> a(n, std::vector<float>(n, 1.f)), out(n);
    float* b = nullptr;
    REQUIRE(cudaMalloc(&b, n * sizeof(float)) == cudaSuccess);
    cudaFree(b);
    return launch_sync(dot_views, dim3(1), dim3(64), Views{a.get(), b}, out.get(), n);
  });
}

// ---- wild-access ---------------------------------------------------------------------------------

TEST_CASE("wild-access: a std::vector's data passed to a kernel instead of a device copy") {
  expect_planted({{"wild-access", "uaf-scale", ""}}, [] {
    const int n = 128;
    std::vector<float> host(n, 1.f);
    DeviceArray<float> out(n);
    return launch_sync(scale, dim3(2), dim3(64), host.data(), out.get(), 2.f, n);
  });
}

TEST_CASE("wild-access: a malloc'd host buffer as a kernel's output") {
  expect_planted({{"wild-access", "uaf-write", ""}}, [] {
    int* host = static_cast<int*>(std::malloc(64 * sizeof(int)));
    const cudaError_t e = launch_sync(fill_iota, dim3(1), dim3(64), host, 64);
    std::free(host);
    return e;
  });
}

// A table of row pointers in device memory, filled with host pointers.
__global__ void gather_rows(const float* const* rows, float* out, int cols) {
  const int r = blockIdx.x, c = threadIdx.x;
  const float* row = rows[r];
  out[r * cols + c] = row[c];  // @wild-table
}

TEST_CASE("wild-access: a device table of row pointers that point into host memory") {
  expect_planted({{"wild-access", "wild-table", ""}}, [] {
    const int nrows = 4, cols = 32;
    std::vector<std::vector<float>> host_rows(nrows, std::vector<float>(cols, 1.f));
    std::vector<const float*> table;
    for (auto& r : host_rows) table.push_back(r.data());
    DeviceArray<const float*> d_table(nrows, table);
    DeviceArray<float> out(nrows * cols);
    return launch_sync(gather_rows, dim3(nrows), dim3(cols), d_table.get(), out.get(), cols);
  });
}

TEST_CASE("wild-access: a struct argument mixing a device and a host pointer") {
  expect_planted({{"wild-access", "uaf-struct", ""}}, [] {
    const int n = 64;
    DeviceArray<float> a(n, std::vector<float>(n, 1.f)), out(n);
    float* weights = new float[n]();
    const cudaError_t e = launch_sync(dot_views, dim3(1), dim3(64), Views{a.get(), weights}, out.get(), n);
    delete[] weights;
    return e;
  });
}

// ---- invalid-free --------------------------------------------------------------------------------

TEST_CASE("invalid-free: a cleanup path that frees a buffer twice") {
  expect_planted({{"invalid-free", "free-double", ""}}, [] {
    float* buf = nullptr;
    REQUIRE(cudaMalloc(&buf, 256 * sizeof(float)) == cudaSuccess);
    REQUIRE(cudaFree(buf) == cudaSuccess);  // freed on the error path...
    return cudaFree(buf);                   // @free-double ...and again at the end
  });
}

TEST_CASE("invalid-free: freeing the second half of a split allocation") {
  expect_planted({{"invalid-free", "free-interior", ""}}, [] {
    float* both = nullptr;
    REQUIRE(cudaMalloc(&both, 2 * 128 * sizeof(float)) == cudaSuccess);
    float* second = both + 128;
    const cudaError_t e = cudaFree(second);  // @free-interior
    REQUIRE(cudaFree(both) == cudaSuccess);
    return e;
  });
}

TEST_CASE("invalid-free: cudaFree of a host buffer") {
  expect_planted({{"invalid-free", "free-host", ""}}, [] {
    std::vector<float> host(64, 1.f);
    return cudaFree(host.data());  // @free-host
  });
}

TEST_CASE("invalid-free: pinned host memory freed with cudaFree instead of cudaFreeHost") {
  expect_planted({{"invalid-free", "free-pinned", ""}}, [] {
    float* pinned = nullptr;
    REQUIRE(cudaMallocHost(&pinned, 64 * sizeof(float)) == cudaSuccess);
    const cudaError_t e = cudaFree(pinned);  // @free-pinned
    REQUIRE(cudaFreeHost(pinned) == cudaSuccess);
    return e;
  });
}

// ---- kernels that once fooled the checker ---------------------------------------------------------

// A histogram whose keys run one past the last bin: the atomicAdd at the end of the kernel is out
// of bounds. The kernel's last call (the atomic hook, its result unused) must not be compiled as a
// tail call (-fno-optimize-sibling-calls), or the hook's return address would be the engine's and
// the finding would name the engine's line instead of the kernel's.
__global__ void histogram_key_past_last_bin(const int* keys, int* bins) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&bins[keys[i]], 1);  // @bug-oob-atomic
}

TEST_CASE("planted out-of-bounds: an atomic as a kernel's last statement is named at the kernel's line") {
  std::vector<int> keys(64);
  for (int i = 0; i < 64; ++i) keys[i] = i % 9;  // 9 values, 8 bins
  expect_planted({{"out-of-bounds", "bug-oob-atomic", "global"}}, [&] {
    DeviceArray<int> k(64, keys), bins(8);
    bins.zero();
    return launch_sync(histogram_key_past_last_bin, dim3(1), dim3(64), k.get(), bins.get());
  });
}

// ---- the line of the statement, in the optimised checked build ------------------------------------
// Kernels whose optimised code once carried another line: identical code folded into one function
// (the body's lines were replaced by the declaration's line of the kernel kept), and accesses made
// inside an inlined library function (named at the library header's line).

// compute-sanitizer's memcheck demo: a kernel whose only statement calls a device function that
// stores where it must not; after inlining, the kernel and the device function are identical code.
__device__ void store_past_end(int* data) {
  data[64] = 42;  // @line-inlined-store
}
__global__ void calls_store_past_end(int* data) {
  store_past_end(data);
}

TEST_CASE("out-of-bounds: a store in a device function that is the kernel's only statement") {
  expect_planted({{"out-of-bounds", "line-inlined-store", "global"}}, [] {
    DeviceArray<int> data(64);
    return launch_sync(calls_store_past_end, dim3(1), dim3(1), data.get());
  });
}

// Two kernels with identical bodies, written twice (say, for two pipelines): the second's finding
// is at the second's line.
__global__ void clamp_first_pipeline(float* v, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= n) v[i] = fminf(v[i], 1.f);  // @line-twin-first
}
__global__ void clamp_second_pipeline(float* v, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= n) v[i] = fminf(v[i], 1.f);  // @line-twin-second
}

TEST_CASE("out-of-bounds: the second of two identical kernels is named at its own line") {
  expect_planted({{"out-of-bounds", "line-twin-second", "global"}}, [] {
    DeviceArray<float> v(64, std::vector<float>(64, 2.f));
    return launch_sync(clamp_second_pipeline, dim3(1), dim3(65), v.get(), 64);
  });
  expect_planted({{"out-of-bounds", "line-twin-first", "global"}}, [] {
    DeviceArray<float> v(64, std::vector<float>(64, 2.f));
    return launch_sync(clamp_first_pipeline, dim3(1), dim3(65), v.get(), 64);
  });
}

// The larger of each element and its right neighbour, by std::max, which takes references: the
// loads happen inside the C++ library's header, and the finding is the kernel's line.
__global__ void max_with_right_neighbour(const int* in, int* out) {
  const int i = threadIdx.x;
  out[i] = std::max(in[i], in[i + 1]);  // @line-std-max
}

TEST_CASE("out-of-bounds: a read made inside std::max is named at the kernel's line") {
  expect_planted({{"out-of-bounds", "line-std-max", "global"}}, [] {
    DeviceArray<int> in(64, std::vector<int>(64, 1)), out(64);
    return launch_sync(max_with_right_neighbour, dim3(1), dim3(64), in.get(), out.get());
  });
}

#if CUSIM_SIMULATOR
// ---- a limited address space (valgrind, `ulimit -v`) ---------------------------------------------

// The checkers' shadow of device memory takes 21 bytes of address space per 4 bytes of heap. Where
// that much cannot be reserved, the heap shrinks to what can be shadowed, and device memory stays
// checked (before, every device access was then reported as a wild access). The case runs this
// binary again under `prlimit --as`, which limits the child's address space from its start.
TEST_CASE("memcheck in a limited address space: a smaller heap, still checked") {
  if (std::getenv("CUSIM_TEST_LIMITED_CHILD")) {
    void* huge = nullptr;
    CHECK(cudaMalloc(&huge, std::size_t(4) << 30) == cudaErrorMemoryAllocation);  // past the smaller heap
    (void)cudaGetLastError();
    expect_planted({{"out-of-bounds", "oob-saxpy", "global"}}, [] {
      const int n = 96;
      DeviceArray<float> x(n, std::vector<float>(n, 1.f)), y(n, std::vector<float>(n, 2.f));
      return launch_sync(saxpy_inclusive_guard, dim3(2), dim3(64), n, 3.f, x.get(), y.get());
    });
    return;
  }
  char self[4096] = {};
  REQUIRE(readlink("/proc/self/exe", self, sizeof self - 1) > 0);
  const cusim_test::ProgramRun r =
      cusim_test::run_program({"/usr/bin/prlimit", "--as=" + std::to_string(std::size_t(16) << 30), self,
                               "--test-case=memcheck in a limited address space*"},
                              {"CUSIM_TEST_LIMITED_CHILD=1"});
  INFO("child stdout:\n" << r.out << "\nchild stderr:\n" << r.err);
  REQUIRE(r.started);
  CHECK_FALSE(r.signalled);
  CHECK(r.status == 0);
  CHECK(r.out.find("1 passed") != std::string::npos);
  CHECK(r.err.find("no address space") == std::string::npos);
}
#endif

// ---- misaligned vector and __device__ variable stores (the optimised checked build) ---------------
// g++ -O2 would split these stores into aligned scalar ones before the instrumentation sees them
// (cmake/CusimHelpers.cmake keeps them whole); on a GPU each is one misaligned store that faults.

// A float4 built from scalars and stored one float into the buffer.
__global__ void store_made_float4(float* dst, float a) {
  reinterpret_cast<float4*>(dst + 1)[threadIdx.x] = make_float4(a, a + 1.f, a + 2.f, a + 3.f);  // @misaligned-make-f4
}

TEST_CASE("misaligned-access: a float4 made from scalars stored at a float offset") {
  expect_planted({{"misaligned-access", "misaligned-make-f4", "global"}}, [] {
    DeviceArray<float> dst(4 * 33);
    return launch_sync(store_made_float4, dim3(1), dim3(32), dst.get(), 1.f);
  });
}

// A double2 stored 8 bytes into a __device__ array of double2.
__device__ double2 g_pairs[4];
__global__ void store_double2_into_device_variable(double a) {
  if (threadIdx.x == 0)
    *reinterpret_cast<double2*>(reinterpret_cast<char*>(g_pairs) + 8) = make_double2(a, -a);  // @misaligned-device-d2
}

TEST_CASE("misaligned-access: a double2 stored at an 8-byte offset of a __device__ array") {
  expect_planted({{"misaligned-access", "misaligned-device-d2", "global"}},
                 [] { return launch_sync(store_double2_into_device_variable, dim3(1), dim3(32), 2.0); });
}

// An int stored a few bytes (2, given at run time) into a __device__ int array.
__device__ int g_counts[8];
__global__ void store_int_at_byte_offset(int offset, int v) {
  if (threadIdx.x == 0) *reinterpret_cast<int*>(reinterpret_cast<char*>(g_counts) + offset) = v;  // @misaligned-device-int
}

TEST_CASE("misaligned-access: an int stored at a 2-byte offset of a __device__ array") {
  expect_planted({{"misaligned-access", "misaligned-device-int", "global"}},
                 [] { return launch_sync(store_int_at_byte_offset, dim3(1), dim3(32), 2, 7); });
}

// ---- copies inside kernels: memcpy and memset (CUDA has no device memmove) -------------------------
// Checked as the byte range each touches, at the kernel's line, whether the compiler expands the
// copy inline or calls the C library.

// Rows of a variable width gathered with one memcpy each into rows with room for a header word:
// the length counts that word too, so the last row's copy reads past the end of the input.
__global__ void copy_rows_with_header(const float* rows, float* out, int width) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  memcpy(out + r * (width + 1), rows + r * width, (width + 1) * sizeof(float));  // @oob-memcpy-rows
}

TEST_CASE("out-of-bounds: a memcpy whose length counts one element more than the row") {
  expect_planted({{"out-of-bounds", "oob-memcpy-rows", "global"}}, [] {
    const int rows = 32, width = 7;
    DeviceArray<float> in(rows * width, std::vector<float>(rows * width, 1.f)), out(rows * (width + 1));
    return launch_sync(copy_rows_with_header, dim3(1), dim3(rows), in.get(), out.get(), width);
  });
}

// An overrun of an allocation that fills its span to the byte (256 bytes) lands in the span of the
// allocation made after it: the report still names the allocation it ran past, not the next one.
__global__ void fill_one_past(float* a, int n) {
  const int i = threadIdx.x;
  if (i <= n) a[i] = 1.f;
}

#if CUSIM_SIMULATOR  // the report's text
TEST_CASE("out-of-bounds: an overrun of a 256-byte allocation is described from that allocation") {
  for (const int use_memcpy : {0, 1}) {
    CAPTURE(use_memcpy);
    std::vector<cusim::Finding> found;
    {
      DeviceArray<float> first(64), second(64);
      first.zero();
      cusim::clear_findings();
      if (use_memcpy) launch_sync(copy_rows_with_header, dim3(1), dim3(1), first.get(), second.get(), 64);
      else launch_sync(fill_one_past, dim3(1), dim3(65), first.get(), 64);
      found = cusim::take_findings();
    }
    check_test::reset_device();
    REQUIRE(found.size() == 1);
    CHECK(found[0].kind == "out-of-bounds");
    CHECK_MESSAGE(found[0].text.find("(0 bytes past the end of the 256-byte allocation") != std::string::npos,
                  found[0].text);
  }
}
#endif

// Thread 0 clears the last 16-float slice of a shared tile, sized as 16 doubles: past the tile.
__global__ void clear_tile_slices(float* out) {
  CUSIM_SHARED(float, tile, [16 * 32]);
  const unsigned t = threadIdx.x;
  if (t == 0) memset(tile + 16 * 31, 0, 16 * sizeof(double));  // @oob-memset-shared
  __syncthreads();
  out[t] = 1.f;
}

TEST_CASE("out-of-bounds: a memset of a shared tile's slice sized in doubles") {
  expect_planted({{"out-of-bounds", "oob-memset-shared", "shared"}}, [] {
    DeviceArray<float> out(32);
    return launch_sync(clear_tile_slices, dim3(1), dim3(32), out.get());
  });
}

// A ring buffer refilled with memcpy from a staging buffer freed before the launch.
__global__ void refill_from(const int* staging, int* ring, int n) {
  if (threadIdx.x == 0) memcpy(ring, staging, n * sizeof(int));  // @uaf-memcpy
}

TEST_CASE("use-after-free: a memcpy from a staging buffer freed before the launch") {
  expect_planted({{"use-after-free", "uaf-memcpy", "global"}}, [] {
    const int n = 40;
    int* staging = nullptr;
    REQUIRE(cudaMalloc(&staging, n * sizeof(int)) == cudaSuccess);
    REQUIRE(cudaMemset(staging, 0, n * sizeof(int)) == cudaSuccess);
    REQUIRE(cudaFree(staging) == cudaSuccess);
    DeviceArray<int> ring(n);
    return launch_sync(refill_from, dim3(1), dim3(32), staging, ring.get(), n);
  });
}

// ---- misaligned at an offset the compiler knows -------------------------------------------------
// g++ compiles a store at a constant misaligned offset as an unaligned access (like a packed
// member's); the checked build's alignment check (-fsanitize=alignment) still sees the type's
// alignment, as CUDA does.

// compute-sanitizer's memcheck demo: an int stored one byte into a __device__ int.
// (g++ sees the constant offset and warns that the int runs past `x`: the bug this test plants.)
__device__ int x;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
__global__ void store_one_byte_into_device_int() {
  *(int*)((char*)&x + 1) = 42;  // @misaligned-demo
}
#pragma GCC diagnostic pop

TEST_CASE("misaligned-access: an int stored one byte into a __device__ int (compute-sanitizer's demo)") {
  expect_planted({{"misaligned-access", "misaligned-demo", "global"}},
                 [] { return launch_sync(store_one_byte_into_device_int, dim3(1), dim3(1)); });
}

// A float4 read 4 bytes into a __device__ array of float4.
__device__ float4 g_quads[4];
__global__ void read_quad_at_float_offset(float4* out) {
  out[threadIdx.x] = *reinterpret_cast<const float4*>(reinterpret_cast<const float*>(g_quads) + 1);  // @misaligned-const-f4
}

TEST_CASE("misaligned-access: a float4 read 4 bytes into a __device__ float4 array") {
  expect_planted({{"misaligned-access", "misaligned-const-f4", "global"}}, [] {
    DeviceArray<float4> out(32);
    return launch_sync(read_quad_at_float_offset, dim3(1), dim3(32), out.get());
  });
}

// A double stored at a 4-byte offset of a cudaMalloc'd double buffer, the offset a constant.
__global__ void store_double_at_word_offset(double* d) {
  if (threadIdx.x == 0) *reinterpret_cast<double*>(reinterpret_cast<char*>(d + 2) + 4) = 1.0;  // @misaligned-const-double
}

TEST_CASE("misaligned-access: a double stored 4 bytes past an element of a double buffer") {
  expect_planted({{"misaligned-access", "misaligned-const-double", "global"}}, [] {
    DeviceArray<double> d(8);
    return launch_sync(store_double_at_word_offset, dim3(1), dim3(32), d.get());
  });
}

#if CUSIM_SIMULATOR  // the report's text
TEST_CASE("misaligned-access: the report names the type and a __device__ variable called x") {
  cusim::clear_findings();
  launch_sync(store_one_byte_into_device_int, dim3(1), dim3(1));
  const std::vector<cusim::Finding> found = cusim::take_findings();
  check_test::reset_device();
  REQUIRE(found.size() == 1);
  CHECK_MESSAGE(found[0].text.find("write of an 'int' in __device__ variable `x` [byte 1 of 4] is not aligned to 4 bytes") !=
                    std::string::npos,
                found[0].text);
}
#endif

// ---- device-side launches ----------------------------------------------------------------------
// cusim does not simulate dynamic parallelism: a launch from kernel code is one clear finding at
// the launch, in the checked build as in the fast one (not a wild access inside the launch's own
// allocation of its arguments). cusim::launch is host code on the CUDA backend, where nvcc
// rejects it in a kernel (CUDA spells a device-side launch <<< >>> and needs -rdc).
#if CUSIM_SIMULATOR

__global__ void dp_child(int* out, int base) { out[base + threadIdx.x] = base; }

// One thread of each block launches a child grid over its block's part.
__global__ void dp_parent_per_block(int* out) {
  if (threadIdx.x == 0) cusim::launch(dp_child, dim3(1), dim3(32), out, static_cast<int>(blockIdx.x * 32));  // @dp-per-block
}

// Every thread launches (a recursion-like fan-out).
__global__ void dp_parent_every_thread(int* out) {
  cusim::launch(dp_child, 1u, dim3(1), out, static_cast<int>(threadIdx.x));  // @dp-every-thread
}

// The launch in a device function the kernel calls, with shared memory and a stream.
__device__ void dp_helper(int* out) {
  cusim::launch(dp_child, dim3(1), dim3(32), 0, cudaStream_t{}, out, 0);  // @dp-helper
}
__global__ void dp_parent_helper(int* out) {
  if (threadIdx.x == 5) dp_helper(out);
}

TEST_CASE("planted device-side-launch: a block's thread 0 launches a child grid") {
  expect_planted({{"device-side-launch", "dp-per-block"}}, [] {
    DeviceArray<int> out(64);
    out.zero();
    return launch_sync(dp_parent_per_block, dim3(2), dim3(32), out.get());
  });
}

TEST_CASE("planted device-side-launch: every thread launches") {
  expect_planted({{"device-side-launch", "dp-every-thread"}}, [] {
    DeviceArray<int> out(64);
    out.zero();
    return launch_sync(dp_parent_every_thread, dim3(1), dim3(32), out.get());
  });
}

TEST_CASE("planted device-side-launch: a device function launches, with a stream") {
  expect_planted({{"device-side-launch", "dp-helper"}}, [] {
    DeviceArray<int> out(64);
    out.zero();
    return launch_sync(dp_parent_helper, dim3(1), dim3(32), out.get());
  });
}
// Host code called from kernel code: the runtime's host API would wait for the launch it runs in
// (or change the device under it), exit() and abort() would end the host process from inside a
// launch. Each ends the launch with one host-call-in-kernel finding at the call's line; the next
// launch runs as usual.
__global__ void calls_device_synchronize(int* out) {
  out[threadIdx.x] = 1;
  if (threadIdx.x == 3) cudaDeviceSynchronize();  // @host-sync
}
__global__ void calls_free(int* out) {
  if (blockIdx.x == 1 && threadIdx.x == 7) cudaFree(out);  // @host-free
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}
__global__ void calls_memcpy(int* out) {
  if (threadIdx.x == 0) cudaMemcpy(out + 32, out, 4, cudaMemcpyDeviceToDevice);  // @host-memcpy
}
__global__ void calls_device_reset(int* out) {
  out[threadIdx.x] = 1;
  if (threadIdx.x == 31) cudaDeviceReset();  // @host-reset
}
__global__ void calls_stream_synchronize(int* out, cudaStream_t s) {
  if (threadIdx.x == 2) cudaStreamSynchronize(s);  // @host-stream-sync
  out[threadIdx.x] = 1;
}
__global__ void calls_exit(int* out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
  if (threadIdx.x == 5) exit(3);  // @host-exit
}
__device__ void gives_up(int* out) {
  if (out[0] == 1) std::abort();  // @host-abort
}
__global__ void calls_abort(int* out) {
  out[threadIdx.x] = 1;
  __syncthreads();
  if (threadIdx.x == 9) gives_up(out);
}

TEST_CASE("planted host-call-in-kernel: cudaDeviceSynchronize in a kernel") {
  expect_planted({{"host-call-in-kernel", "host-sync"}}, [] {
    DeviceArray<int> out(64);
    return launch_sync(calls_device_synchronize, dim3(1), dim3(32), out.get());
  });
}

TEST_CASE("planted host-call-in-kernel: cudaFree in a kernel (the device runtime's, not simulated)") {
  expect_planted({{"host-call-in-kernel", "host-free"}}, [] {
    DeviceArray<int> out(64);
    return launch_sync(calls_free, dim3(2), dim3(32), out.get());
  });
}

TEST_CASE("planted host-call-in-kernel: cudaMemcpy in a kernel") {
  expect_planted({{"host-call-in-kernel", "host-memcpy"}}, [] {
    DeviceArray<int> out(64);
    out.zero();
    return launch_sync(calls_memcpy, dim3(1), dim3(32), out.get());
  });
}

TEST_CASE("planted host-call-in-kernel: cudaDeviceReset in a kernel") {
  expect_planted({{"host-call-in-kernel", "host-reset"}}, [] {
    DeviceArray<int> out(64);
    return launch_sync(calls_device_reset, dim3(1), dim3(32), out.get());
  });
}

TEST_CASE("planted host-call-in-kernel: cudaStreamSynchronize on the kernel's own stream") {
  expect_planted({{"host-call-in-kernel", "host-stream-sync"}}, [] {
    DeviceArray<int> out(64);
    cudaStream_t s{};
    cudaStreamCreate(&s);
    const cudaError_t launched = cusim::launch(calls_stream_synchronize, dim3(1), dim3(32), 0, s, out.get(), s);
    const cudaError_t synced = cudaStreamSynchronize(s);
    cudaStreamDestroy(s);
    return launched != cudaSuccess ? launched : synced;
  });
}

TEST_CASE("planted host-call-in-kernel: exit() in a kernel") {
  expect_planted({{"host-call-in-kernel", "host-exit"}}, [] {
    DeviceArray<int> out(64);
    return launch_sync(calls_exit, dim3(2), dim3(32), out.get());
  });
}

TEST_CASE("planted host-call-in-kernel: abort() in a device function, after a barrier") {
  expect_planted({{"host-call-in-kernel", "host-abort"}}, [] {
    DeviceArray<int> out(64);
    return launch_sync(calls_abort, dim3(1), dim3(64), out.get());
  });
}

TEST_CASE("after exit() in a kernel the engine runs the next launch as usual") {
  cusim::clear_findings();
  int* out = nullptr;
  REQUIRE(cudaMalloc(&out, 64 * sizeof(int)) == cudaSuccess);
  CHECK(launch_sync(calls_exit, dim3(1), dim3(32), out) == cudaErrorNotSupported);
  CHECK(cudaGetLastError() == cudaErrorNotSupported);
  for (int i = 0; i < 3; ++i) {
    CHECK(cudaMemset(out, 0, 64 * sizeof(int)) == cudaSuccess);
    CHECK(launch_sync(calls_device_synchronize, dim3(1), dim3(2), out) == cudaSuccess);  // no thread 3: no call
    int host[2] = {};
    CHECK(cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost) == cudaSuccess);
    CHECK(host[0] == 1);
    CHECK(host[1] == 1);
  }
  CHECK(cudaFree(out) == cudaSuccess);
  const auto f = cusim::findings();
  REQUIRE(f.size() == 1);
  CHECK(f[0].kind == "host-call-in-kernel");
  CHECK(f[0].text.find("exit(3) called in kernel code") != std::string::npos);
  cusim::clear_findings();
}

// ---- huge allocations ----------------------------------------------------------------------------
// A 16 GiB allocation's shadow (a status byte per 4 bytes) costs memory only where it is written:
// made eagerly it took 4 GiB and half a minute per allocation. The bytes still read as
// addressable and unwritten in the middle, and the byte past the end as outside.

__global__ void read_middle_write_past_end(char* p, std::size_t n, char* out) {
  out[0] = p[n / 2 + 3];  // @huge-uninitialised
  p[n] = 1;  // @huge-past-end
}

TEST_CASE("planted out-of-bounds and uninitialized-read in a 16 GiB allocation, whose shadow is made lazily") {
  constexpr std::size_t n = std::size_t(16) << 30;
  long most = 0;
  expect_planted({{"uninitialized-read", "huge-uninitialised", "global"}, {"out-of-bounds", "huge-past-end", "global"}},
                 [&] {
                   const long before = cusim_test::resident_kib();
                   char* p = nullptr;
                   REQUIRE(cudaMalloc(&p, n) == cudaSuccess);
                   most = std::max(most, cusim_test::resident_kib() - before);
                   DeviceArray<char> out(1);
                   const cudaError_t e = launch_sync(read_middle_write_past_end, dim3(1), dim3(1), p, n, out.get());
                   cudaFree(p);
                   return e;
                 });
  INFO("the largest growth of the resident set at a 16 GiB cudaMalloc: " << most << " KiB");
  CHECK(most < 64 * 1024);
}

TEST_CASE("a 16 GiB managed allocation reads as written everywhere, and costs memory only where written") {
  constexpr std::size_t n = std::size_t(16) << 30;
  long growth = -1;
  check_test::expect_clean([&] {
    const long before = cusim_test::resident_kib();
    char* p = nullptr;
    REQUIRE(cudaMallocManaged(&p, n) == cudaSuccess);
    growth = cusim_test::resident_kib() - before;
    DeviceArray<char> out(1);
    const cudaError_t e = launch_sync(read_middle_write_past_end, dim3(1), dim3(1), p, n - 1, out.get());  // p[n - 1]: inside
    CHECK(cudaFree(p) == cudaSuccess);
    return e;
  });
  CHECK(growth < 64 * 1024);
}

// A loop of cudaMalloc and cudaFree keeps a bounded part of the heap and its shadow in use: freed
// spans are quarantined up to 256 MiB, then reused, and a freed allocation's race cells are given
// back without touching pages no kernel wrote (each cycle kept about 3 KiB resident, without bound).
// The latest freed allocation is still known as freed.
__global__ void read_first(const int* p, int* out) { out[0] = p[0]; }  // @cycled-use-after-free

TEST_CASE("100,000 cudaMalloc/cudaFree cycles keep a bounded resident set; the last freed is still use-after-free") {
  const long before = cusim_test::resident_kib();
  int* p = nullptr;
  for (int i = 0; i < 100000; ++i) {
    REQUIRE(cudaMalloc(&p, 4096) == cudaSuccess);
    REQUIRE(cudaFree(p) == cudaSuccess);
  }
  const long growth = cusim_test::resident_kib() - before;
  INFO("the resident set grew by " << growth << " KiB");
  CHECK(growth < 128 * 1024);
  check_test::expect_findings({{"use-after-free", "cycled-use-after-free", "global"}}, [&] {
    DeviceArray<int> out(1);
    return launch_sync(read_first, dim3(1), dim3(1), p, out.get());
  });
}
#endif  // CUSIM_SIMULATOR
