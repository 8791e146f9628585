// Sum reductions of n floats into *out, three ways:
//   reduce_sum_tree:   each block sums into shared memory and halves the active threads per step
//                      (a barrier between steps); a second one-block launch sums the block results.
//   reduce_sum_warp:   each warp sums with __shfl_down_sync, one value per warp goes through shared
//                      memory, and the first warp sums those; two launches as above.
//   reduce_sum_atomic: a shared-memory tree per block, then one atomicAdd per block into *out:
//                      one launch, but the order of the additions (and so the last bits) varies.
// Every thread first adds up its elements with a grid-stride loop, so the grid stays small.
// The two-pass helpers allocate the block results and free them, which synchronises the device.
#pragma once
#include <cusim/cusim.hpp>

namespace cusim::kernels {

// out[blockIdx.x] = sum of the elements the block's threads visit. blockDim.x: a power of two, <= 1024.
__global__ void reduce_tree_kernel(const float* in, float* out, int n);
// out[blockIdx.x] as above. blockDim.x: a multiple of 32, <= 1024.
__global__ void reduce_warp_kernel(const float* in, float* out, int n);
// *out += the block's sum. blockDim.x: a power of two, <= 1024.
__global__ void reduce_atomic_kernel(const float* in, float* out, int n);

cudaError_t reduce_sum_tree(const float* in, int n, float* out, cudaStream_t stream = 0);
cudaError_t reduce_sum_warp(const float* in, int n, float* out, cudaStream_t stream = 0);
cudaError_t reduce_sum_atomic(const float* in, int n, float* out, cudaStream_t stream = 0);

// The number of blocks the helpers use for n elements (their rounding depends on it).
unsigned reduce_blocks(int n);
inline constexpr unsigned kReduceThreads = 256;

}  // namespace cusim::kernels
