// __shared__ declared inside macros, as NVIDIA's samples write it (cudasharedmem.h's
// BUILD_SHAREDMEMORY_TYPE: one macro defines a specialization per element type, each declaring
// the dynamic buffer with a name passed in), and a static tile declared by a macro used in two
// kernels, each its own.
// EXPECT: int rotate: ok
// EXPECT: float rotate: ok
// EXPECT: tiles apart: ok
#include "check.cuh"

template <typename T>
struct SharedMemory {
  // Ensure that we won't compile any un-specialized types
  virtual __device__ T& operator*() = 0;
  virtual __device__ T& operator[](int i) = 0;
};

#define BUILD_SHAREDMEMORY_TYPE(t, n) \
  template <>                         \
  struct SharedMemory<t> {            \
    __device__ t& operator*() {       \
      extern __shared__ t n[];        \
      return *n;                      \
    }                                 \
    __device__ t& operator[](int i) { \
      extern __shared__ t n[];        \
      return n[i];                    \
    }                                 \
  }

BUILD_SHAREDMEMORY_TYPE(int, s_int);
BUILD_SHAREDMEMORY_TYPE(float, s_float);

#define DECLARE_TILE(name, size) __shared__ int name[size]

// Each thread stores its value, then reads its neighbour's through the same buffer.
template <typename T>
__global__ void rotate(const T* in, T* out) {
  SharedMemory<T> smem;
  const int t = threadIdx.x;
  smem[t] = in[t];
  __syncthreads();
  const T next = smem[(t + 1) % blockDim.x];
  __syncthreads();
  if (t == 0) *smem = T(-1);  // operator*: the buffer's first element
  __syncthreads();
  out[t] = next + (t == blockDim.x - 1 ? smem[0] + T(1) : T(0));
}

__global__ void fill_tile(int* out) {
  DECLARE_TILE(tile, 64);
  tile[threadIdx.x] = 1000 + threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[63 - threadIdx.x];
}
__global__ void other_tile(int* out) {
  DECLARE_TILE(tile, 64);
  tile[threadIdx.x] = -int(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] += tile[(threadIdx.x + 1) % 64];
}

template <typename T>
long long rotate_mismatches() {
  const int n = 64;
  T *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, n * sizeof(T)));
  CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(T)));
  for (int i = 0; i < n; ++i) in[i] = T(3 * i + 1);
  rotate<T><<<1, n, n * sizeof(T)>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != T(3 * ((i + 1) % n) + 1);
  CHECK_CUDA(cudaFree(in));
  CHECK_CUDA(cudaFree(out));
  return wrong;
}

int main() {
  report("int rotate", rotate_mismatches<int>(), 0);
  report("float rotate", rotate_mismatches<float>(), 0);
  int* out;
  CHECK_CUDA(cudaMallocManaged(&out, 64 * sizeof(int)));
  fill_tile<<<1, 64>>>(out);
  other_tile<<<1, 64>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < 64; ++i) wrong += out[i] != 1000 + (63 - i) - (i + 1) % 64;
  report("tiles apart", wrong, 0);
  CHECK_CUDA(cudaFree(out));
  return 0;
}
