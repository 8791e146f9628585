// Device-side malloc, free, new and delete as CUDA programs use them: per-thread scratch blocks,
// a block that outlives its kernel and is freed by the next one, objects with constructors and
// destructors (arrays of them, and a derived object deleted through its base), a host-device
// function that allocates on either side, and the heap's limit: cudaLimitMallocHeapSize is set
// before any kernel allocates (1 MiB reads back as the GPU's 4 MiB), a request beyond it gives
// nullptr, and the limit is fixed once a kernel has allocated.
// EXPECT: heap_limit_5000KiB: 5177344
// EXPECT: set_limit_before: cudaSuccess
// EXPECT: heap_limit: 4194304
// EXPECT: scratch_sums: ok
// EXPECT: persistent_block: ok
// EXPECT: constructions: ok
// EXPECT: destructions: ok
// EXPECT: derived_deleted: ok
// EXPECT: host_device_alloc: ok
// EXPECT: small_blocks_fit: ok
// EXPECT: over_limit_is_null: ok
// EXPECT: set_limit_after: cudaErrorInvalidValue
#include <cstdlib>

#include "check.cuh"

__device__ int* persistent[2];
__device__ int constructed;
__device__ int destroyed;
__device__ int derived_destroyed;

__global__ void scratch_sums(int* out) {
  int* scratch = static_cast<int*>(malloc(4 * sizeof(int)));
  for (int k = 0; k < 4; ++k) scratch[k] = threadIdx.x * k;
  out[blockIdx.x * blockDim.x + threadIdx.x] = scratch[0] + scratch[1] + scratch[2] + scratch[3];
  free(scratch);
}

__global__ void make_persistent() {
  if (threadIdx.x == 0) persistent[blockIdx.x] = static_cast<int*>(std::malloc(blockDim.x * sizeof(int)));
  __syncthreads();
  persistent[blockIdx.x][threadIdx.x] = blockIdx.x * 1000 + threadIdx.x;
}

__global__ void use_persistent(int* out) {
  int sum = 0;
  for (int k = 0; k < 32; ++k) sum += persistent[blockIdx.x][k];
  out[blockIdx.x] = sum;
  std::free(persistent[blockIdx.x]);
}

struct Counter {
  int value;
  __device__ Counter() : value(7) { atomicAdd(&constructed, 1); }
  __device__ explicit Counter(int v) : value(v) { atomicAdd(&constructed, 1); }
  __device__ ~Counter() { atomicAdd(&destroyed, 1); }
};

struct Base {
  __device__ virtual ~Base() {}
  __device__ virtual int value() const { return 1; }
};
struct Derived : Base {
  int payload[3] = {4, 5, 6};
  __device__ ~Derived() override { atomicAdd(&derived_destroyed, 1); }
  __device__ int value() const override { return payload[0] + payload[1] + payload[2]; }
};

__global__ void objects(int* out) {
  Counter* one = new Counter(threadIdx.x);
  Counter* three = new Counter[3];
  int* plain = new int[5];
  for (int k = 0; k < 5; ++k) plain[k] = k;
  Base* b = new Derived;
  out[threadIdx.x] = one->value + three[0].value + three[1].value + three[2].value + plain[4] + b->value();
  delete one;
  delete[] three;
  delete[] plain;
  delete b;
}

__host__ __device__ int sum_through_heap(int n) {
  int* values = static_cast<int*>(malloc(n * sizeof(int)));
  for (int k = 0; k < n; ++k) values[k] = k;
  int sum = 0;
  for (int k = 0; k < n; ++k) sum += values[k];
  free(values);
  return sum;
}

__global__ void host_device(int* out) { out[threadIdx.x] = sum_through_heap(threadIdx.x + 1); }

__global__ void small_blocks(int* nulls) {
  void* p = malloc(1024);
  if (!p) atomicAdd(nulls, 1);
  free(p);
}

__global__ void over_limit(int* nulls) {
  void* p = malloc(8 << 20);
  if (!p) atomicAdd(nulls, 1);
  free(p);
}

int main() {
  // Before any kernel has allocated, the heap's size may change; it reads back in whole 64 KiB.
  std::size_t limit = 0;
  CHECK_CUDA(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 5000 << 10));
  CHECK_CUDA(cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize));
  std::printf("heap_limit_5000KiB: %zu\n", limit);
  std::printf("set_limit_before: %s\n", cudaGetErrorName(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 20)));
  CHECK_CUDA(cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize));
  std::printf("heap_limit: %zu\n", limit);  // at least 4 MiB, as the GPU reads it back

  int* out;
  CHECK_CUDA(cudaMallocManaged(&out, 128 * sizeof(int)));
  scratch_sums<<<2, 64>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < 128; ++i) wrong += out[i] != (i % 64) * 6;
  report("scratch_sums", wrong, 0);

  make_persistent<<<2, 32>>>();
  CHECK_CUDA(cudaDeviceSynchronize());
  use_persistent<<<2, 1>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  report("persistent_block", out[0] + out[1], 496 + 32 * 1000 + 496);

  objects<<<1, 32>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  wrong = 0;
  for (int i = 0; i < 32; ++i) wrong += out[i] != i + 21 + 4 + 15;
  int counts[3];
  CHECK_CUDA(cudaMemcpyFromSymbol(&counts[0], constructed, sizeof(int)));
  CHECK_CUDA(cudaMemcpyFromSymbol(&counts[1], destroyed, sizeof(int)));
  CHECK_CUDA(cudaMemcpyFromSymbol(&counts[2], derived_destroyed, sizeof(int)));
  report("constructions", counts[0] + wrong, 32 * 4);
  report("destructions", counts[1], 32 * 4);
  report("derived_deleted", counts[2], 32);

  host_device<<<1, 8>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  wrong = sum_through_heap(10) != 45;  // the host side: the C library's heap
  for (int i = 0; i < 8; ++i) wrong += out[i] != i * (i + 1) / 2;
  report("host_device_alloc", wrong, 0);

  int* nulls;
  CHECK_CUDA(cudaMallocManaged(&nulls, 2 * sizeof(int)));
  nulls[0] = nulls[1] = 0;
  small_blocks<<<1, 64>>>(&nulls[0]);
  over_limit<<<1, 1>>>(&nulls[1]);
  CHECK_CUDA(cudaDeviceSynchronize());
  report("small_blocks_fit", nulls[0], 0);
  report("over_limit_is_null", nulls[1], 1);

  std::printf("set_limit_after: %s\n", cudaGetErrorName(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 2 << 20)));
  CHECK_CUDA(cudaFree(nulls));
  CHECK_CUDA(cudaFree(out));
  return 0;
}
