// `static __shared__` in a kernel (the static is implied in CUDA, and allowed).
// EXPECT: static shared: ok
#include "check.cuh"

__global__ void shift(int* v) {
  static __shared__ int s[32];
  s[threadIdx.x] = v[threadIdx.x];
  __syncthreads();
  v[threadIdx.x] = s[(threadIdx.x + 31) % 32];
}

int main() {
  int* v;
  CHECK_CUDA(cudaMallocManaged(&v, 32 * sizeof(int)));
  for (int i = 0; i < 32; ++i) v[i] = i;
  shift<<<1, 32>>>(v);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < 32; ++i) wrong += v[i] != (i + 31) % 32;
  report("static shared", wrong, 0);
  return 0;
}
