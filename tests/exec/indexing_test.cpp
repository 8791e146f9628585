// Built-in index variables in 1-, 2- and 3-D grids with odd sizes.
#include <doctest/doctest.h>

#include <cusim/cusim.hpp>
#include <vector>

__global__ void record_indices(unsigned* out) {
  const unsigned block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  const unsigned thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned per_block = blockDim.x * blockDim.y * blockDim.z;
  unsigned* slot = out + 6 * (block * per_block + thread);
  slot[0] = threadIdx.x; slot[1] = threadIdx.y; slot[2] = threadIdx.z;
  slot[3] = blockIdx.x; slot[4] = blockIdx.y; slot[5] = blockIdx.z;
}

TEST_CASE("every thread of a 3-D grid sees its own indices") {
  const dim3 grid(3, 5, 2), block(7, 3, 5);
  const unsigned n = 3 * 5 * 2 * 7 * 3 * 5;
  unsigned* out = nullptr;
  REQUIRE(cudaMallocManaged(&out, n * 6 * sizeof(unsigned)) == cudaSuccess);
  REQUIRE(cusim::launch(record_indices, grid, block, out) == cudaSuccess);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  unsigned i = 0;
  for (unsigned bz = 0; bz < 2; ++bz)
    for (unsigned by = 0; by < 5; ++by)
      for (unsigned bx = 0; bx < 3; ++bx)
        for (unsigned tz = 0; tz < 5; ++tz)
          for (unsigned ty = 0; ty < 3; ++ty)
            for (unsigned tx = 0; tx < 7; ++tx, ++i) {
              const unsigned* s = out + 6 * i;
              CHECK(s[0] == tx); CHECK(s[1] == ty); CHECK(s[2] == tz);
              CHECK(s[3] == bx); CHECK(s[4] == by); CHECK(s[5] == bz);
            }
  cudaFree(out);
}
