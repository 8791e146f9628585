// __shared__ in a static member function of a class template, and a kernel that is a static
// member function template launched through the class.
// EXPECT: block max: ok
#include "check.cuh"

template <int Threads>
struct BlockMax {
  __device__ static int reduce(int v) {
    __shared__ int values[Threads];
    values[threadIdx.x] = v;
    __syncthreads();
    for (unsigned s = Threads / 2; s > 0; s /= 2) {
      if (threadIdx.x < s && values[threadIdx.x + s] > values[threadIdx.x]) values[threadIdx.x] = values[threadIdx.x + s];
      __syncthreads();
    }
    return values[0];
  }
};

template <int Threads>
__global__ void max_kernel(const int* in, int* out) {
  const int m = BlockMax<Threads>::reduce(in[blockIdx.x * Threads + threadIdx.x]);
  if (threadIdx.x == 0) out[blockIdx.x] = m;
}

int main() {
  int *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, 3 * 128 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, 3 * sizeof(int)));
  for (int i = 0; i < 3 * 128; ++i) in[i] = (i * 7919) % 1000;
  max_kernel<128><<<3, 128>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int b = 0; b < 3; ++b) {
    int m = 0;
    for (int i = 0; i < 128; ++i) m = in[b * 128 + i] > m ? in[b * 128 + i] : m;
    wrong += out[b] != m;
  }
  report("block max", wrong, 0);
  return 0;
}
