// Shared memory (static and dynamic), constant and __device__ variables, printf from kernels.
#include <doctest/doctest.h>

#include <cstdio>
#include <cusim/cusim.hpp>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <unistd.h>

#include "test_support.hpp"

__global__ void reverse_dynamic(const float* in, float* out) {
  CUSIM_EXTERN_SHARED(float, buf);
  CUSIM_EXTERN_SHARED(float, alias);  // every extern __shared__ array starts at the same address
  const unsigned t = threadIdx.x, n = blockDim.x, base = blockIdx.x * n;
  buf[t] = in[base + t];
  __syncthreads();
  out[base + t] = alias[n - 1 - t];
}

TEST_CASE("dynamic shared memory is sized at launch and shared by the block") {
  for (unsigned n : {1u, 33u, 300u, 1024u}) {
    cusim_test::ManagedArray<float> in(3 * n), out(3 * n, -1.0f);
    for (unsigned i = 0; i < 3 * n; ++i) in[i] = static_cast<float>(i);
    REQUIRE(cusim::launch(reverse_dynamic, dim3(3), dim3(n), n * sizeof(float), in.get(), out.get()) == cudaSuccess);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (unsigned b = 0; b < 3; ++b)
      for (unsigned t = 0; t < n; ++t) CHECK(out[b * n + t] == static_cast<float>(b * n + n - 1 - t));
  }
}

__global__ void static_shared_separate(int* out) {
  CUSIM_SHARED(int, a, [64]);
  CUSIM_SHARED(double, b, [3][5]);
  CUSIM_SHARED(int, scalar);
  const unsigned t = threadIdx.x;
  a[t] = static_cast<int>(t);
  if (t < 15) b[t / 5][t % 5] = t * 0.5;
  if (t == 0) scalar = 1000 + static_cast<int>(blockIdx.x);
  __syncthreads();
  out[blockIdx.x * 64 + t] = a[63 - t] + (t < 15 ? static_cast<int>(b[t / 5][t % 5] * 2) : 0) + scalar;
}

TEST_CASE("static shared variables are distinct per variable and per block") {
  cusim_test::ScopedWorkers two(2);
  cusim_test::ManagedArray<int> out(8 * 64);
  REQUIRE(cusim::launch(static_shared_separate, dim3(8), dim3(64), out.get()) == cudaSuccess);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  for (unsigned b = 0; b < 8; ++b)
    for (unsigned t = 0; t < 64; ++t)
      CHECK(out[b * 64 + t] == int(63 - t) + (t < 15 ? int(t) : 0) + 1000 + int(b));
}

__constant__ float coefficients[8];
__device__ int device_counter;

__global__ void polynomial(const float* x, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float acc = 0.0f;
  for (int k = 7; k >= 0; --k) acc = acc * x[i] + coefficients[k];
  y[i] = acc;
  atomicAdd(&device_counter, 1);
}

TEST_CASE("constant memory and __device__ variables are filled and read with the symbol copies") {
  const float host_coeffs[8] = {1, -2, 0.5f, 0, 0, 0, 0, 0.25f};
  REQUIRE(cudaMemcpyToSymbol(coefficients, host_coeffs, sizeof host_coeffs) == cudaSuccess);
  const int zero = 0;
  REQUIRE(cudaMemcpyToSymbol(device_counter, &zero, sizeof zero) == cudaSuccess);
  const int n = 77;
  cusim_test::ManagedArray<float> x(n), y(n);
  for (int i = 0; i < n; ++i) x[i] = 0.1f * static_cast<float>(i - 30);
  REQUIRE(cusim::launch(polynomial, dim3(3), dim3(32), x.get(), y.get(), n) == cudaSuccess);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  for (int i = 0; i < n; ++i) {
    const double v = x[i];
    const double expected = 1 - 2 * v + 0.5 * v * v + 0.25 * v * v * v * v * v * v * v;
    CHECK(y[i] == doctest::Approx(expected).epsilon(1e-4));
  }
  int count = -1;
  REQUIRE(cudaMemcpyFromSymbol(&count, device_counter, sizeof count) == cudaSuccess);
  CHECK(count == n);
  float part[2] = {0, 0};
  REQUIRE(cudaMemcpyFromSymbol(part, coefficients, sizeof part, 6 * sizeof(float)) == cudaSuccess);
  CHECK(part[1] == 0.25f);
  // Past the end of the symbol: refused, nothing copied.
  CHECK(cudaMemcpyToSymbol(coefficients, host_coeffs, sizeof host_coeffs, sizeof(float)) == cudaErrorInvalidValue);
  CHECK(cudaGetLastError() == cudaErrorInvalidValue);
}

