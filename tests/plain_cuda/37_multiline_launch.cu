// A launch written over several lines, with comments between its parts.
// EXPECT: multiline: ok
#include "check.cuh"

__global__ void weighted(const float* a, const float* b, float* out, float wa, float wb, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = wa * a[i] + wb * b[i];
}

int main() {
  const int n = 150;
  float *a, *b, *out;
  CHECK_CUDA(cudaMallocManaged(&a, n * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&b, n * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(float)));
  for (int i = 0; i < n; ++i) a[i] = 1.0f, b[i] = static_cast<float>(i);
  weighted<<<
      (n + 31) / 32,  // blocks
      32              // threads
      >>>(a,
          b,
          out,
          0.5f, 2.0f,  // weights
          n);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != 0.5f + 2.0f * i;
  report("multiline", wrong, 0);
  return 0;
}
