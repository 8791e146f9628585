// A __shared__ array at namespace scope, used by a kernel and by the device function it calls.
// EXPECT: rotate: ok
#include "check.cuh"

__shared__ float staging[64];

__device__ float neighbour(int t) { return staging[(t + 1) % blockDim.x]; }

__global__ void rotate(const float* in, float* out) {
  staging[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = neighbour(threadIdx.x);
}

int main() {
  float *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, 64 * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&out, 64 * sizeof(float)));
  for (int i = 0; i < 64; ++i) in[i] = static_cast<float>(i);
  rotate<<<1, 64>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < 64; ++i) wrong += out[i] != in[(i + 1) % 64];
  report("rotate", wrong, 0);
  return 0;
}
