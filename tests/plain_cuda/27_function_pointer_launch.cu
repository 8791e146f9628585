// Launching through a pointer to a kernel, chosen at run time.
// EXPECT: add: ok
// EXPECT: sub: ok
#include "check.cuh"

__global__ void add_one(int* v) { v[threadIdx.x] += 1; }
__global__ void sub_one(int* v) { v[threadIdx.x] -= 1; }

// Launches `kernel` twice and counts the elements that are not `start + i`.
long long twice(void (*kernel)(int*), int* v, int start) {
  kernel<<<1, 32>>>(v);
  kernel<<<1, 32>>>(v);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < 32; ++i) wrong += v[i] != start + i;
  return wrong;
}

int main() {
  int* v;
  CHECK_CUDA(cudaMallocManaged(&v, 32 * sizeof(int)));
  for (int i = 0; i < 32; ++i) v[i] = i;
  void (*kernels[2])(int*) = {add_one, sub_one};
  report("add", twice(kernels[0], v, 2), 0);
  report("sub", twice(kernels[1], v, 0), 0);
  return 0;
}
