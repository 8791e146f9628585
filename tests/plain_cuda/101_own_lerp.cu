// A program's own lerp beside <math.h>, as cuda-samples' helper_math.h defines it: written for
// nvcc's default dialect, C++17, where <math.h> declares no lerp; cusim compiles CUDA sources as
// C++20, whose libstdc++ <math.h> brings std::lerp to global scope, and keeps it in std.
// EXPECT: lerp: 0 0.5 1 1.5 | 1 1.25 1.5 1.75
// EXPECT: std::lerp where the dialect has it: ok
#include <math.h>

#include <cmath>
#include <cstdio>

#include "check.cuh"

inline __host__ __device__ float lerp(float a, float b, float t) { return a + t * (b - a); }
inline __host__ __device__ float2 lerp(float2 a, float2 b, float t) {
  return make_float2(lerp(a.x, b.x, t), lerp(a.y, b.y, t));
}

__global__ void blend(float2* out) {
  const float t = 0.25f * threadIdx.x;
  out[threadIdx.x] = lerp(make_float2(0.0f, 1.0f), make_float2(2.0f, 2.0f), t);
}

int main() {
  float2* out;
  CHECK_CUDA(cudaMallocManaged(&out, 4 * sizeof(float2)));
  blend<<<1, 4>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("lerp: %g %g %g %g | %g %g %g %g\n", out[0].x, out[1].x, out[2].x, out[3].x, out[0].y, out[1].y,
              out[2].y, out[3].y);
#if __cplusplus > 201703L
  const bool same = std::lerp(1.0, 3.0, 0.5) == 2.0 && std::lerp(1.0f, 3.0f, 0.25f) == 1.5f;
#else
  const bool same = true;
#endif
  std::printf("std::lerp where the dialect has it: %s\n", same ? "ok" : "wrong");
  CHECK_CUDA(cudaFree(out));
  return 0;
}
