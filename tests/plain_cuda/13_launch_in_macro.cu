// Launches written inside macros: the chevrons in the macro's body, the kernel and the
// configuration from its arguments, and a whole launch-and-check macro.
// EXPECT: macro launch: ok
// EXPECT: checked launch: ok
#include "check.cuh"

#define LAUNCH_1D(kernel, n, ...) kernel<<<((n) + 63) / 64, 64>>>(__VA_ARGS__)
#define LAUNCH_AND_CHECK(kernel, grid, block, ...) \
  do {                                             \
    kernel<<<grid, block>>>(__VA_ARGS__);          \
    CHECK_CUDA(cudaGetLastError());                \
    CHECK_CUDA(cudaDeviceSynchronize());           \
  } while (0)

__global__ void iota(int* out, int n, int start) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = start + i;
}

int main() {
  const int n = 300;
  int* out;
  CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(int)));
  LAUNCH_1D(iota, n, out, n, 5);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != 5 + i;
  report("macro launch", wrong, 0);
  LAUNCH_AND_CHECK(iota, 5, 64, out, n, -7);
  wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != -7 + i;
  report("checked launch", wrong, 0);
  return 0;
}
