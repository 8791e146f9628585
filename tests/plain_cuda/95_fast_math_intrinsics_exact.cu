// CUDA's fast-math intrinsics bit for bit: each line hashes (64-bit FNV-1a) one intrinsic's results
// over 2^18 arguments of every size it takes (zeros, denormals, infinities and NaNs among them)
// and prints the first; given a folder, it also writes the results there (fast_math.bin: 2^18
// words per intrinsic, in the order below), to compare with the GPU's word by word. nvcc compiles them
// to the special-function unit's approximations (ex2, lg2, rsqrt, rcp, sin, cos .approx) with
// products and, in the forms without .ftz, a scaling of denormals around the unit; the simulator
// models the unit (runtime/cusim/detail/sfu.hpp) and those sequences.
// The EXPECT lines are this program's output built with nvcc 13.0 and run on an H200, 2026-11-28:
//   nvcc -std=c++17 -arch=sm_90 -I tests/plain_cuda tests/plain_cuda/95_fast_math_intrinsics_exact.cu && ./a.out
// EXPECT: host: __expf first 0x3f800000 fnv 0x4e7dfcc7f2e157d7
// EXPECT: host: __exp10f(x / 4) first 0x3f800000 fnv 0xd360fad13ba46b0e
// EXPECT: host: __logf first 0xff800000 fnv 0xaebd10d370751d5e
// EXPECT: host: __log2f first 0xff800000 fnv 0xe0a72bbd1341af30
// EXPECT: host: __log10f first 0xff800000 fnv 0x4d3e1e58760bbf8f
// EXPECT: host: __powf first 0x00000000 fnv 0x49a1d593ab60d4d3
// EXPECT: host: rsqrtf first 0x7f800000 fnv 0xceaf1ac1f9523112
// EXPECT: host: __fdividef first 0x00000000 fnv 0x9ec9797f628ceb3b
// EXPECT: host: __tanf first 0x00000000 fnv 0x3c77f8089fdab02e
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "check.cuh"

constexpr unsigned kPer = 1u << 18;
constexpr int kFunctions = 9;
const char* const kNames[kFunctions] = {"__expf",     "__exp10f(x / 4)", "__logf", "__log2f", "__log10f",
                                        "__powf",     "rsqrtf",          "__fdividef", "__tanf"};

__device__ unsigned mix(unsigned i) {
  unsigned v = i * 2654435761u + 0x9e3779b9u;
  v ^= v >> 15;
  v *= 2246822519u;
  v ^= v >> 13;
  return v;
}
// A float with random fraction and sign (if `sign`) and an exponent field in [lo, lo + span).
__device__ float argument(unsigned i, unsigned lo, unsigned span, bool sign) {
  const unsigned v = mix(i);
  const unsigned exponent = lo + (mix(v) >> 8) % span;
  return __uint_as_float((sign ? v & 0x80000000u : 0u) | (exponent << 23) | (v & 0x7fffffu));
}
__device__ float special(unsigned i) {
  const unsigned bits[12] = {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x00000001u,
                             0x007fffffu, 0x3f800000u, 0x7f7fffffu, 0x00800000u, 0x40490fdbu, 0xbf800000u};
  return __uint_as_float(bits[i]);
}

__global__ void intrinsics(unsigned* out) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= kPer) return;
  const bool edge = i < 12;
  const float a = argument(i, 0, 255, true), b = argument(i + kPer, 0, 255, true);
  const float wide = edge ? special(i) : a;
  const float positive = edge ? special(i) : fabsf(a);
  const float exp_arg = edge ? special(i) : argument(i, 100, 34, true);
  const float pow_x = edge ? special(i) : argument(i, 117, 20, false);
  const float pow_y = argument(i + 2 * kPer, 110, 22, true);
  const float angle = edge ? special(i) : argument(i, 107, 27, true);
  float r[kFunctions];
  r[0] = __expf(exp_arg);
  r[1] = __exp10f(exp_arg * 0.25f);
  r[2] = __logf(positive);
  r[3] = __log2f(positive);
  r[4] = __log10f(positive);
  r[5] = __powf(pow_x, pow_y);
  r[6] = rsqrtf(positive);
  r[7] = __fdividef(wide, edge ? 3.0f : b);
  r[8] = __tanf(angle);
  for (int f = 0; f < kFunctions; ++f) out[f * kPer + i] = __float_as_uint(r[f]);
}

int main(int argc, char** argv) {
  unsigned* d;
  CHECK_CUDA(cudaMalloc(&d, kFunctions * kPer * sizeof(unsigned)));
  intrinsics<<<kPer / 256, 256>>>(d);
  CHECK_CUDA(cudaGetLastError());
  std::vector<unsigned> h(kFunctions * kPer);
  CHECK_CUDA(cudaMemcpy(h.data(), d, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaFree(d));
  if (argc > 1) {
    const std::string path = std::string(argv[1]) + "/fast_math.bin";
    FILE* file = std::fopen(path.c_str(), "wb");
    if (!file || std::fwrite(h.data(), sizeof(unsigned), h.size(), file) != h.size()) return 1;
    std::fclose(file);
  }
  for (int f = 0; f < kFunctions; ++f) {
    // A NaN's payload is the hardware's choice: every NaN counts as the canonical one.
    std::vector<unsigned> v(h.begin() + f * kPer, h.begin() + (f + 1) * kPer);
    for (unsigned& x : v)
      if ((x & 0x7fffffffu) > 0x7f800000u) x = 0x7fffffffu;
    std::printf("host: %s first 0x%08x fnv 0x%016llx\n", kNames[f], v[0],
                static_cast<unsigned long long>(fnv1a(v.data(), v.size() * sizeof(unsigned))));
  }
  return 0;
}
