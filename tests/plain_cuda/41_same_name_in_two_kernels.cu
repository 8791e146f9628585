// The same __shared__ name in two kernels with different sizes: two distinct variables.
// EXPECT: kernel a: ok
// EXPECT: kernel b: ok
#include "check.cuh"

__global__ void a(int* out) {
  __shared__ int tile[16];
  tile[threadIdx.x] = 1;
  __syncthreads();
  int s = 0;
  for (int i = 0; i < 16; ++i) s += tile[i];
  out[threadIdx.x] = s;
}

__global__ void b(int* out) {
  __shared__ int tile[64];
  tile[threadIdx.x] = 2;
  __syncthreads();
  int s = 0;
  for (int i = 0; i < 64; ++i) s += tile[i];
  out[threadIdx.x] = s;
}

int main() {
  int* out;
  CHECK_CUDA(cudaMallocManaged(&out, 64 * sizeof(int)));
  a<<<1, 16>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  report("kernel a", out[15], 16);
  b<<<1, 64>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  report("kernel b", out[63], 128);
  return 0;
}
