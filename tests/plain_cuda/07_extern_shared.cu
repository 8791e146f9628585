// Dynamic shared memory: extern __shared__ sized by the launch's third argument.
// EXPECT: scale: ok
#include "check.cuh"

__global__ void scale(const float* in, float* out, float factor) {
  extern __shared__ float buffer[];
  buffer[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x] * factor;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buffer[(threadIdx.x + 1) % blockDim.x];
}

int main() {
  const int threads = 96, blocks = 3, n = threads * blocks;
  float *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, n * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(float)));
  for (int i = 0; i < n; ++i) in[i] = static_cast<float>(i);
  scale<<<blocks, threads, threads * sizeof(float)>>>(in, out, 2.0f);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < n; ++i) {
    const int b = i / threads, t = i % threads;
    wrong += out[i] != 2.0f * in[b * threads + (t + 1) % threads];
  }
  report("scale", wrong, 0);
  return 0;
}
