// Row-wise softmax against a double-precision softmax. The float result's relative error is
// bounded by: the rounding of x - m (|x - m| * u, relative error of exp(x - m)), expf's own (a few
// ulps on a GPU: counted as 4 * FLT_EPSILON), the row sum's recursive-summation error (its chain:
// the columns one thread adds plus log2(256) shuffle steps plus 5 across warps) and the division
// (u). The check uses that sum in units of FLT_EPSILON = 2u, which leaves a factor 2 of margin.
// Rows offset by +-1000 would overflow exp without the max subtraction (inf / inf = NaN).
#include <doctest/doctest.h>

#include <kernels/softmax.hpp>

#include "kernels/kernel_test_support.hpp"

namespace k = cusim::kernels;
using kernel_test::Buffer;

namespace {
void check_softmax(int rows, int cols, float offset, std::mt19937_64& g, bool in_place) {
  INFO(rows << " x " << cols << ", values around " << offset << (in_place ? ", in place" : ""));
  auto in = kernel_test::uniform(g, static_cast<std::size_t>(rows) * cols, offset - 10.f, offset + 10.f);
  std::vector<double> want(in.size()), bound(in.size());
  for (int r = 0; r < rows; ++r) {
    const float* x = &in[static_cast<std::size_t>(r) * cols];
    double m = x[0], lo = x[0], sum = 0;
    for (int c = 0; c < cols; ++c) m = std::max<double>(m, x[c]), lo = std::min<double>(lo, x[c]);
    for (int c = 0; c < cols; ++c) sum += std::exp(double(x[c]) - m);
    const double per_thread = std::ceil(cols / 256.0), chain = per_thread + 5 + 5;
    const double rel = ((m - lo) / 2 + 4 + chain + 1) * FLT_EPSILON;
    for (int c = 0; c < cols; ++c) {
      want[r * cols + c] = std::exp(double(x[c]) - m) / sum;
      bound[r * cols + c] = rel * want[r * cols + c];
    }
  }
  kernel_test::checked([&] {
    Buffer<float> din(in), dout(in.size());
    float* out = in_place ? din.get() : dout.get();
    const cudaError_t e = kernel_test::synced(k::softmax_rows(din.get(), out, rows, cols));
    const auto got = in_place ? din.download() : dout.download();
    kernel_test::expect_each(got.size(), [&](std::size_t i) { return kernel_test::near(got[i], want[i], bound[i]); });
    return e;
  });
}
}  // namespace

TEST_CASE("softmax_rows: rows of every length") {
  auto g = kernel_test::rng("softmax");
  const int shapes[][2] = {{1, 1}, {1, 7}, {3, 33}, {5, 256}, {7, 257}, {2, 1000}, {64, 100}, {3, 2049}, {300, 1000}};
  for (const auto& s : shapes) check_softmax(s[0], s[1], 0.f, g, false);
}

TEST_CASE("softmax_rows: numerically stable for large and very negative inputs") {
  auto g = kernel_test::rng("softmax stable");
  check_softmax(4, 300, 1000.f, g, false);
  check_softmax(4, 300, -1000.f, g, false);
}

TEST_CASE("softmax_rows: in place") {
  auto g = kernel_test::rng("softmax in place");
  check_softmax(9, 513, 0.f, g, true);
}

TEST_CASE("softmax_rows is clean under every schedule and worker count") {
  auto g = kernel_test::rng("schedules");
  check_test::for_each_config([&] { check_softmax(3, 301, 0.f, g, false); });
}
