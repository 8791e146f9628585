// __sinf, __cosf and __sincosf, the special-function unit's sine and cosine (MUFU.SIN/COS), bit for
// bit: each line hashes (64-bit FNV-1a) the results of 2^20 arguments of one range, and prints the
// first. The simulator models the unit (runtime/cusim/detail/sfu.hpp): the angle times 1/(2 pi)
// rounded toward zero, its turn fraction truncated to 25 bits, and the unit's own values.
// The EXPECT lines are this program's output built with nvcc 13.0 and run on an H200, 2026-11-28:
//   nvcc -std=c++17 -arch=sm_90 -I tests/plain_cuda tests/plain_cuda/94_fast_sine_cosine.cu && ./a.out
// EXPECT: host: __sinf over [0, 2 pi) first 0x00000000 fnv 0x6fd48051152836f4
// EXPECT: host: __cosf over [0, 2 pi) first 0x3f800000 fnv 0x7d5243d4c8d77940
// EXPECT: host: __sincosf over [0, 2 pi) first 0x00000000 fnv 0x8198adb760aaaba9
// EXPECT: host: __sinf over [-2 pi, 0) first 0x34491200 fnv 0x37490b45fd4f85ff
// EXPECT: host: __cosf over [-2 pi, 0) first 0x3f800000 fnv 0x22c5aa891ff7d2cc
// EXPECT: host: __sincosf over [-2 pi, 0) first 0x34491200 fnv 0x63a31be71bead8c6
// EXPECT: host: __sinf over [-0.001, 0.001) first 0xba83116d fnv 0x9979236e439d3416
// EXPECT: host: __cosf over [-0.001, 0.001) first 0x3f7ffff7 fnv 0x84d84db2687a6b94
// EXPECT: host: __sincosf over [-0.001, 0.001) first 0xba83116d fnv 0x4df0328ddd017963
// EXPECT: host: __sinf over [-1000, 1000) first 0xbf53a99a fnv 0x95815cea4b41a906
// EXPECT: host: __cosf over [-1000, 1000) first 0x3f0fff15 fnv 0x5d2f80e047b6a556
// EXPECT: host: __sincosf over [-1000, 1000) first 0xbf53a99a fnv 0x9d5252154a1d7539
// EXPECT: host: __sinf over [1e6, 1e7) first 0xbef15ae7 fnv 0x1651e6aa8ee4b297
// EXPECT: host: __cosf over [1e6, 1e7) first 0x3f61c596 fnv 0x989058632e9998a8
// EXPECT: host: __sincosf over [1e6, 1e7) first 0xbef15ae7 fnv 0x5c28f7d97a05f292
#include <cstdint>
#include <cstring>

#include "check.cuh"

constexpr int kCount = 1 << 20;

struct Range {
  const char* name;
  float lo, hi;
};
constexpr Range kRanges[] = {{"[0, 2 pi)", 0.0f, 6.2831855f},
                             {"[-2 pi, 0)", -6.2831855f, 0.0f},
                             {"[-0.001, 0.001)", -0.001f, 0.001f},
                             {"[-1000, 1000)", -1000.0f, 1000.0f},
                             {"[1e6, 1e7)", 1e6f, 1e7f}};

__global__ void sines(float lo, float hi, unsigned* s, unsigned* c, unsigned* both) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= kCount) return;
  // One fused multiply-add, as nvcc contracts lo + (hi - lo) * f; the simulator's compiler does not.
  const float x = __fmaf_rn(hi - lo, static_cast<float>(i) / kCount, lo);
  const float a = __sinf(x), b = __cosf(x);
  float p, q;
  __sincosf(x, &p, &q);
  memcpy(&s[i], &a, 4);
  memcpy(&c[i], &b, 4);
  memcpy(&both[i], &p, 4);
  memcpy(&both[kCount + i], &q, 4);
}

int main() {
  unsigned* d = nullptr;
  CHECK_CUDA(cudaMalloc(&d, sizeof(unsigned) * 4 * kCount));
  static unsigned h[4 * kCount];
  for (const Range& r : kRanges) {
    sines<<<kCount / 256, 256>>>(r.lo, r.hi, d, d + kCount, d + 2 * kCount);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    const char* names[3] = {"__sinf", "__cosf", "__sincosf"};
    for (int k = 0; k < 3; ++k)
      std::printf("host: %s over %s first 0x%08x fnv 0x%016llx\n", names[k], r.name, h[k * kCount],
                  static_cast<unsigned long long>(fnv1a(h + k * kCount, sizeof(unsigned) * (k == 2 ? 2 : 1) * kCount)));
  }
  CHECK_CUDA(cudaFree(d));
  return 0;
}
