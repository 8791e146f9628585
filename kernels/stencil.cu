#include "stencil.hpp"

#include "launch_config.hpp"

namespace cusim::kernels {

namespace {
constexpr int T = kStencilTile, H = T + 2;  // the tile with a halo of one pixel on every side
}

__global__ void conv3x3_kernel(const float* in, float* out, int height, int width, Filter3x3 filter) {
  CUSIM_SHARED(float, tile, [H][H]);
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * T - 1, col0 = blockIdx.x * T - 1;  // the tile's top-left, in the image
  // The 256 threads load the 324 tile pixels (zeros outside the image) in two sweeps.
  for (int k = ty * T + tx; k < H * H; k += T * T) {
    const int r = row0 + k / H, c = col0 + k % H;
    tile[k / H][k % H] = (r >= 0 && r < height && c >= 0 && c < width) ? in[r * width + c] : 0.0f;
  }
  __syncthreads();  // the halo written by other threads is in place before anyone reads it
  const int row = row0 + 1 + ty, col = col0 + 1 + tx;
  if (row >= height || col >= width) return;
  float acc = 0.0f;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) acc += filter.w[i][j] * tile[ty + i][tx + j];
  out[row * width + col] = acc;
}

cudaError_t conv3x3(const float* in, float* out, int height, int width, const Filter3x3& filter,
                    cudaStream_t stream) {
  if (height <= 0 || width <= 0) return cudaSuccess;
  const dim3 block(T, T), grid(blocks_for(width, T), blocks_for(height, T));
  return cusim::launch(conv3x3_kernel, grid, block, 0, stream, in, out, height, width, filter);
}

}  // namespace cusim::kernels
