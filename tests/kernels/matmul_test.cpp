// Naive and tiled matmul against a double-precision product, on shapes that are not multiples of
// the 16 x 16 tile (1 x 1 x 1, primes, one past a tile). Exactly on small integers (every product
// and partial sum is an integer below 2^24, so exact in float); on random reals within the
// classical dot-product bound |error| <= k * u * sum_i |a_ri * b_ic| (u = FLT_EPSILON / 2), checked
// with (k + 2) * FLT_EPSILON for second-order terms. FMA on a GPU only tightens it.
#include <doctest/doctest.h>

#include <kernels/matmul.hpp>

#include "kernels/kernel_test_support.hpp"

namespace k = cusim::kernels;
using kernel_test::Buffer;

namespace {
struct Shape {
  int m, k, n;
};
const Shape kShapes[] = {{1, 1, 1}, {1, 7, 1}, {3, 5, 2}, {16, 16, 16}, {17, 31, 15},
                         {33, 1, 65}, {2, 40, 3}, {47, 61, 53}, {64, 48, 80}, {131, 100, 127}};

using Helper = cudaError_t (*)(const float*, const float*, float*, int, int, int, cudaStream_t);

void check_matmul(Helper helper, const char* name, bool integers) {
  auto g = kernel_test::rng(std::string(name) + (integers ? " integers" : " reals"));
  for (const Shape s : kShapes) {
    INFO(name << ": " << s.m << " x " << s.k << " times " << s.k << " x " << s.n);
    const auto a = integers ? kernel_test::small_integers(g, s.m * s.k, -4, 4) : kernel_test::uniform(g, s.m * s.k, -1.f, 1.f);
    const auto b = integers ? kernel_test::small_integers(g, s.k * s.n, -4, 4) : kernel_test::uniform(g, s.k * s.n, -1.f, 1.f);
    std::vector<double> want(s.m * s.n, 0.0), magnitude(s.m * s.n, 0.0);
    for (int r = 0; r < s.m; ++r)
      for (int c = 0; c < s.n; ++c)
        for (int i = 0; i < s.k; ++i) {
          want[r * s.n + c] += double(a[r * s.k + i]) * b[i * s.n + c];
          magnitude[r * s.n + c] += std::fabs(double(a[r * s.k + i]) * b[i * s.n + c]);
        }
    kernel_test::checked([&] {
      Buffer<float> da(a), db(b), dc(s.m * s.n);
      const cudaError_t e = kernel_test::synced(helper(da.get(), db.get(), dc.get(), s.m, s.k, s.n, 0));
      const auto c = dc.download();
      kernel_test::expect_each(c.size(), [&](std::size_t i) {
        return kernel_test::near(c[i], want[i], integers ? 0.0 : (s.k + 2) * FLT_EPSILON * magnitude[i]);
      });
      return e;
    });
  }
}
}  // namespace

TEST_CASE("matmul_naive") {
  check_matmul(k::matmul_naive, "naive", true);
  check_matmul(k::matmul_naive, "naive", false);
}

TEST_CASE("matmul_tiled: 16 x 16 shared tiles") {
  check_matmul(k::matmul_tiled, "tiled", true);
  check_matmul(k::matmul_tiled, "tiled", false);
}

TEST_CASE("matmul_tiled is clean under every schedule and worker count") {
  auto g = kernel_test::rng("tiled schedules");
  const Shape s{21, 35, 19};
  const auto a = kernel_test::small_integers(g, s.m * s.k, -4, 4), b = kernel_test::small_integers(g, s.k * s.n, -4, 4);
  check_test::for_each_config([&] {
    kernel_test::checked([&] {
      Buffer<float> da(a), db(b), dc(s.m * s.n);
      const cudaError_t e = kernel_test::synced(k::matmul_tiled(da.get(), db.get(), dc.get(), s.m, s.k, s.n));
      const auto c = dc.download();
      kernel_test::expect_each(c.size(), [&](std::size_t idx) {
        const int r = idx / s.n, col = idx % s.n;
        double want = 0;
        for (int i = 0; i < s.k; ++i) want += double(a[r * s.k + i]) * b[i * s.n + col];
        return kernel_test::near(c[idx], want, 0);
      });
      return e;
    });
  });
}
