// What cuda-samples write and nvcc takes: cudaMalloc into a const T* (HSOpticalFlow), an object
// built by placement new in shared memory (newdelete), a __grid_constant__ parameter
// (LargeKernelParameter), and the scoped atomics atomicAdd_system, atomicInc_block...
// (systemWideAtomics).
// EXPECT: const pointer: 10 10 10 10
// EXPECT: placement new: 4 32
// EXPECT: grid constant: 496
// EXPECT: scoped atomics: 64 64 0 0 64 127 1 64
#include <new>

#include "check.cuh"

__global__ void fill(float* p) { p[threadIdx.x] = 10.0f; }
__global__ void copy(const float* in, float* out) { out[threadIdx.x] = in[threadIdx.x]; }

struct Counter {
  int count, limit;
  __device__ Counter(int l) : count(0), limit(l) {}
};
__global__ void build(int* out) {
  __shared__ __align__(8) unsigned char storage[sizeof(Counter)];
  __shared__ Counter* counter;
  if (threadIdx.x == 0) counter = new (storage) Counter(blockDim.x);
  __syncthreads();
  atomicAdd(&counter->count, 1);
  __syncthreads();
  if (threadIdx.x == 0) {
    out[0] = counter->count / 8;
    out[1] = counter->limit;
  }
}

struct Table {
  int values[32];
};
__global__ void sum(const __grid_constant__ Table table, int* out) { atomicAdd(out, table.values[threadIdx.x]); }

__global__ void scoped(unsigned* c) {
  atomicAdd_system(&c[0], 1u);
  atomicAdd_block(&c[1], 1u);
  atomicInc_block(&c[2], 31u);  // 0 after 31: 64 increments come back to 0
  atomicDec_system(&c[3], 0u);  // at 0 it becomes the limit, 0
  atomicOr_block(&c[4], 64u);
  atomicMax_system(&c[5], threadIdx.x + 64u);
  atomicCAS_block(&c[6], 0u, 1u);
  atomicExch_system(&c[7], 64u);
}

int main() {
  const float* in;
  float* out;
  CHECK_CUDA(cudaMalloc(&in, 4 * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&out, 4 * sizeof(float)));
  fill<<<1, 4>>>(const_cast<float*>(in));
  copy<<<1, 4>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("const pointer: %g %g %g %g\n", out[0], out[1], out[2], out[3]);

  int* built;
  CHECK_CUDA(cudaMallocManaged(&built, 2 * sizeof(int)));
  build<<<1, 32>>>(built);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("placement new: %d %d\n", built[0], built[1]);

  Table table;
  for (int i = 0; i < 32; ++i) table.values[i] = i;
  int* total;
  CHECK_CUDA(cudaMallocManaged(&total, sizeof(int)));
  *total = 0;
  sum<<<1, 32>>>(table, total);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("grid constant: %d\n", *total);

  unsigned* c;
  CHECK_CUDA(cudaMallocManaged(&c, 8 * sizeof(unsigned)));
  for (int i = 0; i < 8; ++i) c[i] = 0;
  scoped<<<1, 64>>>(c);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("scoped atomics: %u %u %u %u %u %u %u %u\n", c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]);
  CHECK_CUDA(cudaFree(const_cast<float*>(in)));
  CHECK_CUDA(cudaFree(out));
  CHECK_CUDA(cudaFree(built));
  CHECK_CUDA(cudaFree(total));
  CHECK_CUDA(cudaFree(c));
  return 0;
}
