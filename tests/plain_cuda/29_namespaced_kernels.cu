// Kernels in namespaces, launched with qualified names, with a namespace-scope __shared__
// array inside a namespace.
// EXPECT: qualified: ok
// EXPECT: nested: ok
#include "check.cuh"

namespace math {
__shared__ int scratch[32];
__global__ void negate(int* v) {
  scratch[threadIdx.x] = -v[threadIdx.x];
  __syncthreads();
  v[threadIdx.x] = scratch[threadIdx.x];
}
namespace detail {
__global__ void twice(int* v) { v[threadIdx.x] *= 2; }
}  // namespace detail
}  // namespace math

int main() {
  int* v;
  CHECK_CUDA(cudaMallocManaged(&v, 32 * sizeof(int)));
  for (int i = 0; i < 32; ++i) v[i] = i;
  math::negate<<<1, 32>>>(v);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < 32; ++i) wrong += v[i] != -i;
  report("qualified", wrong, 0);
  ::math::detail::twice<<<1, 32>>>(v);
  CHECK_CUDA(cudaDeviceSynchronize());
  wrong = 0;
  for (int i = 0; i < 32; ++i) wrong += v[i] != -2 * i;
  report("nested", wrong, 0);
  return 0;
}
