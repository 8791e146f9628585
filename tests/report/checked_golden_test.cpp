// Golden texts of the checkers' findings (checked build): one kernel per kind, its finding
// compared with tests/golden/<kind>.txt, which docs/CHECKS.md quotes. Regenerate after an intended
// change of wording or of this file's line numbers with
//   CUSIM_QUIET=1 CUSIM_UPDATE_GOLDEN=1 ./build/tests/test_report_checked_golden
#include <doctest/doctest.h>

#include <cusim/cusim.hpp>

#include "report/golden_support.hpp"

__global__ void past_the_end(float* a, [[maybe_unused]] int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = 2.0f * i;  // no `if (i < n)`: the last block runs past n
}
__global__ void misaligned(const char* bytes, float* out) {
  out[threadIdx.x] = *reinterpret_cast<const float*>(bytes + 1 + 4 * threadIdx.x);
}
__global__ void after_free(const int* freed, int* out) { out[threadIdx.x] = freed[threadIdx.x]; }
__global__ void host_pointer(int* host) { host[threadIdx.x] = 1; }
__global__ void raw(float* out) {
  CUSIM_SHARED(float, tile, [64]);
  tile[threadIdx.x] = static_cast<float>(threadIdx.x);
  out[threadIdx.x] = tile[63 - threadIdx.x];  // no __syncthreads() before reading others' writes
}
__global__ void war(float* out, int steps) {
  CUSIM_SHARED(float, buf, [64]);
  float sum = 0;
  for (int s = 0; s < steps; ++s) {
    buf[threadIdx.x] = static_cast<float>(s + threadIdx.x);
    __syncthreads();
    sum += buf[(threadIdx.x + 1) % 64];  // read, and next step's write races with it
  }
  out[threadIdx.x] = sum;
}
__global__ void waw(int* out) { out[0] = static_cast<int>(blockIdx.x); }
__global__ void atomic_vs_plain(int* count, int* seen) {
  atomicAdd(count, 1);
  if (threadIdx.x == 0 && blockIdx.x == 1) seen[0] = *count;
}
__global__ void reads_unwritten(const float* in, float* out) { out[threadIdx.x] = in[threadIdx.x] + 1.0f; }

TEST_CASE("golden: each checker finding renders exactly as documented") {
  check_golden("out-of-bounds", cudaErrorIllegalAddress, [] {
    float* a = nullptr;
    cudaMalloc(&a, 100 * sizeof(float));
    return cusim::launch(past_the_end, dim3(2), dim3(64), a, 100);
  });
  check_golden("misaligned-access", cudaErrorMisalignedAddress, [] {
    char* bytes = nullptr;
    float* out = nullptr;
    cudaMalloc(&bytes, 256);
    cudaMemset(bytes, 0, 256);
    cudaMalloc(&out, 32 * sizeof(float));
    return cusim::launch(misaligned, dim3(1), dim3(32), bytes, out);
  });
  check_golden("use-after-free", cudaErrorIllegalAddress, [] {
    int *freed = nullptr, *out = nullptr;
    cudaMalloc(&freed, 32 * sizeof(int));
    cudaMalloc(&out, 32 * sizeof(int));
    cudaFree(freed);
    return cusim::launch(after_free, dim3(1), dim3(32), freed, out);
  });
  check_golden("wild-access", cudaErrorIllegalAddress, [] {
    return cusim::launch(host_pointer, dim3(1), dim3(1), reinterpret_cast<int*>(0x1000));
  });
  // A racy read may also read what nothing wrote yet: racecheck alone, for one finding.
  check_golden("race-raw", cudaSuccess, [] {
    cusim::settings().checks = cusim::Checks::racecheck;
    float* out = nullptr;
    cudaMalloc(&out, 64 * sizeof(float));
    return cusim::launch(raw, dim3(1), dim3(64), out);
  });
  check_golden("race-war", cudaSuccess, [] {
    cusim::settings().checks = cusim::Checks::racecheck;
    float* out = nullptr;
    cudaMalloc(&out, 64 * sizeof(float));
    return cusim::launch(war, dim3(1), dim3(64), out, 2);
  });
  check_golden("race-waw", cudaSuccess, [] {
    int* out = nullptr;
    cudaMalloc(&out, sizeof(int));
    return cusim::launch(waw, dim3(2), dim3(1), out);
  });
  check_golden("race-atomic", cudaSuccess, [] {
    int *count = nullptr, *seen = nullptr;
    cudaMalloc(&count, sizeof(int));
    cudaMalloc(&seen, sizeof(int));
    cudaMemset(count, 0, sizeof(int));
    return cusim::launch(atomic_vs_plain, dim3(2), dim3(1), count, seen);
  });
  check_golden("uninitialized-read", cudaSuccess, [] {
    float *in = nullptr, *out = nullptr;
    cudaMalloc(&in, 32 * sizeof(float));
    cudaMalloc(&out, 32 * sizeof(float));
    return cusim::launch(reads_unwritten, dim3(1), dim3(32), in, out);
  });
}

// A spin on another block's flag that comes only after that block's own wait (checked build: the
// hooks see the polls).
__global__ void handshake(int* flags) {
  if (threadIdx.x != 0) return;
  while (atomicAdd(&flags[1 - blockIdx.x], 0) == 0) {
  }
  atomicExch(&flags[blockIdx.x], 1);
}
// The same wait with an iteration limit: it gives up, and the other block then goes on.
__global__ void bounded_handshake(int* flags) {
  if (threadIdx.x != 0) return;
  for (int tries = 0; atomicAdd(&flags[1 - blockIdx.x], 0) == 0 && tries < 100000; ++tries) {
  }
  atomicExch(&flags[blockIdx.x], 1);
}

TEST_CASE("golden: spins that cannot end") {
  check_golden(
      "deadlock", cudaErrorLaunchTimeout,
      [] {
        int* flags = nullptr;
        cudaMalloc(&flags, 2 * sizeof(int));
        cudaMemset(flags, 0, 2 * sizeof(int));
        return cusim::launch(handshake, dim3(2), dim3(32), flags);
      },
      "deadlock-spin");
  check_golden("spin-wait-stalled", cudaSuccess, [] {
    int* flags = nullptr;
    cudaMalloc(&flags, 2 * sizeof(int));
    cudaMemset(flags, 0, 2 * sizeof(int));
    return cusim::launch(bounded_handshake, dim3(2), dim3(32), flags);
  });
}
