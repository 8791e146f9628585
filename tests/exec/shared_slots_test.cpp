// Static shared variables in the fast build, where every thread of a block but the first finds
// them in the per-block slots (kernel_api.hpp, shared_variable) instead of asking the engine; the
// checked build always asks (memory_spaces_test.cpp tests static shared variables there).
#include <doctest/doctest.h>

#include <cusim/cusim.hpp>

#include "test_support.hpp"

// Six static variables (more than the per-block slots through which threads after the first find
// them) next to dynamic shared memory whose size changes from launch to launch: the static ones
// must never overlap it, nor each other, in any block of any launch.
__global__ void static_next_to_dynamic(int* out) {
  CUSIM_EXTERN_SHARED(int, dyn);
  CUSIM_SHARED(int, v0);
  CUSIM_SHARED(int, v1);
  CUSIM_SHARED(int, v2);
  CUSIM_SHARED(int, v3);
  CUSIM_SHARED(int, v4);
  CUSIM_SHARED(int, v5, [2]);
  const unsigned t = threadIdx.x;
  if (t == 0) {
    v0 = 10, v1 = 11, v2 = 12, v3 = 13, v4 = 14;
    v5[0] = 15, v5[1] = 16;
  }
  dyn[t] = -int(t);
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = v0 + v1 + v2 + v3 + v4 + v5[0] + v5[1] + dyn[blockDim.x - 1 - t];
}

TEST_CASE("static shared variables stay apart from dynamic shared memory in every launch and block") {
  cusim_test::ScopedWorkers one(1);  // one worker: every block reuses the same arena
  for (unsigned n : {32u, 256u, 64u, 1024u}) {
    cusim_test::ManagedArray<int> out(3 * n, 0);
    REQUIRE(cusim::launch(static_next_to_dynamic, dim3(3), dim3(n), n * sizeof(int), out.get()) == cudaSuccess);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (unsigned b = 0; b < 3; ++b)
      for (unsigned t = 0; t < n; ++t) CHECK(out[b * n + t] == 91 - int(n - 1 - t));
  }
}
