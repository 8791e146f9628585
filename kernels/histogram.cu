#include "histogram.hpp"

#include "launch_config.hpp"

namespace cusim::kernels {

namespace {
constexpr unsigned kThreads = 256;
}

__global__ void histogram_global_kernel(const int* values, int n, unsigned int* hist) {
  const int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) atomicAdd(&hist[values[i]], 1u);
}

__global__ void histogram_shared_kernel(const int* values, int n, unsigned int* hist, int bins) {
  CUSIM_EXTERN_SHARED(unsigned int, local);
  for (int b = threadIdx.x; b < bins; b += blockDim.x) local[b] = 0;
  __syncthreads();  // every bin is zero before any thread counts into it
  const int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) atomicAdd(&local[values[i]], 1u);
  __syncthreads();  // the block's counting is done before its bins are read
  for (int b = threadIdx.x; b < bins; b += blockDim.x)
    if (local[b] != 0) atomicAdd(&hist[b], local[b]);
}

cudaError_t histogram_global(const int* values, int n, unsigned int* hist, int bins, cudaStream_t stream) {
  if (cudaError_t e = cudaMemsetAsync(hist, 0, bins * sizeof(unsigned int), stream); e != cudaSuccess) return e;
  if (n <= 0) return cudaSuccess;
  return cusim::launch(histogram_global_kernel, dim3(grid_stride_blocks(n, kThreads)), dim3(kThreads), 0, stream,
                       values, n, hist);
}

cudaError_t histogram_shared(const int* values, int n, unsigned int* hist, int bins, cudaStream_t stream) {
  if (cudaError_t e = cudaMemsetAsync(hist, 0, bins * sizeof(unsigned int), stream); e != cudaSuccess) return e;
  if (n <= 0) return cudaSuccess;
  // Few blocks (each clears and flushes all bins once) but enough to fill the device.
  return cusim::launch(histogram_shared_kernel, dim3(grid_stride_blocks(n, kThreads, 2)), dim3(kThreads),
                       bins * sizeof(unsigned int), stream, values, n, hist, bins);
}

}  // namespace cusim::kernels
