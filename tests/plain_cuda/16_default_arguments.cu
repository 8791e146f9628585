// Kernels with default arguments: the launch passes fewer arguments than the kernel has
// parameters, and the defaults (an integer, a float, a null pointer, an enumerator) are used.
// EXPECT: defaults: ok
// EXPECT: overridden: ok
#include "check.cuh"

enum class Mode { add, multiply };

__global__ void apply(int* data, int n, int amount = 10, float scale = 0.5f, int* flag = nullptr, Mode mode = Mode::add) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  data[i] = mode == Mode::add ? data[i] + amount : data[i] * amount;
  data[i] += static_cast<int>(scale * 2.0f);
  if (flag && i == 0) *flag = 1;
}

int main() {
  const int n = 50;
  int *data, *flag;
  CHECK_CUDA(cudaMallocManaged(&data, n * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&flag, sizeof(int)));
  for (int i = 0; i < n; ++i) data[i] = i;
  *flag = 0;
  apply<<<2, 32>>>(data, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = *flag != 0;
  for (int i = 0; i < n; ++i) wrong += data[i] != i + 10 + 1;
  report("defaults", wrong, 0);
  apply<<<2, 32>>>(data, n, 3, 1.0f, flag, Mode::multiply);
  CHECK_CUDA(cudaDeviceSynchronize());
  wrong = *flag != 1;
  for (int i = 0; i < n; ++i) wrong += data[i] != (i + 11) * 3 + 2;
  report("overridden", wrong, 0);
  return 0;
}
