// Overloaded kernels: the launch picks the overload by its arguments, as a call does.
// EXPECT: int overload: ok
// EXPECT: float overload: ok
#include "check.cuh"

__global__ void bump(int* v) { v[threadIdx.x] += 1; }
__global__ void bump(float* v) { v[threadIdx.x] += 0.5f; }

int main() {
  int* i;
  float* f;
  CHECK_CUDA(cudaMallocManaged(&i, 32 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&f, 32 * sizeof(float)));
  for (int k = 0; k < 32; ++k) i[k] = k, f[k] = static_cast<float>(k);
  bump<<<1, 32>>>(i);
  bump<<<1, 32>>>(f);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wi = 0, wf = 0;
  for (int k = 0; k < 32; ++k) wi += i[k] != k + 1, wf += f[k] != k + 0.5f;
  report("int overload", wi, 0);
  report("float overload", wf, 0);
  return 0;
}
