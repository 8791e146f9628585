// A __shared__ array declared in a __device__ function that a kernel calls: every thread of a
// block sees the same array, as in CUDA.
// EXPECT: histogram: ok
#include "check.cuh"

__device__ void count_into_block_histogram(const int* values, int n, int* global_bins) {
  __shared__ int bins[16];
  if (threadIdx.x < 16) bins[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) atomicAdd(&bins[values[i] % 16], 1);
  __syncthreads();
  if (threadIdx.x < 16) atomicAdd(&global_bins[threadIdx.x], bins[threadIdx.x]);
}

__global__ void histogram(const int* values, int n, int* bins) { count_into_block_histogram(values, n, bins); }

int main() {
  const int n = 1000;
  int *values, *bins;
  CHECK_CUDA(cudaMallocManaged(&values, n * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&bins, 16 * sizeof(int)));
  for (int i = 0; i < n; ++i) values[i] = i * 3;
  CHECK_CUDA(cudaMemset(bins, 0, 16 * sizeof(int)));
  histogram<<<4, 64>>>(values, n, bins);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int b = 0; b < 16; ++b) {
    int want = 0;
    for (int i = 0; i < n; ++i) want += (i * 3) % 16 == b;
    wrong += bins[b] != want;
  }
  report("histogram", wrong, 0);
  return 0;
}
