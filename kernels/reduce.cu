#include "reduce.hpp"

#include "launch_config.hpp"

namespace cusim::kernels {

namespace {
constexpr unsigned kFullMask = 0xffffffffu;

// This thread's share: its elements, one grid stride apart.
__device__ float thread_sum(const float* in, int n) {
  float sum = 0.0f;
  const int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) sum += in[i];
  return sum;
}

// The block's sum, valid in thread 0. `buf` holds blockDim.x floats in shared memory.
__device__ float block_tree_sum(float v, float* buf) {
  const unsigned t = threadIdx.x;
  buf[t] = v;
  __syncthreads();
  for (unsigned active = blockDim.x / 2; active > 0; active /= 2) {
    if (t < active) buf[t] += buf[t + active];
    __syncthreads();  // this step's sums are written before the next step reads them
  }
  return buf[0];
}

// The two-pass helpers: per-block sums into a temporary, then one block sums those.
cudaError_t two_pass(void (*kernel)(const float*, float*, int), const float* in, int n, float* out,
                     cudaStream_t stream) {
  if (n <= 0) return cudaMemsetAsync(out, 0, sizeof(float), stream);
  const unsigned blocks = reduce_blocks(n);
  if (blocks == 1) return cusim::launch(kernel, dim3(1), dim3(kReduceThreads), 0, stream, in, out, n);
  float* partial = nullptr;
  if (cudaError_t e = cudaMalloc(&partial, blocks * sizeof(float)); e != cudaSuccess) return e;
  cudaError_t e = cusim::launch(kernel, dim3(blocks), dim3(kReduceThreads), 0, stream, in, partial, n);
  if (e == cudaSuccess)
    e = cusim::launch(kernel, dim3(1), dim3(kReduceThreads), 0, stream, static_cast<const float*>(partial), out,
                      static_cast<int>(blocks));
  const cudaError_t freed = cudaFree(partial);  // waits for both launches
  return e != cudaSuccess ? e : freed;
}
}  // namespace

unsigned reduce_blocks(int n) {
  // At most kReduceThreads blocks, so that one block of the second pass has one result per thread.
  const unsigned blocks = grid_stride_blocks(n, kReduceThreads);
  return blocks < kReduceThreads ? blocks : kReduceThreads;
}

__global__ void reduce_tree_kernel(const float* in, float* out, int n) {
  CUSIM_SHARED(float, buf, [1024]);
  const float sum = block_tree_sum(thread_sum(in, n), buf);
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

__global__ void reduce_warp_kernel(const float* in, float* out, int n) {
  CUSIM_SHARED(float, warp_sums, [32]);
  const unsigned lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
  float v = thread_sum(in, n);
  // Every lane of every warp is alive here (no early return), as the full mask requires.
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(kFullMask, v, offset);
  if (lane == 0) warp_sums[warp] = v;
  __syncthreads();  // all warps' sums are in shared memory before warp 0 reads them
  if (warp == 0) {
    const unsigned warps = blockDim.x / warpSize;
    v = lane < warps ? warp_sums[lane] : 0.0f;
    for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(kFullMask, v, offset);
    if (lane == 0) out[blockIdx.x] = v;
  }
}

__global__ void reduce_atomic_kernel(const float* in, float* out, int n) {
  CUSIM_SHARED(float, buf, [1024]);
  const float sum = block_tree_sum(thread_sum(in, n), buf);
  if (threadIdx.x == 0) atomicAdd(out, sum);
}

cudaError_t reduce_sum_tree(const float* in, int n, float* out, cudaStream_t stream) {
  return two_pass(reduce_tree_kernel, in, n, out, stream);
}

cudaError_t reduce_sum_warp(const float* in, int n, float* out, cudaStream_t stream) {
  return two_pass(reduce_warp_kernel, in, n, out, stream);
}

cudaError_t reduce_sum_atomic(const float* in, int n, float* out, cudaStream_t stream) {
  if (cudaError_t e = cudaMemsetAsync(out, 0, sizeof(float), stream); e != cudaSuccess || n <= 0) return e;
  return cusim::launch(reduce_atomic_kernel, dim3(reduce_blocks(n)), dim3(kReduceThreads), 0, stream, in, out, n);
}

}  // namespace cusim::kernels
