// Planted bugs on __device__ and __constant__ variables of a CUDA source (translated: the
// translator puts a guard after each variable and registers it, sim/memory/static_variables.hpp):
// accesses past a variable's end, and kernels' writes to constant memory, which a GPU traps. Each
// must be reported with its kind and line under every configuration, end the launch, and vanish
// with memcheck off; the clean kernels beside them must report nothing.
#include <doctest/doctest.h>

#include <cstring>
#include <vector>

#include "check/check_support.hpp"

using check_test::DeviceArray;
using check_test::expect_clean_everywhere;
using check_test::expect_planted;
using check_test::launch_sync;

// ---- out-of-bounds ---------------------------------------------------------------------------------

// A histogram in a __device__ array whose keys run to the bin count itself: the last key's
// atomicAdd lands one past the last bin (in the guard after the array, not in `g_total`).
__device__ unsigned g_bins[16];
__device__ unsigned g_total;
__global__ void histogram_one_bin_short(const int* keys) {
  atomicAdd(&g_bins[keys[threadIdx.x]], 1u);  // @oob-device-bins
  atomicAdd(&g_total, 1u);
}

TEST_CASE("out-of-bounds: a __device__ histogram indexed by a key equal to its bin count") {
  expect_planted({{"out-of-bounds", "oob-device-bins", "global"}}, [] {
    std::vector<int> keys(32);
    for (int i = 0; i < 32; ++i) keys[i] = i % 17;
    DeviceArray<int> k(32, keys);
    return launch_sync(histogram_one_bin_short, dim3(1), dim3(32), k.get());
  });
}

// A static, initialised lookup table read with an index one past its end (`<=` in the loop).
static __device__ int g_primes[8] = {2, 3, 5, 7, 11, 13, 17, 19};
__global__ void sum_primes(int* out, int n) {
  int s = 0;
  for (int i = 0; i <= n; ++i) s += g_primes[i];  // @oob-device-table
  out[threadIdx.x] = s;
}

TEST_CASE("out-of-bounds: a static __device__ table read one past its end") {
  expect_planted({{"out-of-bounds", "oob-device-table", "global"}}, [] {
    DeviceArray<int> out(32);
    return launch_sync(sum_primes, dim3(1), dim3(32), out.get(), 8);
  });
}

// Filter taps in constant memory, read with a window one tap too wide.
__constant__ float c_taps[5];
__global__ void convolve_wide(const float* in, float* out, int taps) {
  float s = 0.f;
  for (int k = 0; k < taps; ++k) s += c_taps[k] * in[threadIdx.x + k];  // @oob-constant-taps
  out[threadIdx.x] = s;
}

TEST_CASE("out-of-bounds: a __constant__ filter read one tap past its end") {
  const float taps[5] = {0.1f, 0.2f, 0.4f, 0.2f, 0.1f};
  expect_planted({{"out-of-bounds", "oob-constant-taps", "global"}}, [&] {
    REQUIRE(cudaMemcpyToSymbol(c_taps, taps, sizeof taps) == cudaSuccess);
    DeviceArray<float> in(40, std::vector<float>(40, 1.f)), out(32);
    return launch_sync(convolve_wide, dim3(1), dim3(32), in.get(), out.get(), 6);
  });
}

// ---- constant-memory-write -------------------------------------------------------------------------

// A kernel that normalises its own coefficients in constant memory (the host should have).
__constant__ float c_weights[32];
__global__ void normalise_weights_in_place(float total) {
  c_weights[threadIdx.x] = c_weights[threadIdx.x] / total;  // @const-write-direct
}

TEST_CASE("constant-memory-write: a kernel normalises __constant__ weights in place") {
  expect_planted({{"constant-memory-write", "const-write-direct", "global"}}, [] {
    std::vector<float> w(32, 2.f);
    REQUIRE(cudaMemcpyToSymbol(c_weights, w.data(), 32 * sizeof(float)) == cudaSuccess);
    return launch_sync(normalise_weights_in_place, dim3(1), dim3(32), 64.f);
  });
}

// The same write through a pointer that casts the constness away (a helper taking float*).
__device__ void scale_in_place(float* v, float k) { *v *= k; }  // @const-write-helper
__global__ void scale_weights(float k) { scale_in_place(&c_weights[threadIdx.x], k); }

