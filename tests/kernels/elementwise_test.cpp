// The elementwise kernels and the grid-stride map against double-precision CPU references.
// Tolerances: each result is one or two float roundings of an exact value, so the error is at most
// FLT_EPSILON (2^-23, i.e. two half-ulps) relative to the magnitudes involved; a GPU that fuses
// a*x+y into one FMA rounds once, which is within the same bound.
#include <doctest/doctest.h>

#include <kernels/elementwise.hpp>
#include <kernels/map.hpp>

#include "kernels/kernel_test_support.hpp"

namespace k = cusim::kernels;
using kernel_test::Buffer;
using kernel_test::expect_each;
using kernel_test::near;

TEST_CASE("vector_add: c = a + b") {
  auto g = kernel_test::rng("vector_add");
  for (int n : kernel_test::sizes_1d()) {
    INFO("n = " << n);
    const auto a = kernel_test::uniform(g, n, -1e3f, 1e3f), b = kernel_test::uniform(g, n, -1e3f, 1e3f);
    kernel_test::checked([&] {
      Buffer<float> da(a), db(b), dc(n);
      const cudaError_t e = kernel_test::synced(k::vector_add(da.get(), db.get(), dc.get(), n));
      const auto c = dc.download();
      expect_each(n, [&](std::size_t i) {
        const double want = double(a[i]) + double(b[i]);
        return near(c[i], want, FLT_EPSILON * std::fabs(want));
      });
      return e;
    });
  }
}

TEST_CASE("saxpy: y = alpha * x + y, in place") {
  auto g = kernel_test::rng("saxpy");
  for (int n : kernel_test::sizes_1d()) {
    INFO("n = " << n);
    const float alpha = kernel_test::uniform(g, 1, -4.f, 4.f)[0];
    const auto x = kernel_test::uniform(g, n, -1.f, 1.f), y = kernel_test::uniform(g, n, -1.f, 1.f);
    kernel_test::checked([&] {
      Buffer<float> dx(x), dy(y);
      const cudaError_t e = kernel_test::synced(k::saxpy(alpha, dx.get(), dy.get(), n));
      const auto out = dy.download();
      expect_each(n, [&](std::size_t i) {
        const double ax = double(alpha) * x[i];
        return near(out[i], ax + y[i], FLT_EPSILON * (std::fabs(ax) + std::fabs(y[i])));
      });
      return e;
    });
  }
}

TEST_CASE("square: out = in * in, into another array and in place") {
  auto g = kernel_test::rng("square");
  for (int n : kernel_test::sizes_1d()) {
    INFO("n = " << n);
    const auto in = kernel_test::uniform(g, n, -100.f, 100.f);
    kernel_test::checked([&] {
      Buffer<float> din(in), dout(n);
      cudaError_t e = kernel_test::synced(k::square(din.get(), dout.get(), n));
      if (e == cudaSuccess) e = kernel_test::synced(k::square(din.get(), din.get(), n));
      const auto out = dout.download(), in_place = din.download();
      expect_each(n, [&](std::size_t i) {
        const double want = double(in[i]) * in[i];
        const std::string s = near(out[i], want, FLT_EPSILON * want);
        return s.empty() ? near(in_place[i], want, FLT_EPSILON * want) : s;
      });
      return e;
    });
  }
}

namespace {
struct Cube {
  __device__ float operator()(float x) const { return x * x * x; }
};
struct Collatz {  // a map between element types, exact
  __device__ long long operator()(int v) const { return v % 2 ? 3LL * v + 1 : v / 2; }
};
}  // namespace

TEST_CASE("map: grid-stride, on the helper's grid and on a single block") {
  auto g = kernel_test::rng("map");
  for (int n : kernel_test::sizes_1d()) {
    for (unsigned grid : {0u, 1u}) {  // 0: the helper's choice; 1: one block strides over everything
      INFO("n = " << n << ", grid = " << grid);
      const auto x = kernel_test::uniform(g, n, -10.f, 10.f);
      const auto v = kernel_test::integers(g, n, -1000000, 1000000);
      kernel_test::checked([&] {
        Buffer<float> dx(x), dcube(n);
        Buffer<int> dv(v);
        Buffer<long long> dnext(n);
        cudaError_t e = kernel_test::synced(k::map(dx.get(), dcube.get(), n, Cube{}, grid));
        if (e == cudaSuccess) e = kernel_test::synced(k::map(dv.get(), dnext.get(), n, Collatz{}, grid));
        const auto cube = dcube.download();
        const auto next = dnext.download();
        expect_each(n, [&](std::size_t i) {
          const double want = double(x[i]) * x[i] * x[i];
          return near(cube[i], want, 2 * FLT_EPSILON * std::fabs(want));
        });
        expect_each(n, [&](std::size_t i) {
          return kernel_test::equal(next[i], v[i] % 2 ? 3LL * v[i] + 1 : v[i] / 2);
        });
        return e;
      });
    }
  }
}

TEST_CASE("elementwise helpers launch nothing for n = 0") {
  kernel_test::checked([&] {
    Buffer<float> d(1);
    cudaError_t e = k::vector_add(d.get(), d.get(), d.get(), 0);
    if (e == cudaSuccess) e = k::saxpy(2.f, d.get(), d.get(), 0);
    if (e == cudaSuccess) e = k::square(d.get(), d.get(), 0);
    if (e == cudaSuccess) e = k::map(d.get(), d.get(), 0, Cube{});
    CHECK(std::isnan(d.download()[0]));  // still poisoned: nothing ran
    return kernel_test::synced(e);
  });
}
