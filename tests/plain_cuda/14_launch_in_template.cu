// A launch inside a host function template, whose kernel depends on the template parameter.
// EXPECT: fill 7: ok
// EXPECT: fill 2.5: ok
#include "check.cuh"

template <class T>
__global__ void fill_kernel(T* out, int n, T value) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = value;
}

template <class T>
long long fill(int n, T value) {
  T* out;
  CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(T)));
  fill_kernel<<<(n + 31) / 32, 32>>>(out, n, value);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != value;
  CHECK_CUDA(cudaFree(out));
  return wrong;
}

int main() {
  report("fill 7", fill(100, 7), 0);
  report("fill 2.5", fill(77, 2.5), 0);
  return 0;
}
