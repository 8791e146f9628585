// The templated extern-shared idiom of NVIDIA's samples: a struct whose conversion operator
// declares the dynamic buffer with __align__, one instantiation per element type.
// EXPECT: float reduce: ok
// EXPECT: double reduce: ok
#include "check.cuh"

template <class T>
struct SharedMemory {
  __device__ inline operator T*() {
    extern __shared__ __align__(sizeof(T)) unsigned char smem[];
    return reinterpret_cast<T*>(smem);
  }
};

template <class T>
__global__ void reduce(const T* in, T* out, unsigned n) {
  T* sdata = SharedMemory<T>();
  const unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  sdata[t] = i < n ? in[i] : T(0);
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) sdata[t] += sdata[t + s];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = sdata[0];
}

template <class T>
long long run(unsigned n) {
  const unsigned threads = 64, blocks = (n + threads - 1) / threads;
  T *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, n * sizeof(T)));
  CHECK_CUDA(cudaMallocManaged(&out, blocks * sizeof(T)));
  for (unsigned i = 0; i < n; ++i) in[i] = T(1);
  reduce<T><<<blocks, threads, threads * sizeof(T)>>>(in, out, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  T total = 0;
  for (unsigned b = 0; b < blocks; ++b) total += out[b];
  return static_cast<long long>(total);
}

int main() {
  report("float reduce", run<float>(1000), 1000);
  report("double reduce", run<double>(333), 333);
  return 0;
}
