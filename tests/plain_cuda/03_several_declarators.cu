// Several __shared__ variables in one declaration: an array, a scalar and a second array.
// EXPECT: sum: ok
// EXPECT: max: ok
#include "check.cuh"

__global__ void sum_and_max(const int* in, int* out) {
  __shared__ int partial[64], total, biggest[64];
  const int t = threadIdx.x;
  partial[t] = in[t];
  biggest[t] = in[t];
  if (t == 0) total = 0;
  __syncthreads();
  for (int s = 32; s > 0; s /= 2) {
    if (t < s) {
      partial[t] += partial[t + s];
      biggest[t] = biggest[t] > biggest[t + s] ? biggest[t] : biggest[t + s];
    }
    __syncthreads();
  }
  if (t == 0) {
    total = partial[0];
    out[0] = total;
    out[1] = biggest[0];
  }
}

int main() {
  int *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, 64 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, 2 * sizeof(int)));
  for (int i = 0; i < 64; ++i) in[i] = (i * 37) % 101;
  sum_and_max<<<1, 64>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long sum = 0, big = 0;
  for (int i = 0; i < 64; ++i) sum += in[i], big = in[i] > big ? in[i] : big;
  report("sum", out[0], sum);
  report("max", out[1], big);
  return 0;
}
