// Launch validation against the device profile (H100 by default): each bad launch fails with
// CUDA's error code, names the kernel and the limit, and runs nothing. Also: the launch call's
// forms (shared bytes, stream) and argument passing.
#include <doctest/doctest.h>

#include <cusim/cusim.hpp>

#include "test_support.hpp"

__global__ void mark(int* flag) { *flag = 1; }

// Launches `mark` with the given geometry and expects `error`, no run, and a finding that
// mentions `limit_text`.
void expect_rejected(dim3 grid, dim3 block, std::size_t shared, cudaError_t error, const char* limit_text) {
  cusim_test::FindingsGuard guard;
  cusim_test::ManagedArray<int> flag(1, 0);
  CHECK(cusim::launch(mark, grid, block, shared, flag.get()) == error);
  CHECK(flag[0] == 0);
  CHECK(cudaGetLastError() == error);
  CHECK(cudaGetLastError() == cudaSuccess);      // launch errors are not sticky
  CHECK(cudaDeviceSynchronize() == cudaSuccess);
#if CUSIM_SIMULATOR
  auto f = cusim::findings();
  REQUIRE(f.size() == 1);
  CHECK(f[0].kind == "invalid-launch");
  CHECK(f[0].kernel.find("mark") != std::string::npos);
  CHECK(f[0].text.find(limit_text) != std::string::npos);
#else
  (void)limit_text;  // the limit's text is the simulator's finding
#endif
  // A good launch right after works.
  CHECK(cusim::launch(mark, dim3(1), dim3(1), flag.get()) == cudaSuccess);
  CHECK(cudaDeviceSynchronize() == cudaSuccess);
  CHECK(flag[0] == 1);
}

TEST_CASE("block sizes outside the device limits are invalid values (CUDA 13; CUDA 12: invalid configurations)") {
  expect_rejected(dim3(1), dim3(0), 0, cudaErrorInvalidValue, "has 0 threads");
  expect_rejected(dim3(1), dim3(1025), 0, cudaErrorInvalidValue, "1 to 1024");
  expect_rejected(dim3(1), dim3(32, 33), 0, cudaErrorInvalidValue, "1056 threads");
  expect_rejected(dim3(1), dim3(1, 1, 65), 0, cudaErrorInvalidValue, "(1024,1024,64)");
}

TEST_CASE("grid sizes outside the device limits are invalid values (CUDA 13; CUDA 12: invalid configurations)") {
  expect_rejected(dim3(0), dim3(1), 0, cudaErrorInvalidValue, "grid (0,1,1)");
  expect_rejected(dim3(2147483648u), dim3(1), 0, cudaErrorInvalidValue, "2147483647");
  expect_rejected(dim3(1, 65536), dim3(1), 0, cudaErrorInvalidValue, "65535");
  expect_rejected(dim3(1, 1, 65536), dim3(1), 0, cudaErrorInvalidValue, "65535");
}

TEST_CASE("dynamic shared memory over 48 KiB needs the opt-in attribute, up to the device maximum") {
  expect_rejected(dim3(1), dim3(1), 48 * 1024 + 1, cudaErrorInvalidValue, "limit of 49152");
  CHECK(cudaFuncSetAttribute(mark, cudaFuncAttributeMaxDynamicSharedMemorySize, 232448 + 1) == cudaErrorInvalidValue);
  cudaGetLastError();
  REQUIRE(cudaFuncSetAttribute(mark, cudaFuncAttributeMaxDynamicSharedMemorySize, 100 * 1024) == cudaSuccess);
  {
    cusim_test::ManagedArray<int> flag(1, 0);
    CHECK(cusim::launch(mark, dim3(1), dim3(1), std::size_t(100 * 1024), flag.get()) == cudaSuccess);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(flag[0] == 1);
  }
  expect_rejected(dim3(1), dim3(1), 100 * 1024 + 1, cudaErrorInvalidValue, "raised to 102400");
  // The opt-in belongs to the kernel: it outlives cudaDeviceReset, as on CUDA (measured on an
  // H100 by examples/launch_limits under tools/differential).
  cudaDeviceReset();
  {
    cusim_test::ManagedArray<int> flag(1, 0);
    CHECK(cusim::launch(mark, dim3(1), dim3(1), std::size_t(100 * 1024), flag.get()) == cudaSuccess);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(flag[0] == 1);
  }
  REQUIRE(cudaFuncSetAttribute(mark, cudaFuncAttributeMaxDynamicSharedMemorySize, 48 * 1024) == cudaSuccess);
  expect_rejected(dim3(1), dim3(1), 48 * 1024 + 1, cudaErrorInvalidValue, "49153 dynamic");
}

