// Elementwise kernels: one thread per element, the grid rounded up to whole blocks and the threads
// past the end kept out by a bounds check. Each launch helper uses 256 threads per block (a
// multiple of the warp size that keeps enough blocks in flight), launches nothing for n == 0, and
// returns the launch's error; the kernel runs asynchronously on `stream`.
#pragma once
#include <cusim/cusim.hpp>

namespace cusim::kernels {

// c[i] = a[i] + b[i]
__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n);
cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream = 0);

// y[i] = alpha * x[i] + y[i]   (BLAS saxpy, in place on y)
__global__ void saxpy_kernel(float alpha, const float* x, float* y, int n);
cudaError_t saxpy(float alpha, const float* x, float* y, int n, cudaStream_t stream = 0);

// out[i] = in[i] * in[i]   (out may be in: each thread reads its element before writing it)
__global__ void square_kernel(const float* in, float* out, int n);
cudaError_t square(const float* in, float* out, int n, cudaStream_t stream = 0);

}  // namespace cusim::kernels
