#include "softmax.hpp"

#include <cmath>

#include "launch_config.hpp"

namespace cusim::kernels {

namespace {
constexpr unsigned kFullMask = 0xffffffffu;

struct Max {
  __device__ float operator()(float a, float b) const { return fmaxf(a, b); }
};
struct Sum {
  __device__ float operator()(float a, float b) const { return a + b; }
};

// The reduction of v over the block, returned to every thread; `identity` is op's neutral value.
// `scratch`: 32 floats of shared memory. Every thread of the block must call it (it holds barriers
// and full-mask shuffles), and blockDim.x must be a multiple of 32.
template <class Op>
__device__ float block_all_reduce(float v, float identity, float* scratch, Op op) {
  const unsigned lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
  for (int mask = warpSize / 2; mask > 0; mask /= 2) v = op(v, __shfl_xor_sync(kFullMask, v, mask));
  if (lane == 0) scratch[warp] = v;
  __syncthreads();  // every warp's value is written before any warp reads them all
  v = lane < blockDim.x / warpSize ? scratch[lane] : identity;
  for (int mask = warpSize / 2; mask > 0; mask /= 2) v = op(v, __shfl_xor_sync(kFullMask, v, mask));
  __syncthreads();  // every warp has read scratch before a later call overwrites it
  return v;
}
}  // namespace

__global__ void softmax_rows_kernel(const float* in, float* out, int rows, int cols) {
  CUSIM_SHARED(float, scratch, [32]);
  const int row = blockIdx.x;
  if (row >= rows) return;  // the whole block leaves together: no barrier is left waiting
  const float* x = in + static_cast<long long>(row) * cols;
  float* y = out + static_cast<long long>(row) * cols;
  float m = -INFINITY;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, x[c]);
  m = block_all_reduce(m, -INFINITY, scratch, Max{});
  float s = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) s += expf(x[c] - m);
  s = block_all_reduce(s, 0.0f, scratch, Sum{});
  // Every read of x is behind the barriers above, so writing y == x in place is safe.
  for (int c = threadIdx.x; c < cols; c += blockDim.x) y[c] = expf(x[c] - m) / s;
}

cudaError_t softmax_rows(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  if (rows <= 0 || cols <= 0) return cudaSuccess;
  const unsigned warps = blocks_for(cols, 32);
  const unsigned threads = warps < 8 ? warps * 32 : 256;
  return cusim::launch(softmax_rows_kernel, dim3(static_cast<unsigned>(rows)), dim3(threads), 0, stream, in, out,
                       rows, cols);
}

}  // namespace cusim::kernels