__global__ void hello() { printf("Hello from block %u, thread %u\n", blockIdx.x, threadIdx.x); }

// Runs `body` with stdout redirected to a file and returns what it printed.
template <class F>
std::string capture_stdout(F body) {
  char path[] = "/tmp/cusim_printf_XXXXXX";
  const int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  std::fflush(stdout);
  const int saved = dup(1);
  dup2(fd, 1);
  body();
  std::fflush(stdout);
  dup2(saved, 1);
  close(saved);
  close(fd);
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  std::remove(path);
  return ss.str();
}

TEST_CASE("printf from 2 blocks x 5 threads prints every line once") {
  for (unsigned workers : {1u, 2u}) {
    cusim_test::ScopedWorkers s(workers);
    const std::string out = capture_stdout([] {
      REQUIRE(cusim::launch(hello, dim3(2), dim3(5)) == cudaSuccess);
      REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    });
    std::multiset<std::string> lines;
    std::istringstream is(out);
    for (std::string line; std::getline(is, line);) lines.insert(line);
    CHECK(lines.size() == 10);
    for (unsigned b = 0; b < 2; ++b)
      for (unsigned t = 0; t < 5; ++t)
        CHECK(lines.count("Hello from block " + std::to_string(b) + ", thread " + std::to_string(t)) == 1);
  }
}

// CUDA's vector types: a float4 is one 16-byte access, a float2 one 8-byte access; the layout must
// match CUDA's so that the same reinterpret_casts work on both backends.
__global__ void scale_float4(const float4* in, float4* out, float2* firsts, int n4) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n4) return;
  const float4 v = in[i];
  out[i] = make_float4(v.x * 2.f, v.y * 2.f, v.z * 2.f, v.w * 2.f);
  firsts[i] = make_float2(v.x, v.w);
}

TEST_CASE("vector types: float4 and float2 have CUDA's layout and round-trip through kernels") {
  static_assert(sizeof(float4) == 16 && alignof(float4) == 16 && sizeof(int2) == 8 && alignof(int2) == 8);
  static_assert(sizeof(uchar4) == 4 && sizeof(double2) == 16 && sizeof(uint3) == 12 && sizeof(short4) == 8);
  const int n4 = 37;  // not a multiple of the block
  cusim_test::ManagedArray<float> in(4 * n4), out(4 * n4, -1.f), firsts(2 * n4, -1.f);
  for (int i = 0; i < 4 * n4; ++i) in[i] = static_cast<float>(i) + 0.5f;
  REQUIRE(cusim::launch(scale_float4, dim3(2), dim3(32), reinterpret_cast<const float4*>(in.get()),
                        reinterpret_cast<float4*>(out.get()), reinterpret_cast<float2*>(firsts.get()), n4) == cudaSuccess);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  for (int i = 0; i < 4 * n4; ++i) CHECK(out[i] == in[i] * 2.f);
  for (int i = 0; i < n4; ++i) {
    CHECK(firsts[2 * i] == in[4 * i]);
    CHECK(firsts[2 * i + 1] == in[4 * i + 3]);
  }
}
