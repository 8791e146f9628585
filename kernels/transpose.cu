#include "transpose.hpp"

#include "launch_config.hpp"

namespace cusim::kernels {

namespace {
constexpr int T = kTransposeTile, R = kTransposeRows;
}

__global__ void transpose_naive_kernel(const float* in, float* out, int rows, int cols) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < rows && c < cols) out[c * rows + r] = in[r * cols + c];
}

__global__ void transpose_tiled_kernel(const float* in, float* out, int rows, int cols) {
  CUSIM_SHARED(float, tile, [T][T + 1]);  // + 1: column j of the tile spans all 32 banks
  const int tx = threadIdx.x, ty = threadIdx.y;
  int c = blockIdx.x * T + tx, r = blockIdx.y * T + ty;
  for (int j = 0; j < T; j += R)
    if (r + j < rows && c < cols) tile[ty + j][tx] = in[(r + j) * cols + c];
  __syncthreads();  // the whole tile is loaded before it is read across
  c = blockIdx.y * T + tx;  // now a column of `out` = a row of `in`
  r = blockIdx.x * T + ty;
  for (int j = 0; j < T; j += R)
    if (r + j < cols && c < rows) out[(r + j) * rows + c] = tile[tx][ty + j];
}

cudaError_t transpose_naive(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  if (rows <= 0 || cols <= 0) return cudaSuccess;
  const dim3 block(T, R), grid(blocks_for(cols, T), blocks_for(rows, R));
  return cusim::launch(transpose_naive_kernel, grid, block, 0, stream, in, out, rows, cols);
}

cudaError_t transpose_tiled(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  if (rows <= 0 || cols <= 0) return cudaSuccess;
  const dim3 block(T, R), grid(blocks_for(cols, T), blocks_for(rows, T));
  return cusim::launch(transpose_tiled_kernel, grid, block, 0, stream, in, out, rows, cols);
}

}  // namespace cusim::kernels
