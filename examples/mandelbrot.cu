// The Mandelbrot set of seed 000: for every pixel of a 1000 x 1000 image of [-2, 1] x [-1.5, 1.5],
// the number of iterations of z = z^2 + c before |z| > 2 (at most 100), computed on the device
// with 16 x 16 threads per block (the kernel library's mandelbrot). The image is written as a
// binary PPM (netpbm, no library needed) in the seed's 'hot' colour map: black inside the set, red
// through yellow to white for points that escape later and later. A 64 x 24 character sketch is
// printed too. Convert to PNG to look at it:  convert mandelbrot.ppm mandelbrot.png
//   ./mandelbrot [file.ppm [width height max_iters]]
#include <cusim/cusim.hpp>
#include <kernels/mandelbrot.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "cuda_check.hpp"

namespace {
// matplotlib's 'hot': black -> red -> yellow -> white as t goes 0 -> 1.
void hot(double t, unsigned char rgb[3]) {
  const auto ramp = [](double v) { return static_cast<unsigned char>(255.0 * std::clamp(v, 0.0, 1.0)); };
  rgb[0] = ramp(t / 0.365);
  rgb[1] = ramp((t - 0.365) / (0.746 - 0.365));
  rgb[2] = ramp((t - 0.746) / (1.0 - 0.746));
}

bool write_ppm(const char* path, const std::vector<int>& iters, int width, int height, int max_iters) {
  std::FILE* f = std::fopen(path, "wb");
  if (!f) return false;
  std::fprintf(f, "P6\n%d %d\n255\n", width, height);
  std::vector<unsigned char> row(3 * static_cast<std::size_t>(width));
  // Row 0 of the result is min_y: write the rows bottom-up so that +i points up in the image.
  for (int r = height - 1; r >= 0; --r) {
    for (int c = 0; c < width; ++c) {
      const int n = iters[static_cast<std::size_t>(r) * width + c];
      // In the set: black. Outside: the colour of its escape time, on a square-root scale so that
      // the many points that escape in a few iterations are not all the same dark red.
      const double t = n >= max_iters ? 0.0 : 0.15 + 0.85 * std::sqrt(double(n) / max_iters);
      hot(t, &row[3 * c]);
    }
    std::fwrite(row.data(), 1, row.size(), f);
  }
  return std::fclose(f) == 0;
}
}  // namespace

int main(int argc, char** argv) {
  const char* path = argc > 1 ? argv[1] : "mandelbrot.ppm";
  const int width = argc > 4 ? std::atoi(argv[2]) : 1000, height = argc > 4 ? std::atoi(argv[3]) : 1000;
  const int max_iters = argc > 4 ? std::atoi(argv[4]) : 100;
  const cusim::kernels::MandelbrotView view{-2.0, 1.0, -1.5, 1.5, width, height, max_iters};

  int* d_out = nullptr;
  const std::size_t pixels = static_cast<std::size_t>(width) * height;
  CUDA_CHECK(cudaMalloc(&d_out, pixels * sizeof(int)));
  CUDA_CHECK(cusim::kernels::mandelbrot(view, d_out));
  CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<int> iters(pixels);
  CUDA_CHECK(cudaMemcpy(iters.data(), d_out, pixels * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_out));

  std::size_t inside = 0;
  for (int n : iters) inside += n >= max_iters;
  // The set's area is about 1.5066; the view's is 9, so about 16.7% of the pixels (a little more
  // with only 100 iterations, which keeps some slowly escaping points in).
  std::printf("mandelbrot %dx%d, max_iters %d: %.1f%% of the points are in the set\n", width, height, max_iters,
              100.0 * inside / pixels);
  for (int r = 0; r < 24; ++r) {  // the sketch: '#' in the set, '+' slow to escape, '.' escapes fast
    char line[65] = {};
    for (int c = 0; c < 64; ++c) {
      const int n = iters[static_cast<std::size_t>((23 - r) * height / 24 + height / 48) * width + c * width / 64 + width / 128];
      line[c] = n >= max_iters ? '#' : n > 10 ? '+' : n > 3 ? '.' : ' ';
    }
    std::printf("|%s|\n", line);
  }
  if (!write_ppm(path, iters, width, height, max_iters)) {
    std::fprintf(stderr, "cannot write %s\n", path);
    return 1;
  }
  std::printf("wrote %s (binary PPM; convert it to PNG with: convert %s mandelbrot.png)\n", path, path);
  return 0;
}
