// A kernel taking structs by value (copied at launch, as CUDA copies them), with many parameters.
// EXPECT: struct args: ok
#include "check.cuh"

struct Params {
  int width, height;
  float scale;
  int offsets[4];
};

__global__ void use_params(Params p, int a, int b, int c, int d, int e, int* out) {
  const int i = threadIdx.x;
  out[i] = static_cast<int>(p.scale * (p.width + p.height)) + p.offsets[i % 4] + a + b + c + d + e;
}

int main() {
  int* out;
  CHECK_CUDA(cudaMallocManaged(&out, 8 * sizeof(int)));
  Params p{3, 4, 2.0f, {10, 20, 30, 40}};
  use_params<<<1, 8>>>(p, 1, 2, 3, 4, 5, out);
  p.scale = 100.0f;  // after the launch: the kernel has its own copy
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < 8; ++i) wrong += out[i] != 14 + (i % 4 + 1) * 10 + 15;
  report("struct args", wrong, 0);
  return 0;
}
