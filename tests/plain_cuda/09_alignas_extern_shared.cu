// Dynamic shared memory declared with alignas, carved into a double array and an int array.
// EXPECT: carve: ok
#include "check.cuh"

__global__ void carve(double* out_d, int* out_i, int n) {
  alignas(16) extern __shared__ unsigned char raw[];
  double* d = reinterpret_cast<double*>(raw);
  int* k = reinterpret_cast<int*>(raw + n * sizeof(double));
  d[threadIdx.x] = 0.5 * threadIdx.x;
  k[threadIdx.x] = 3 * threadIdx.x;
  __syncthreads();
  out_d[threadIdx.x] = d[n - 1 - threadIdx.x];
  out_i[threadIdx.x] = k[n - 1 - threadIdx.x];
}

int main() {
  const int n = 48;
  double* d;
  int* k;
  CHECK_CUDA(cudaMallocManaged(&d, n * sizeof(double)));
  CHECK_CUDA(cudaMallocManaged(&k, n * sizeof(int)));
  carve<<<1, n, n * (sizeof(double) + sizeof(int))>>>(d, k, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < n; ++i) wrong += d[i] != 0.5 * (n - 1 - i) || k[i] != 3 * (n - 1 - i);
  report("carve", wrong, 0);
  return 0;
}
