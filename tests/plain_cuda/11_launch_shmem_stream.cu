// The four-argument launch: dynamic shared bytes and a stream, on two streams.
// EXPECT: stream a: ok
// EXPECT: stream b: ok
#include "check.cuh"

__global__ void fill(int* out, int value) {
  extern __shared__ int s[];
  s[threadIdx.x] = value + threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

int main() {
  int *a, *b;
  CHECK_CUDA(cudaMallocManaged(&a, 64 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&b, 64 * sizeof(int)));
  cudaStream_t s1, s2;
  CHECK_CUDA(cudaStreamCreate(&s1));
  CHECK_CUDA(cudaStreamCreate(&s2));
  fill<<<1, 64, 64 * sizeof(int), s1>>>(a, 100);
  fill<<<dim3(1), dim3(64), 64 * sizeof(int), s2>>>(b, 200);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaStreamSynchronize(s1));
  CHECK_CUDA(cudaStreamSynchronize(s2));
  long long wa = 0, wb = 0;
  for (int i = 0; i < 64; ++i) wa += a[i] != 100 + i, wb += b[i] != 200 + i;
  report("stream a", wa, 0);
  report("stream b", wb, 0);
  CHECK_CUDA(cudaStreamDestroy(s1));
  CHECK_CUDA(cudaStreamDestroy(s2));
  return 0;
}
