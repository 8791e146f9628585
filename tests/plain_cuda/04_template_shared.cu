// __shared__ arrays whose type and size come from template parameters, instantiated twice.
// EXPECT: int block sum: ok
// EXPECT: double block sum: ok
#include "check.cuh"

template <class T, int N>
__global__ void block_sum(const T* in, T* out) {
  __shared__ T cache[N];
  const int t = threadIdx.x;
  cache[t] = in[blockIdx.x * N + t];
  __syncthreads();
  for (int s = N / 2; s > 0; s /= 2) {
    if (t < s) cache[t] += cache[t + s];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = cache[0];
}

template <class T, int N>
long long run(int blocks) {
  T *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, blocks * N * sizeof(T)));
  CHECK_CUDA(cudaMallocManaged(&out, blocks * sizeof(T)));
  for (int i = 0; i < blocks * N; ++i) in[i] = static_cast<T>(i % 7);
  block_sum<T, N><<<blocks, N>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long total = 0;
  for (int b = 0; b < blocks; ++b) total += static_cast<long long>(out[b]);
  CHECK_CUDA(cudaFree(in));
  CHECK_CUDA(cudaFree(out));
  return total;
}

int main() {
  long long want_int = 0, want_double = 0;
  for (int i = 0; i < 4 * 64; ++i) want_int += i % 7;
  for (int i = 0; i < 3 * 128; ++i) want_double += i % 7;
  report("int block sum", run<int, 64>(4), want_int);
  report("double block sum", run<double, 128>(3), want_double);
  return 0;
}
