// Launch configurations with >> and < inside them, and a template argument with a comparison.
// EXPECT: shifted grid: ok
// EXPECT: comparison argument: ok
#include "check.cuh"

template <bool Flag>
__global__ void mark(int* out) { out[blockIdx.x * blockDim.x + threadIdx.x] = Flag ? 1 : 2; }

int main() {
  const int n = 256;
  int* out;
  CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(int)));
  mark<true><<<n >> 6, (n >> 2) < 100 ? 64 : 128>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != 1;
  report("shifted grid", wrong, 0);
  mark<(3 < 2)><<<(n >> 5) >> 1, (1 << 5) >> 0>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  wrong = 0;
  for (int i = 0; i < 128; ++i) wrong += out[i] != 2;
  report("comparison argument", wrong, 0);
  return 0;
}
