// The cache-hinted loads and stores (__ldg, __ldcg, __ldca, __ldcs, __ldlu, __ldcv, __stwb,
// __stcg, __stcs, __stwt) for every type CUDA overloads them for: each moves the value's bits
// unchanged (a NaN's payload included).
// EXPECT: loads_and_stores: ok
#include <cstring>

#include "check.cuh"

constexpr int kCount = 64;

template <class T>
__global__ void move(const T* in, T* out) {
  const int i = threadIdx.x;
  __stwb(&out[6 * i + 0], __ldg(&in[i]));
  __stcg(&out[6 * i + 1], __ldcg(&in[i]));
  __stcs(&out[6 * i + 2], __ldca(&in[i]));
  __stwt(&out[6 * i + 3], __ldcs(&in[i]));
  out[6 * i + 4] = __ldlu(&in[i]);
  out[6 * i + 5] = __ldcv(&in[i]);
}

// 1 if any of the six copies of any element differs from the element.
template <class T>
int moved_wrong(unsigned char seed) {
  T *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, kCount * sizeof(T)));
  CHECK_CUDA(cudaMallocManaged(&out, 6 * kCount * sizeof(T)));
  unsigned char* bytes = reinterpret_cast<unsigned char*>(in);
  for (unsigned i = 0; i < kCount * sizeof(T); ++i) bytes[i] = static_cast<unsigned char>(seed + i * 37u + (i >> 3) * 11u);
  std::memset(out, 0, 6 * kCount * sizeof(T));
  move<T><<<1, kCount>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  int wrong = 0;
  for (int i = 0; i < kCount; ++i)
    for (int k = 0; k < 6; ++k) wrong |= std::memcmp(&in[i], &out[6 * i + k], sizeof(T)) != 0;
  CHECK_CUDA(cudaFree(in));
  CHECK_CUDA(cudaFree(out));
  return wrong;
}

int main() {
  long long wrong = 0;
  wrong += moved_wrong<char>(1) + moved_wrong<signed char>(2) + moved_wrong<short>(3) + moved_wrong<int>(4);
  wrong += moved_wrong<long>(5) + moved_wrong<long long>(6) + moved_wrong<unsigned char>(7);
  wrong += moved_wrong<unsigned short>(8) + moved_wrong<unsigned int>(9) + moved_wrong<unsigned long>(10);
  wrong += moved_wrong<unsigned long long>(11) + moved_wrong<char2>(12) + moved_wrong<char4>(13);
  wrong += moved_wrong<short2>(14) + moved_wrong<short4>(15) + moved_wrong<int2>(16) + moved_wrong<int4>(17);
  wrong += moved_wrong<longlong2>(18) + moved_wrong<uchar2>(19) + moved_wrong<uchar4>(20);
  wrong += moved_wrong<ushort2>(21) + moved_wrong<ushort4>(22) + moved_wrong<uint2>(23) + moved_wrong<uint4>(24);
  wrong += moved_wrong<ulonglong2>(25) + moved_wrong<float>(26) + moved_wrong<float2>(27);
  wrong += moved_wrong<float4>(28) + moved_wrong<double>(29) + moved_wrong<double2>(30);
  report("loads_and_stores", wrong, 0);
  return 0;
}
