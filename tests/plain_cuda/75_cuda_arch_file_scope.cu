// __CUDA_ARCH__ in conditionals at file scope, as CUDA programs guard device helpers that need an
// architecture (cuda-samples' warpAggregatedAtomicsCG): a chain whose branches declare device code
// only is device code, so the helpers exist and the kernels that call them run; a chain that
// guards host code keeps its host meaning (__CUDA_ARCH__ undefined).
// EXPECT: arch_helper: 700
// EXPECT: ifdef_branch: device
// EXPECT: host_only_function: 1
// EXPECT: mixed_chain: host
#include "check.cuh"

#if __CUDA_ARCH__ >= 700
template <typename T>
__device__ T at_least_volta(T value) {
  return value * 100;
}
__device__ __forceinline__ int seven() { return 7; }
#endif

#ifdef __CUDA_ARCH__
__device__ const char* which_branch() { return "device"; }
#else
__device__ const char* which_branch() { return "host"; }
#endif

#ifndef __CUDA_ARCH__
int host_only_function() { return 1; }
#endif

#if !defined(__CUDA_ARCH__)
static const char* mixed_chain() { return "host"; }
#else
__device__ int mixed_device_helper() { return 2; }
#endif

__global__ void arch_kernel(int* out, char* text) {
#if __CUDA_ARCH__ >= 700
  out[0] = at_least_volta(seven());
#else
  out[0] = -1;
#endif
  const char* branch = which_branch();
  for (int k = 0; k < 7; ++k) text[k] = branch[k];
}

int main() {
  int* out;
  char* text;
  CHECK_CUDA(cudaMallocManaged(&out, sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&text, 8));
  arch_kernel<<<1, 1>>>(out, text);
  CHECK_CUDA(cudaDeviceSynchronize());
  text[7] = 0;
  std::printf("arch_helper: %d\n", out[0]);
  std::printf("ifdef_branch: %s\n", text);
  // nvcc's device pass reads main too: host-only names are used under the same guard.
#ifndef __CUDA_ARCH__
  std::printf("host_only_function: %d\n", host_only_function());
  std::printf("mixed_chain: %s\n", mixed_chain());
#endif
  CHECK_CUDA(cudaFree(out));
  CHECK_CUDA(cudaFree(text));
  return 0;
}
