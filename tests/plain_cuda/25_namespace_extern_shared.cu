// extern __shared__ at namespace scope (older CUDA style), used by two kernels and a device
// function, with different launch sizes.
// EXPECT: small: ok
// EXPECT: large: ok
#include "check.cuh"

extern __shared__ float dynamic_buffer[];

__device__ float mirrored(int t) { return dynamic_buffer[blockDim.x - 1 - t]; }

__global__ void mirror(const float* in, float* out) {
  dynamic_buffer[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = mirrored(threadIdx.x);
}

__global__ void halve(float* out) {
  dynamic_buffer[threadIdx.x] = out[threadIdx.x] / 2;
  __syncthreads();
  out[threadIdx.x] = dynamic_buffer[threadIdx.x];
}

int main() {
  float *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, 256 * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&out, 256 * sizeof(float)));
  for (int i = 0; i < 256; ++i) in[i] = static_cast<float>(i);
  mirror<<<1, 32, 32 * sizeof(float)>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < 32; ++i) wrong += out[i] != in[31 - i];
  report("small", wrong, 0);
  mirror<<<1, 256, 256 * sizeof(float)>>>(in, out);
  halve<<<1, 256, 256 * sizeof(float)>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  wrong = 0;
  for (int i = 0; i < 256; ++i) wrong += out[i] != in[255 - i] / 2;
  report("large", wrong, 0);
  return 0;
}
