// A kernel template that takes a functor by value, launched with two different functors.
// EXPECT: square: ok
// EXPECT: affine: ok
#include "check.cuh"

struct Square {
  __device__ float operator()(float x) const { return x * x; }
};
struct Affine {
  float a, b;
  __device__ float operator()(float x) const { return a * x + b; }
};

template <class F>
__global__ void transform(const float* in, float* out, int n, F f) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = f(in[i]);
}

int main() {
  const int n = 200;
  float *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, n * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(float)));
  for (int i = 0; i < n; ++i) in[i] = static_cast<float>(i % 13);
  transform<<<(n + 63) / 64, 64>>>(in, out, n, Square{});
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != in[i] * in[i];
  report("square", wrong, 0);
  transform<<<(n + 63) / 64, 64>>>(in, out, n, Affine{2.0f, -1.0f});
  CHECK_CUDA(cudaDeviceSynchronize());
  wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != 2.0f * in[i] - 1.0f;
  report("affine", wrong, 0);
  return 0;
}
