// CUDA's built-in variables are names, not macros: a member, a parameter or a local of the user's
// called gridDim, blockDim, threadIdx or warpSize is the user's own, while the built-ins keep
// their meaning everywhere else, macros and templates included.
// EXPECT: builtin_members: ok
// EXPECT: builtin_values: ok
// EXPECT: builtin_shadowed: ok
#include <cstdio>

#include "check.cuh"

// A launch's shape as a program might describe it, with CUDA's names as members.
struct LaunchShape {
  dim3 gridDim;
  dim3 blockDim;
  int warpSize;
};

#define GLOBAL_INDEX (blockIdx.x * blockDim.x + threadIdx.x)

// A parameter named like a built-in is the parameter.
__device__ unsigned scaled(unsigned threadIdx) { return threadIdx * 10u; }

template <int Stride>
__global__ void fill(unsigned* out, LaunchShape shape) {
  const unsigned i = GLOBAL_INDEX;
  if (i >= shape.gridDim.x * shape.blockDim.x) return;
  unsigned v = i * Stride + (gridDim.x - shape.gridDim.x) + (blockDim.x - shape.blockDim.x);
  v += warpSize - shape.warpSize;  // 0: both 32
  out[i] = v;
}

__global__ void shadowed(unsigned* out) {
  const unsigned blockDim = 7;  // the local, not the built-in
  out[threadIdx.x] = scaled(threadIdx.x) + blockDim;
}

int main() {
  LaunchShape shape{dim3(3), dim3(64), 32};
  unsigned n = shape.gridDim.x * shape.blockDim.x;
  report("builtin_members", shape.gridDim.x * 1000 + shape.blockDim.x + shape.warpSize, 3000 + 64 + 32);

  unsigned* out;
  CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(unsigned)));
  fill<3><<<shape.gridDim, shape.blockDim>>>(out, shape);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (unsigned i = 0; i < n; ++i) wrong += out[i] != i * 3;
  report("builtin_values", wrong, 0);

  shadowed<<<1, 32>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  wrong = 0;
  for (unsigned i = 0; i < 32; ++i) wrong += out[i] != i * 10 + 7;
  report("builtin_shadowed", wrong, 0);
  CHECK_CUDA(cudaFree(out));
  return 0;
}
