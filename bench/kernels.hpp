// The kernels of bench_engine (bench/kernels.cu), behind host-side wrappers that launch them.
// Each wrapper returns the launch's error, as cudaLaunchKernel does; the caller synchronises.
#pragma once
#include <cusim/cusim.hpp>

namespace bench {

inline constexpr unsigned kBlockThreads = 256;  // threads per block of every 1-D kernel here
inline constexpr unsigned kTile = 16;           // tiled matmul: tile edge, and block is kTile x kTile

// c[i] = a[i] + b[i]: one element per thread, ceil(n / 256) blocks of 256.
cudaError_t vector_add(const float* a, const float* b, float* c, int n);

// out[i] = in[i] * in[i] with a grid-stride loop over `blocks` blocks of 256.
cudaError_t grid_stride_square(const float* in, float* out, int n, unsigned blocks);

// bins[v] += number of in[i] == v, through a block-private shared histogram of 256 bins;
// `blocks` blocks of 256 threads walk the input with a grid-stride loop.
cudaError_t shared_histogram(const unsigned char* in, unsigned* bins, int n, unsigned blocks);

// c = a * b for n x n row-major matrices (n a multiple of kTile), 16 x 16 shared tiles.
cudaError_t tiled_matmul(const float* a, const float* b, float* c, int n);

// *total += sum of in[0..n): shared-memory tree reduction per block of 256, one atomicAdd per block.
cudaError_t tree_reduce(const float* in, float* total, int n);

// *total += sum of in[0..n): __shfl_down_sync reduction per warp, one atomicAdd per warp.
cudaError_t shuffle_reduce(const float* in, float* total, int n);

// One block of `threads` threads that executes `iterations` __syncthreads() and nothing else.
cudaError_t barrier_loop(unsigned threads, int iterations);
// The same with cooperative groups: `iterations` syncs of each 32-thread tile of one block, and
// `iterations` grid.sync() of a cooperative launch of `blocks` blocks.
cudaError_t tile_sync_loop(unsigned threads, int iterations);
cudaError_t grid_sync_loop(unsigned blocks, unsigned threads, int iterations);

// The kernels themselves, for benchmarks that launch them directly (bench/gpu_launch_bench.cu
// compares cusim::launch with <<< >>> on a GPU).
__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n);
__global__ void grid_stride_square_kernel(const float* in, float* out, int n);
__global__ void shared_histogram_kernel(const unsigned char* in, unsigned* bins, int n);
__global__ void tiled_matmul_kernel(const float* a, const float* b, float* c, int n);
__global__ void tree_reduce_kernel(const float* in, float* total, int n);
__global__ void shuffle_reduce_kernel(const float* in, float* total, int n);

}  // namespace bench
