#include "mandelbrot.hpp"

#include "launch_config.hpp"

namespace cusim::kernels {

__global__ void mandelbrot_kernel(MandelbrotView view, int* out) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x, row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= view.height || col >= view.width) return;
  const double c_re = view.min_x + (view.max_x - view.min_x) * col / view.width;
  const double c_im = view.min_y + (view.max_y - view.min_y) * row / view.height;
  out[row * view.width + col] = mandelbrot_iterations(c_re, c_im, view.max_iters);
}

cudaError_t mandelbrot(const MandelbrotView& view, int* out, cudaStream_t stream) {
  if (view.width <= 0 || view.height <= 0) return cudaSuccess;
  const dim3 block(16, 16), grid(blocks_for(view.width, 16), blocks_for(view.height, 16));
  return cusim::launch(mandelbrot_kernel, grid, block, 0, stream, view, out);
}

}  // namespace cusim::kernels
