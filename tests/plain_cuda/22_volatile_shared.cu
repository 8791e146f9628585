// A volatile __shared__ array, summed by a warp with __syncwarp between the steps.
// EXPECT: warp sum: ok
#include "check.cuh"

__global__ void warp_sum(const int* in, int* out) {
  volatile __shared__ int partial[32];
  const int t = threadIdx.x;
  partial[t] = in[t];
  __syncwarp();
  for (int s = 16; s > 0; s /= 2) {
    const int v = t < s ? partial[t + s] : 0;
    __syncwarp();
    if (t < s) partial[t] = partial[t] + v;
    __syncwarp();
  }
  if (t == 0) *out = partial[0];
}

int main() {
  int *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, 32 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, sizeof(int)));
  for (int i = 0; i < 32; ++i) in[i] = i * i;
  warp_sum<<<1, 32>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long want = 0;
  for (int i = 0; i < 32; ++i) want += i * i;
  report("warp sum", *out, want);
  return 0;
}
