// Two kernels each declaring their dynamic shared memory with a different element type (under
// different names: CUDA gives every extern __shared__ declaration of one name the same type).
// EXPECT: ints: ok
// EXPECT: doubles: ok
#include "check.cuh"

__global__ void ints(int* out) {
  extern __shared__ int shared_ints[];
  shared_ints[threadIdx.x] = threadIdx.x * 3;
  __syncthreads();
  out[threadIdx.x] = shared_ints[blockDim.x - 1 - threadIdx.x];
}

__global__ void doubles(double* out) {
  extern __shared__ double shared_doubles[];
  shared_doubles[threadIdx.x] = threadIdx.x * 0.25;
  __syncthreads();
  out[threadIdx.x] = shared_doubles[blockDim.x - 1 - threadIdx.x];
}

int main() {
  int* i;
  double* d;
  CHECK_CUDA(cudaMallocManaged(&i, 40 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&d, 40 * sizeof(double)));
  ints<<<1, 40, 40 * sizeof(int)>>>(i);
  doubles<<<1, 40, 40 * sizeof(double)>>>(d);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wi = 0, wd = 0;
  for (int k = 0; k < 40; ++k) wi += i[k] != (39 - k) * 3, wd += d[k] != (39 - k) * 0.25;
  report("ints", wi, 0);
  report("doubles", wd, 0);
  return 0;
}
