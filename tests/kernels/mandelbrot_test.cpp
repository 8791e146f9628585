// The Mandelbrot kernel against an escape-time loop on the CPU in double precision, written here
// independently of the kernel's. Points near the set's boundary are chaotic: one rounding apart
// (a GPU fusing x*x - y*y + c into an FMA) can change their count, so up to 0.2% of the pixels
// may differ; on the simulator (no FMA contraction, same operations) none do. Known points anchor
// the picture: c = 0 and c = -1 never escape, c = 1 escapes after 3 iterations, c = -2 - 1.5i at once.
#include <doctest/doctest.h>

#include <kernels/mandelbrot.hpp>

#include "kernels/kernel_test_support.hpp"

namespace k = cusim::kernels;
using kernel_test::Buffer;

namespace {
int cpu_iterations(double cr, double ci, int max_iters) {
  double zr = 0, zi = 0;
  for (int i = 0; i < max_iters; ++i) {
    if (zr * zr + zi * zi > 4.0) return i;
    const double t = zr * zr - zi * zi + cr;
    zi = 2.0 * zr * zi + ci;
    zr = t;
  }
  return max_iters;
}

std::vector<int> render(const k::MandelbrotView& v, cudaError_t* e) {
  Buffer<int> out(static_cast<std::size_t>(v.width) * v.height);
  *e = kernel_test::synced(k::mandelbrot(v, out.get()));
  return out.download();
}

double px(const k::MandelbrotView& v, int col) { return v.min_x + (v.max_x - v.min_x) * col / v.width; }
double py(const k::MandelbrotView& v, int row) { return v.min_y + (v.max_y - v.min_y) * row / v.height; }
}  // namespace

TEST_CASE("mandelbrot: views of several sizes against the CPU") {
  auto g = kernel_test::rng("mandelbrot");
  const float jitter = kernel_test::uniform(g, 1, -0.01f, 0.01f)[0];  // a fresh view each run
  const k::MandelbrotView views[] = {
      {-2.0, 1.0, -1.5, 1.5, 1, 1, 100},
      {-2.0, 1.0, -1.5, 1.5, 17, 13, 50},
      {-2.0, 1.0, -1.5, 1.5, 120, 120, 100},
      {-2.0, 1.0, -1.5, 1.5, 401, 299, 100},
      {-0.75 + jitter, -0.73 + jitter, 0.1, 0.12, 37, 61, 200},  // a zoom on the boundary
  };
  for (const auto& v : views) {
    INFO(v.width << " x " << v.height << " pixels, max_iters " << v.max_iters << ", x from " << v.min_x);
    kernel_test::checked([&] {
      cudaError_t e;
      const auto out = render(v, &e);
      int differ = 0, poisoned = 0;
      for (int row = 0; row < v.height; ++row)
        for (int col = 0; col < v.width; ++col) {
          const int got = out[row * v.width + col];
          poisoned += got < 0 || got > v.max_iters;
          differ += got != cpu_iterations(px(v, col), py(v, row), v.max_iters);
        }
      CHECK(poisoned == 0);
      CHECK_MESSAGE(differ * 500 <= v.width * v.height, differ << " pixels differ from the CPU's count");
      return e;
    });
  }
}

TEST_CASE("mandelbrot: known points") {
  // 4 x 4 pixels over [-2, 2) x [-1.5, 2.5): columns at x = -2, -1, 0, 1; rows at y = -1.5, -0.5, 0.5, 1.5.
  const k::MandelbrotView v{-2.0, 2.0, -1.5, 2.5, 4, 4, 1000};
  kernel_test::checked([&] {
    cudaError_t e;
    const auto out = render(v, &e);
    CHECK(out[0 * 4 + 0] == 1);  // c = -2 - 1.5i: |c| > 2 after the first step
    Buffer<int> row_of_reals(4);
    const k::MandelbrotView axis{-2.0, 2.0, 0.0, 0.0, 4, 1, 1000};  // y = 0: c = -2, -1, 0, 1
    if (e == cudaSuccess) e = kernel_test::synced(k::mandelbrot(axis, row_of_reals.get()));
    const auto real = row_of_reals.download();
    CHECK(real[0] == 1000);  // c = -2: z = 0, -2, 2, 2, ... stays at |z| = 2
    CHECK(real[1] == 1000);  // c = -1: z = 0, -1, 0, -1, ...
    CHECK(real[2] == 1000);  // c = 0
    CHECK(real[3] == 3);     // c = 1: z = 0, 1, 2, 5: |z| > 2 at the third check after the start
    return e;
  });
}
