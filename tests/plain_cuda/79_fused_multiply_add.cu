// nvcc contracts a multiply followed by an add into one fused multiply-add (-fmad=true, its
// default), rounded once; cusim-nvcc does the same, so the bits are the GPU's. 1 + 2^-12 squared
// is 1 + 2^-11 + 2^-24: rounded before the add the result would be 0, fused it is 2^-24.
// EXPECT: fused: 5.96046e-08
#include <cstdio>

#include "check.cuh"

__global__ void multiply_add(const float* in, float* out) { out[0] = in[0] * in[1] + in[2]; }

int main() {
  float* p;
  CHECK_CUDA(cudaMallocManaged(&p, 4 * sizeof(float)));
  p[0] = p[1] = 1.0f + 1.0f / 4096;
  p[2] = -(1.0f + 1.0f / 2048);
  multiply_add<<<1, 1>>>(p, p + 3);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("fused: %g\n", p[3]);
  CHECK_CUDA(cudaFree(p));
  return 0;
}