TEST_CASE("constant-memory-write: a device function scales a __constant__ weight through a pointer") {
  expect_planted({{"constant-memory-write", "const-write-helper", "global"}}, [] {
    std::vector<float> w(32, 2.f);
    REQUIRE(cudaMemcpyToSymbol(c_weights, w.data(), 32 * sizeof(float)) == cudaSuccess);
    return launch_sync(scale_weights, dim3(1), dim3(32), 0.5f);
  });
}

// Parameters copied into constant memory by a kernel with memcpy (cudaMemcpyToSymbol is the way).
struct Params {
  float scale, offset;
  int steps, pad;
};
__constant__ Params c_params;
__global__ void load_params(const Params* from) {
  if (threadIdx.x == 0) memcpy(&c_params, from, sizeof(Params));  // @const-write-memcpy
}

TEST_CASE("constant-memory-write: a kernel fills a __constant__ struct with memcpy") {
  expect_planted({{"constant-memory-write", "const-write-memcpy", "global"}}, [] {
    DeviceArray<Params> from(1, std::vector<Params>{Params{2.f, 1.f, 3, 0}});
    return launch_sync(load_params, dim3(1), dim3(32), from.get());
  });
}

// ---- their correct neighbours ----------------------------------------------------------------------

// Every bin of a __device__ histogram, the last one included, and the variable after it.
__global__ void histogram_in_bounds(const int* keys) {
  atomicAdd(&g_bins[keys[threadIdx.x]], 1u);
  atomicAdd(&g_total, 1u);
}
__global__ void read_bins(unsigned* out) { out[threadIdx.x] = g_bins[threadIdx.x % 16] + (threadIdx.x == 0 ? g_total : 0); }

TEST_CASE("clean: a __device__ histogram filled to its last bin, read back by a kernel and the host") {
  expect_clean_everywhere([] {
    const unsigned zero[16] = {};
    const unsigned none = 0;
    REQUIRE(cudaMemcpyToSymbol(g_bins, zero, sizeof zero) == cudaSuccess);
    REQUIRE(cudaMemcpyToSymbol(g_total, &none, sizeof none) == cudaSuccess);
    std::vector<int> keys(32);
    for (int i = 0; i < 32; ++i) keys[i] = i % 16;
    DeviceArray<int> k(32, keys);
    DeviceArray<unsigned> out(32);
    cudaError_t e = launch_sync(histogram_in_bounds, dim3(1), dim3(32), k.get());
    if (e == cudaSuccess) e = launch_sync(read_bins, dim3(1), dim3(32), out.get());
    unsigned bins[16] = {};
    REQUIRE(cudaMemcpyFromSymbol(bins, g_bins, sizeof bins) == cudaSuccess);
    for (unsigned b : bins) CHECK(b == 2u);
    CHECK(out.download()[0] == 2u + 32u);
    return e;
  });
}

// Constant memory written by the host, read by every thread, the last tap included.
__global__ void convolve(const float* in, float* out) {
  float s = 0.f;
  for (int k = 0; k < 5; ++k) s += c_taps[k] * in[threadIdx.x + k];
  out[threadIdx.x] = s + c_params.scale * static_cast<float>(c_params.steps);
}

TEST_CASE("clean: __constant__ taps and parameters written by cudaMemcpyToSymbol, read by every thread") {
  expect_clean_everywhere([] {
    const float taps[5] = {0.1f, 0.2f, 0.4f, 0.2f, 0.1f};
    const Params p{2.f, 0.f, 3, 0};
    REQUIRE(cudaMemcpyToSymbol(c_taps, taps, sizeof taps) == cudaSuccess);
    REQUIRE(cudaMemcpyToSymbol(c_params, &p, sizeof p) == cudaSuccess);
    DeviceArray<float> in(40, std::vector<float>(40, 1.f)), out(32);
    const cudaError_t e = launch_sync(convolve, dim3(1), dim3(32), in.get(), out.get());
    for (float v : out.download()) CHECK(v == doctest::Approx(1.f + 6.f));
    return e;
  });
}
