// The workloads of bench_engine, written once in CUDA spelling: the same file builds with nvcc.
#include "kernels.hpp"

#include <cooperative_groups.h>

// The kernels have external linkage so that a finding, should one ever occur, names them.
namespace bench {

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

__global__ void grid_stride_square_kernel(const float* in, float* out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) out[i] = in[i] * in[i];
}

__global__ void shared_histogram_kernel(const unsigned char* in, unsigned* bins, int n) {
  CUSIM_SHARED(unsigned, local, [256]);
  for (unsigned b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) atomicAdd(&local[in[i]], 1u);
  __syncthreads();
  for (unsigned b = threadIdx.x; b < 256; b += blockDim.x) atomicAdd(&bins[b], local[b]);
}

__global__ void tiled_matmul_kernel(const float* a, const float* b, float* c, int n) {
  CUSIM_SHARED(float, ta, [kTile][kTile]);
  CUSIM_SHARED(float, tb, [kTile][kTile]);
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * kTile + ty, col = blockIdx.x * kTile + tx;
  float sum = 0.0f;
  for (int t = 0; t < n / int(kTile); ++t) {
    ta[ty][tx] = a[row * n + t * kTile + tx];
    tb[ty][tx] = b[(t * kTile + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < int(kTile); ++k) sum += ta[ty][k] * tb[k][tx];
    __syncthreads();
  }
  c[row * n + col] = sum;
}

__global__ void tree_reduce_kernel(const float* in, float* total, int n) {
  CUSIM_SHARED(float, sdata, [kBlockThreads]);
  const unsigned tid = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(total, sdata[0]);
}

__global__ void shuffle_reduce_kernel(const float* in, float* total, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  if ((threadIdx.x & (warpSize - 1)) == 0) atomicAdd(total, v);
}

__global__ void barrier_loop_kernel(int iterations) {
  for (int i = 0; i < iterations; ++i) __syncthreads();
}

__global__ void tile_sync_loop_kernel(int iterations) {
  const auto tile = cooperative_groups::tiled_partition<32>(cooperative_groups::this_thread_block());
  for (int i = 0; i < iterations; ++i) tile.sync();
}

__global__ void grid_sync_loop_kernel(int iterations) {
  const cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  for (int i = 0; i < iterations; ++i) grid.sync();
}

}  // namespace bench

namespace {
unsigned blocks_for(int n) { return (unsigned(n) + bench::kBlockThreads - 1) / bench::kBlockThreads; }
}  // namespace

namespace bench {

cudaError_t vector_add(const float* a, const float* b, float* c, int n) {
  return cusim::launch(vector_add_kernel, dim3(blocks_for(n)), dim3(kBlockThreads), a, b, c, n);
}
cudaError_t grid_stride_square(const float* in, float* out, int n, unsigned blocks) {
  return cusim::launch(grid_stride_square_kernel, dim3(blocks), dim3(kBlockThreads), in, out, n);
}
cudaError_t shared_histogram(const unsigned char* in, unsigned* bins, int n, unsigned blocks) {
  return cusim::launch(shared_histogram_kernel, dim3(blocks), dim3(kBlockThreads), in, bins, n);
}
cudaError_t tiled_matmul(const float* a, const float* b, float* c, int n) {
  return cusim::launch(tiled_matmul_kernel, dim3(n / kTile, n / kTile), dim3(kTile, kTile), a, b, c, n);
}
cudaError_t tree_reduce(const float* in, float* total, int n) {
  return cusim::launch(tree_reduce_kernel, dim3(blocks_for(n)), dim3(kBlockThreads), in, total, n);
}
cudaError_t shuffle_reduce(const float* in, float* total, int n) {
  return cusim::launch(shuffle_reduce_kernel, dim3(blocks_for(n)), dim3(kBlockThreads), in, total, n);
}
cudaError_t barrier_loop(unsigned threads, int iterations) {
  return cusim::launch(barrier_loop_kernel, dim3(1), dim3(threads), iterations);
}
cudaError_t tile_sync_loop(unsigned threads, int iterations) {
  return cusim::launch(tile_sync_loop_kernel, dim3(1), dim3(threads), iterations);
}
cudaError_t grid_sync_loop(unsigned blocks, unsigned threads, int iterations) {
  void* args[] = {&iterations};
  return cudaLaunchCooperativeKernel(grid_sync_loop_kernel, dim3(blocks), dim3(threads), args);
}

}  // namespace bench
