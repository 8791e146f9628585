// Kernels, a __shared__ array and a launch in an #included header (include/stencil_kernels.cuh).
// EXPECT: stencil: ok
#include "check.cuh"
#include "include/stencil_kernels.cuh"

int main() {
  const int n = 200;
  int *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, n * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(int)));
  for (int i = 0; i < n; ++i) in[i] = i % 9;
  run_stencil(in, out, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < n; ++i) {
    int want = 0;
    for (int o = -kRadius; o <= kRadius; ++o) want += i + o >= 0 && i + o < n ? in[i + o] : 0;
    wrong += out[i] != want;
  }
  report("stencil", wrong, 0);
  return 0;
}
