// Constant memory (seed 004): a `__constant__` array of one factor per block, filled from the host
// with cudaMemcpyToSymbol. Every thread of block b computes C[i] = (A[i] + B[i]) * factors[b]:
// all threads of a block read the same constant, which the GPU's constant cache broadcasts.
// The factors are read back with cudaMemcpyFromSymbol, then one of them is replaced through
// cudaMemcpyToSymbol's offset argument and the kernel is run again.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "cuda_check.hpp"

constexpr int BLOCKS = 8;
constexpr int THREADS = 256;

__constant__ float factors[BLOCKS];

__global__ void sum_and_multiply(const float* a, const float* b, float* c, int size) {
  const int item = blockIdx.x * blockDim.x + threadIdx.x;
  if (item < size) c[item] = (a[item] + b[item]) * factors[blockIdx.x];
}

// Runs the kernel, copies C back and counts the elements that differ from the host's result.
int run_and_check(const float* d_a, const float* d_b, float* d_c, const std::vector<float>& a,
                  const std::vector<float>& b, const float* host_factors, int size) {
  sum_and_multiply<<<BLOCKS, THREADS>>>(d_a, d_b, d_c, size); CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<float> c(size);
  CUDA_CHECK(cudaMemcpy(c.data(), d_c, size * sizeof(float), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < size; ++i) wrong += c[i] != (a[i] + b[i]) * host_factors[i / THREADS];
  return wrong;
}

int main() {
  const int size = BLOCKS * THREADS;
  std::vector<float> a(size), b(size);
  for (int i = 0; i < size; ++i) {
    a[i] = static_cast<float>(i % 97) * 0.5f;
    b[i] = static_cast<float>(i % 13) - 6.0f;
  }
  float host_factors[BLOCKS];
  for (int k = 0; k < BLOCKS; ++k) host_factors[k] = 0.25f * static_cast<float>(k + 1);

  float *d_a = nullptr, *d_b = nullptr, *d_c = nullptr;
  CUDA_CHECK(cudaMalloc(&d_a, size * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_b, size * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_c, size * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_a, a.data(), size * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_b, b.data(), size * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpyToSymbol(factors, host_factors, sizeof(host_factors)));

  float read_back[BLOCKS];
  CUDA_CHECK(cudaMemcpyFromSymbol(read_back, factors, sizeof(read_back)));
  const bool same = std::memcmp(read_back, host_factors, sizeof(read_back)) == 0;

  const int wrong_first = run_and_check(d_a, d_b, d_c, a, b, host_factors, size);

  // Replace factors[3] alone: 4 bytes at offset 3 * sizeof(float).
  host_factors[3] = -2.0f;
  CUDA_CHECK(cudaMemcpyToSymbol(factors, &host_factors[3], sizeof(float), 3 * sizeof(float)));
  const int wrong_second = run_and_check(d_a, d_b, d_c, a, b, host_factors, size);

  std::printf("factors read back with cudaMemcpyFromSymbol: %s (", same ? "match" : "DIFFER");
  for (int k = 0; k < BLOCKS; ++k) std::printf(k ? " %g" : "%g", read_back[k]);
  std::printf(")\n");
  std::printf("constant memory: %d blocks x %d threads, %d wrong; after updating factors[3]: %d wrong\n", BLOCKS,
              THREADS, wrong_first, wrong_second);

  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_b));
  CUDA_CHECK(cudaFree(d_c));
  return same && wrong_first == 0 && wrong_second == 0 ? 0 : 1;
}
