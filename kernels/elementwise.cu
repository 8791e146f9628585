#include "elementwise.hpp"

#include "launch_config.hpp"

namespace cusim::kernels {

namespace {
constexpr unsigned kThreads = 256;
}

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
  if (n <= 0) return cudaSuccess;  // a grid of 0 blocks is an invalid configuration
  return cusim::launch(vector_add_kernel, dim3(blocks_for(n, kThreads)), dim3(kThreads), 0, stream, a, b, c, n);
}

__global__ void saxpy_kernel(float alpha, const float* x, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = alpha * x[i] + y[i];
}

cudaError_t saxpy(float alpha, const float* x, float* y, int n, cudaStream_t stream) {
  if (n <= 0) return cudaSuccess;
  return cusim::launch(saxpy_kernel, dim3(blocks_for(n, kThreads)), dim3(kThreads), 0, stream, alpha, x, y, n);
}

__global__ void square_kernel(const float* in, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * in[i];
}

cudaError_t square(const float* in, float* out, int n, cudaStream_t stream) {
  if (n <= 0) return cudaSuccess;
  return cusim::launch(square_kernel, dim3(blocks_for(n, kThreads)), dim3(kThreads), 0, stream, in, out, n);
}

}  // namespace cusim::kernels
