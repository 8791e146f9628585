// The Mandelbrot set on a width x height grid of points c spanning [min_x, max_x] x [min_y, max_y]
// (row 0 at min_y): out[row * width + col] = how many times z = z^2 + c (from z = 0) was iterated
// before |z| > 2, or max_iters if it never was (the point is taken to be in the set). Double
// precision, one thread per pixel, 16 x 16 threads per block.
#pragma once
#include <cusim/cusim.hpp>

namespace cusim::kernels {

struct MandelbrotView {
  double min_x, max_x, min_y, max_y;
  int width, height, max_iters;
};

__global__ void mandelbrot_kernel(MandelbrotView view, int* out);
cudaError_t mandelbrot(const MandelbrotView& view, int* out, cudaStream_t stream = 0);

// The iteration count of one point: shared by the kernel and host-side references.
__host__ __device__ inline int mandelbrot_iterations(double c_re, double c_im, int max_iters) {
  double x = 0.0, y = 0.0;
  int i = 0;
  for (; i < max_iters && x * x + y * y <= 4.0; ++i) {
    const double x_new = x * x - y * y + c_re;
    y = 2.0 * x * y + c_im;
    x = x_new;
  }
  return i;
}

}  // namespace cusim::kernels
