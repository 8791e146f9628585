#include "scan.hpp"

#include "launch_config.hpp"

namespace cusim::kernels {

namespace {
constexpr unsigned kFullMask = 0xffffffffu;

// Inclusive scan across the 32 lanes of a warp (every lane must take part).
__device__ int warp_inclusive_scan(int x) {
  const unsigned lane = threadIdx.x % warpSize;
  for (int d = 1; d < warpSize; d *= 2) {
    const int y = __shfl_up_sync(kFullMask, x, d);
    if (lane >= static_cast<unsigned>(d)) x += y;
  }
  return x;
}
}  // namespace

__global__ void scan_segments_kernel(const int* in, int* out, int n, int* block_totals, int inclusive) {
  CUSIM_SHARED(int, warp_totals, [32]);
  const unsigned lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  // Threads past the end scan a zero: the shuffles need every lane, and zeros change no sum.
  const int v = i < n ? in[i] : 0;
  int x = warp_inclusive_scan(v);
  if (lane == warpSize - 1) warp_totals[warp] = x;
  __syncthreads();  // every warp's total is written before warp 0 scans them
  if (warp == 0) {
    const unsigned warps = blockDim.x / warpSize;
    const int total = warp_inclusive_scan(lane < warps ? warp_totals[lane] : 0);
    if (lane < warps) warp_totals[lane] = total;  // each lane rewrites only the slot it read
  }
  __syncthreads();  // the scanned totals are written before the other warps read them
  if (warp > 0) x += warp_totals[warp - 1];
  if (i < n) out[i] = inclusive ? x : x - v;
  if (block_totals && threadIdx.x == blockDim.x - 1) block_totals[blockIdx.x] = x;
}

__global__ void add_block_offsets_kernel(int* out, int n, const int* offsets) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] += offsets[blockIdx.x];
}

cudaError_t block_scan(const int* in, int* out, int n, ScanKind kind, cudaStream_t stream) {
  if (n <= 0) return cudaSuccess;
  if (n > 1024) return cudaErrorInvalidValue;  // one block holds at most 1024 threads
  const unsigned threads = blocks_for(n, 32) * 32;  // whole warps
  return cusim::launch(scan_segments_kernel, dim3(1), dim3(threads), 0, stream, in, out, n, static_cast<int*>(nullptr),
                       kind == ScanKind::inclusive ? 1 : 0);
}

cudaError_t scan(const int* in, int* out, int n, ScanKind kind, cudaStream_t stream) {
  if (n <= 0) return cudaSuccess;
  const int inclusive = kind == ScanKind::inclusive ? 1 : 0;
  const unsigned blocks = blocks_for(n, kScanThreads);
  if (blocks == 1)
    return cusim::launch(scan_segments_kernel, dim3(1), dim3(kScanThreads), 0, stream, in, out, n,
                         static_cast<int*>(nullptr), inclusive);
  int* totals = nullptr;
  if (cudaError_t e = cudaMalloc(&totals, 2 * blocks * sizeof(int)); e != cudaSuccess) return e;
  int* offsets = totals + blocks;
  cudaError_t e = cusim::launch(scan_segments_kernel, dim3(blocks), dim3(kScanThreads), 0, stream, in, out, n,
                                totals, inclusive);
  if (e == cudaSuccess) e = scan(totals, offsets, static_cast<int>(blocks), ScanKind::exclusive, stream);
  if (e == cudaSuccess)
    e = cusim::launch(add_block_offsets_kernel, dim3(blocks), dim3(kScanThreads), 0, stream, out, n,
                      static_cast<const int*>(offsets));
  const cudaError_t freed = cudaFree(totals);  // waits for the launches above
  return e != cudaSuccess ? e : freed;
}

}  // namespace cusim::kernels
