// __shared__ sizes from a constexpr, a sizeof, an enumerator and a template's static member.
// EXPECT: sizes: ok
#include "check.cuh"

constexpr int kCount = 24;
enum { kWords = 8 };
template <class T>
struct Traits {
  static constexpr int per_block = 16 / sizeof(T) * 4;
};

__global__ void sizes(int* out) {
  __shared__ int a[kCount];
  __shared__ char bytes[sizeof(double) * 3];
  __shared__ unsigned words[kWords];
  __shared__ short shorts[Traits<short>::per_block];
  if (threadIdx.x == 0) {
    out[0] = sizeof(a);
    out[1] = sizeof(bytes);
    out[2] = sizeof(words);
    out[3] = sizeof(shorts);
  }
}

int main() {
  int* out;
  CHECK_CUDA(cudaMallocManaged(&out, 4 * sizeof(int)));
  sizes<<<1, 1>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  const long long wrong = (out[0] != 96) + (out[1] != 24) + (out[2] != 32) + (out[3] != 64);
  report("sizes", wrong, 0);
  return 0;
}
