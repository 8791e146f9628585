// __CUDA_ARCH__ as nvcc defines it: device code sees the architecture (a kernel body and a
// device function under #if __CUDA_ARCH__ run, with a __shared__ array declared there), host
// code sees it undefined.
// EXPECT: cuda_arch: ok
#include "check.cuh"

__device__ int doubled(int v) {
#ifdef __CUDA_ARCH__
  return 2 * v;
#else
  return -1;  // never compiled for the device
#endif
}

__global__ void arch(int* out) {
#if __CUDA_ARCH__ >= 700
  __shared__ int seen[32];
  seen[threadIdx.x] = __CUDA_ARCH__;
  __syncwarp();
  out[threadIdx.x] = doubled(seen[31 - threadIdx.x]);
#elif defined(__CUDA_ARCH__)
  out[threadIdx.x] = 1;
#else
  out[threadIdx.x] = -1;
#endif
}

// Host code sees __CUDA_ARCH__ undefined (nvcc's device pass reads main too, with it defined).
#ifndef __CUDA_ARCH__
constexpr int kSide = 7;
#else
constexpr int kSide = 9;
#endif

int main() {
  int* out;
  CHECK_CUDA(cudaMallocManaged(&out, 32 * sizeof(int)));
  arch<<<1, 32>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = kSide != 7;
  for (int i = 0; i < 32; ++i) wrong += out[i] < 1400;  // 2 * the architecture, 700 or later
  report("cuda_arch", wrong, 0);
  return 0;
}
