// Launches under preprocessor conditionals and in statement positions: the body of an if, a
// for, a ternary's branches and a (void) cast.
// EXPECT: positions: ok
#include "check.cuh"

#define USE_SECOND 1

__global__ void add(int* v, int amount) { v[threadIdx.x] += amount; }

int main() {
  int* v;
  CHECK_CUDA(cudaMallocManaged(&v, 16 * sizeof(int)));
  for (int i = 0; i < 16; ++i) v[i] = 0;
#if USE_SECOND
  add<<<1, 16>>>(v, 1);
#else
  add<<<1, 16>>>(v, 1000);
#endif
  if (v != nullptr) add<<<1, 16>>>(v, 2);
  for (int k = 0; k < 3; ++k) add<<<1, 16>>>(v, 10);
  true ? add<<<1, 16>>>(v, 100) : add<<<1, 16>>>(v, 5000);
  (void)add<<<1, 16>>>(v, 1000);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < 16; ++i) wrong += v[i] != 1 + 2 + 30 + 100 + 1000;
  report("positions", wrong, 0);
  return 0;
}