__global__ void big_static(int* out) {
  CUSIM_SHARED(char, big, [40 * 1024]);
  big[threadIdx.x] = 1;
  out[0] = big[0];
}

#if CUSIM_SIMULATOR  // the simulator learns static shared sizes as declarations run; its findings
TEST_CASE("static plus dynamic shared memory over the limit fails the launch and writes nothing") {
  cusim_test::FindingsGuard guard;
  cusim_test::ManagedArray<int> out(1, 0);
  // The simulator learns the static size when the declaration first runs: the first launch
  // fails there and the error surfaces at the next synchronising call; it is not sticky.
  CHECK(cusim::launch(big_static, dim3(4), dim3(32), std::size_t(16 * 1024), out.get()) == cudaSuccess);
  CHECK(cudaDeviceSynchronize() == cudaErrorInvalidValue);
  CHECK(out[0] == 0);
  auto f = cusim::findings();
  REQUIRE(f.size() == 1);
  CHECK(f[0].kind == "shared-memory-limit");
  CHECK(f[0].text.find("'big'") != std::string::npos);
  CHECK(f[0].text.find("launch_test.cpp:") != std::string::npos);
  CHECK(cudaGetLastError() == cudaErrorInvalidValue);
  CHECK(cudaGetLastError() == cudaSuccess);
  // Within the limit it runs; afterwards the static size is known before launching.
  CHECK(cusim::launch(big_static, dim3(1), dim3(32), std::size_t(8 * 1024), out.get()) == cudaSuccess);
  CHECK(cudaDeviceSynchronize() == cudaSuccess);
  CHECK(out[0] == 1);
  out[0] = 0;
  CHECK(cusim::launch(big_static, dim3(1), dim3(32), std::size_t(16 * 1024), out.get()) == cudaErrorInvalidValue);
  CHECK(out[0] == 0);
  CHECK(cusim::findings().back().kind == "invalid-launch");
}
#endif

struct Pair {
  int a;
  double b;
};
__global__ void take_args(double* out, Pair p, float f, char c, unsigned long long big) {
  out[threadIdx.x] = p.a + p.b + f + c + static_cast<double>(big);
}

TEST_CASE("arguments are copied at launch and converted to the parameter types") {
  cusim_test::ManagedArray<double> out(2, 0);
  Pair p{3, 0.25};
  int small = 2;  // converts to float
  REQUIRE(cusim::launch(take_args, dim3(1), dim3(2), out.get(), p, small, 'A', 1ull << 40) == cudaSuccess);
  REQUIRE(cusim::launch(take_args, dim3(1), dim3(1), 0, out.get(), p, 1.5f, 'A', 0ull) == cudaSuccess);
  REQUIRE(cusim::launch(take_args, dim3(1), dim3(1), 0, 0, out.get(), p, 1.5f, 'A', 0ull) == cudaSuccess);
  p.a = 1000;  // the launches copied their arguments
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  CHECK(out[0] == doctest::Approx(3 + 0.25 + 1.5 + 65));
  CHECK(out[1] == doctest::Approx(3 + 0.25 + 2 + 65 + double(1ull << 40)));
}

__global__ void index_1d(int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = i * 3;
}
__global__ void index_2d(int* out, int w, int h) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) out[y * w + x] = x * 1000 + y;
}

TEST_CASE("index arithmetic in 1-D and 2-D grids with odd sizes covers every element once") {
  for (auto schedule : cusim_test::all_schedules()) {
    cusim_test::ScopedSchedule s(schedule);
    const int n = 1001;
    cusim_test::ManagedArray<int> a(n, -1);
    REQUIRE(cusim::launch(index_1d, dim3((n + 127) / 128), dim3(128), a.get(), n) == cudaSuccess);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < n; ++i) CHECK(a[i] == i * 3);
    const int w = 37, h = 23;
    cusim_test::ManagedArray<int> b(w * h, -1);
    REQUIRE(cusim::launch(index_2d, dim3((w + 7) / 8, (h + 5) / 6), dim3(8, 6), b.get(), w, h) == cudaSuccess);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) CHECK(b[y * w + x] == x * 1000 + y);
  }
}
