// A static __shared__ array in a kernel: reverse a block's elements through it.
// EXPECT: reverse: ok
#include "check.cuh"

__global__ void reverse(const int* in, int* out) {
  __shared__ int tile[128];
  const int t = threadIdx.x;
  tile[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = tile[blockDim.x - 1 - t];
}

int main() {
  const int n = 256;
  int *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, n * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(int)));
  for (int i = 0; i < n; ++i) in[i] = i;
  reverse<<<2, 128>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != (i / 128) * 128 + 127 - i % 128;
  report("reverse", wrong, 0);
  return 0;
}
