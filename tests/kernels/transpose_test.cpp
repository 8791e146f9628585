// Naive and tiled transpose against the CPU's, exactly (no arithmetic), on shapes that are not
// multiples of the 32 x 32 tile: single rows and columns, primes, one past a tile.
#include <doctest/doctest.h>

#include <kernels/transpose.hpp>

#include "kernels/kernel_test_support.hpp"

namespace k = cusim::kernels;
using kernel_test::Buffer;

namespace {
using Helper = cudaError_t (*)(const float*, float*, int, int, cudaStream_t);

void check_transpose(Helper helper, const char* name) {
  auto g = kernel_test::rng(name);
  const int shapes[][2] = {{1, 1}, {1, 37}, {37, 1}, {31, 33}, {32, 32}, {33, 8}, {65, 97}, {200, 131}, {1000, 513}};
  for (const auto& shape : shapes) {
    const int rows = shape[0], cols = shape[1];
    INFO(name << ": " << rows << " x " << cols);
    const auto in = kernel_test::uniform(g, rows * cols, -1e6f, 1e6f);
    kernel_test::checked([&] {
      Buffer<float> din(in), dout(rows * cols);
      const cudaError_t e = kernel_test::synced(helper(din.get(), dout.get(), rows, cols, 0));
      const auto out = dout.download();
      kernel_test::expect_each(out.size(), [&](std::size_t i) {
        const int r = i / rows, c = i % rows;  // out is cols x rows: out[r][c] = in[c][r]
        return kernel_test::near(out[i], in[c * cols + r], 0);
      });
      return e;
    });
  }
}
}  // namespace

TEST_CASE("transpose_naive") { check_transpose(k::transpose_naive, "naive"); }
TEST_CASE("transpose_tiled: padded 32 x 33 shared tile") { check_transpose(k::transpose_tiled, "tiled"); }
