// A histogram of 1<<20 random values in [0, 256) two ways (seeds 002 and 004), each checked
// against a CPU histogram:
//   - global atomics: every thread does atomicAdd(&hist[value], 1) in global memory;
//   - shared atomics: each block counts into its own 256-bin histogram in shared memory, then
//     adds its bins to the global histogram (256 global atomics per block instead of 256 per bin).
// The output array is zeroed with cudaMemset before each run. The last part leaves the
// cudaMemset out between two runs, as the seed's notebook did when it printed "Oh no!": every
// bin then holds twice the CPU's count.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "cuda_check.hpp"

constexpr int BINS = 256;

__global__ void histogram_global(const int* input, int* hist, int n) {
  const int item = blockIdx.x * blockDim.x + threadIdx.x;
  if (item < n) atomicAdd(&hist[input[item]], 1);
}

__global__ void histogram_shared(const int* input, int* hist, int n) {
  __shared__ int temp[BINS];
  const int item = blockIdx.x * blockDim.x + threadIdx.x;
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) temp[b] = 0;
  __syncthreads();  // every bin is zero before any thread counts
  if (item < n) atomicAdd(&temp[input[item]], 1);
  __syncthreads();  // every thread of the block has counted before the bins are added up
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) atomicAdd(&hist[b], temp[b]);
}

// Copies the device histogram back (after waiting for the kernel) and counts the bins that differ
// from `factor` times the CPU's.
int compare(const int* d_hist, const std::vector<int>& cpu, int factor) {
  CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<int> gpu(BINS);
  CUDA_CHECK(cudaMemcpy(gpu.data(), d_hist, BINS * sizeof(int), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int b = 0; b < BINS; ++b) wrong += gpu[b] != factor * cpu[b];
  return wrong;
}

int main() {
  const int n = 1 << 20;
  std::vector<int> input(n);
  unsigned int state = 12345u;  // a fixed seed: the same input on every run and every machine
  for (int i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u;
    input[i] = static_cast<int>(state >> 24);  // the top 8 bits: 0..255
  }
  std::vector<int> cpu(BINS, 0);
  for (int v : input) ++cpu[v];

  int *d_input = nullptr, *d_hist = nullptr;
  CUDA_CHECK(cudaMalloc(&d_input, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_hist, BINS * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_input, input.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  const int threads = 256, blocks = (n + threads - 1) / threads;

  CUDA_CHECK(cudaMemset(d_hist, 0, BINS * sizeof(int)));
  histogram_global<<<blocks, threads>>>(d_input, d_hist, n); CUDA_CHECK(cudaGetLastError());
  const int wrong_global = compare(d_hist, cpu, 1);

  CUDA_CHECK(cudaMemset(d_hist, 0, BINS * sizeof(int)));
  histogram_shared<<<blocks, threads>>>(d_input, d_hist, n); CUDA_CHECK(cudaGetLastError());
  const int wrong_shared = compare(d_hist, cpu, 1);

  // Both kernels again, with no cudaMemset between them: the counts add up.
  CUDA_CHECK(cudaMemset(d_hist, 0, BINS * sizeof(int)));
  histogram_global<<<blocks, threads>>>(d_input, d_hist, n); CUDA_CHECK(cudaGetLastError());
  histogram_shared<<<blocks, threads>>>(d_input, d_hist, n); CUDA_CHECK(cudaGetLastError());
  const int wrong_doubled = compare(d_hist, cpu, 2);

  std::printf("histogram of %d values in %d bins (bin 0: %d, bin 255: %d)\n", n, BINS, cpu[0], cpu[BINS - 1]);
  std::printf("global atomics: %d bins wrong\n", wrong_global);
  std::printf("shared atomics: %d bins wrong\n", wrong_shared);
  std::printf("no cudaMemset between two runs: %d of %d bins hold twice the count\n", BINS - wrong_doubled, BINS);

  CUDA_CHECK(cudaFree(d_input));
  CUDA_CHECK(cudaFree(d_hist));
  return wrong_global == 0 && wrong_shared == 0 && wrong_doubled == 0 ? 0 : 1;
}
