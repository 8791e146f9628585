// Templated kernels launched with explicit template arguments, a type and a value.
// EXPECT: axpy float: ok
// EXPECT: axpy int: ok
#include "check.cuh"

template <class T, int Unroll>
__global__ void axpy(T a, const T* x, T* y, int n) {
  const int base = (blockIdx.x * blockDim.x + threadIdx.x) * Unroll;
  for (int u = 0; u < Unroll; ++u)
    if (base + u < n) y[base + u] += a * x[base + u];
}

template <class T>
long long check(int n) {
  T *x, *y;
  CHECK_CUDA(cudaMallocManaged(&x, n * sizeof(T)));
  CHECK_CUDA(cudaMallocManaged(&y, n * sizeof(T)));
  for (int i = 0; i < n; ++i) x[i] = T(i % 5), y[i] = T(1);
  axpy<T, 4><<<(n + 127) / 128, 32>>>(T(3), x, y, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < n; ++i) wrong += y[i] != T(1) + T(3) * T(i % 5);
  return wrong;
}

int main() {
  report("axpy float", check<float>(1000), 0);
  report("axpy int", check<int>(517), 0);
  return 0;
}
