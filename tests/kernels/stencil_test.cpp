// The 3 x 3 convolution with a shared-memory halo against a double-precision convolution with
// zero padding, on images that are not multiples of the 16 x 16 tile (1 x 1, single rows and
// columns, primes). Each output is 9 products summed: |error| <= 10 * u * sum |w * x| (u =
// FLT_EPSILON / 2), checked with 10 * FLT_EPSILON.
#include <doctest/doctest.h>

#include <kernels/stencil.hpp>

#include "kernels/kernel_test_support.hpp"

namespace k = cusim::kernels;
using kernel_test::Buffer;

TEST_CASE("conv3x3: zero-padded 3 x 3 convolution") {
  auto g = kernel_test::rng("conv3x3");
  const int shapes[][2] = {{1, 1}, {1, 17}, {17, 1}, {16, 16}, {17, 33}, {45, 61}, {100, 129}, {301, 257}};
  for (const auto& s : shapes) {
    const int h = s[0], w = s[1];
    INFO(h << " x " << w);
    const auto in = kernel_test::uniform(g, h * w, -1.f, 1.f);
    const auto weights = kernel_test::uniform(g, 9, -1.f, 1.f);
    k::Filter3x3 f;
    for (int i = 0; i < 9; ++i) f.w[i / 3][i % 3] = weights[i];
    std::vector<double> want(h * w, 0.0), magnitude(h * w, 0.0);
    for (int r = 0; r < h; ++r)
      for (int c = 0; c < w; ++c)
        for (int i = -1; i <= 1; ++i)
          for (int j = -1; j <= 1; ++j) {
            if (r + i < 0 || r + i >= h || c + j < 0 || c + j >= w) continue;
            const double term = double(f.w[i + 1][j + 1]) * in[(r + i) * w + c + j];
            want[r * w + c] += term;
            magnitude[r * w + c] += std::fabs(term);
          }
    kernel_test::checked([&] {
      Buffer<float> din(in), dout(h * w);
      const cudaError_t e = kernel_test::synced(k::conv3x3(din.get(), dout.get(), h, w, f));
      const auto out = dout.download();
      kernel_test::expect_each(out.size(), [&](std::size_t i) {
        return kernel_test::near(out[i], want[i], 10 * FLT_EPSILON * magnitude[i]);
      });
      return e;
    });
  }
}

TEST_CASE("conv3x3 is clean under every schedule and worker count") {
  auto g = kernel_test::rng("conv3x3 schedules");
  const int h = 19, w = 35;
  const auto in = kernel_test::small_integers(g, h * w, -3, 3);
  const k::Filter3x3 f{{{1, 2, 1}, {2, 4, 2}, {1, 2, 1}}};  // integer weights: exact results
  check_test::for_each_config([&] {
    kernel_test::checked([&] {
      Buffer<float> din(in), dout(h * w);
      const cudaError_t e = kernel_test::synced(k::conv3x3(din.get(), dout.get(), h, w, f));
      const auto out = dout.download();
      kernel_test::expect_each(out.size(), [&](std::size_t idx) {
        const int r = idx / w, c = idx % w;
        double want = 0;
        for (int i = -1; i <= 1; ++i)
          for (int j = -1; j <= 1; ++j)
            if (r + i >= 0 && r + i < h && c + j >= 0 && c + j < w) want += f.w[i + 1][j + 1] * in[(r + i) * w + c + j];
        return kernel_test::near(out[idx], want, 0);
      });
      return e;
    });
  });
}
