// <cuda_bf16.h>: every conversion, arithmetic, comparison and math function of __nv_bfloat16 and
// __nv_bfloat162 over deterministic input sets (all 65536 patterns for functions of one value,
// chosen floats, doubles and integers for conversions to bfloat16, 263168 pairs and 132096 triples
// for the functions of two and three), each function's results hashed and compared with the hash recorded
// on an H100 (sm_90; tests/plain_cuda/include/fp16_golden.cuh). Then atomicAdd and the warp
// shuffles on __nv_bfloat16 and __nv_bfloat162, checked against exact values.
// Recording the goldens again, on a GPU (the run prints the table's lines, which make
// 52_bfloat16.golden; `dir` gets the raw results of the scalar functions, to compare the simulator's with
// input by input):
//   nvcc -arch=sm_90 -O2 -I tests/plain_cuda -o rec tests/plain_cuda/52_bfloat16.cu
//   mkdir dir && ./rec dir > new.golden
// then give the tanh_approx lines their third field, the simulator's hash (docs/RUNTIME.md).
// EXPECT: bfloat16_unary: ok
// EXPECT: bfloat16_from_float: ok
// EXPECT: bfloat16_from_int: ok
// EXPECT: bfloat16_binary: ok
// EXPECT: bfloat16_ternary: ok
// EXPECT: bfloat16_atomics: ok
// EXPECT: bfloat16_shuffles: ok
#include <cuda_bf16.h>

#include "check.cuh"

#include "include/fp16_ops_bfloat16.cuh"
#include "include/fp16_golden.cuh"

const fpg::Golden kGolden[] = {
#include "52_bfloat16.golden"
};

// atomicAdd on __nv_bfloat16 and __nv_bfloat162: 256 threads add exactly representable values.
__global__ void bfloat16_atomics(__nv_bfloat16* h, __nv_bfloat162* h2, unsigned* seen) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  const __nv_bfloat16 old = atomicAdd(h, __float2bfloat16(1.0f));
  atomicOr(&seen[static_cast<int>(__bfloat162float(old)) / 32], 1u << (static_cast<int>(__bfloat162float(old)) % 32));
  atomicAdd(h2, __floats2bfloat162_rn(0.5f, -0.25f));
  (void)t;
}

// Shuffles move __nv_bfloat16 and __nv_bfloat162 unchanged.
__global__ void bfloat16_shuffles(unsigned* out) {
  const int lane = threadIdx.x;
  const __nv_bfloat16 h = __ushort_as_bfloat16(static_cast<unsigned short>(0x3c00 + lane));
  const __nv_bfloat162 h2 = __halves2bfloat162(h, __ushort_as_bfloat16(static_cast<unsigned short>(0xfc01 + lane)));
  const __nv_bfloat16 s1 = __shfl_sync(0xffffffffu, h, 31 - lane);
  const __nv_bfloat16 s2 = __shfl_xor_sync(0xffffffffu, h, 1);
  const __nv_bfloat16 s3 = __shfl_down_sync(0xffffffffu, h, 3);
  const __nv_bfloat16 s4 = __shfl_up_sync(0xffffffffu, h, 2, 16);
  const __nv_bfloat162 s5 = __shfl_sync(0xffffffffu, h2, (lane + 5) % 32);
  const __nv_bfloat162 s6 = __shfl_xor_sync(0xffffffffu, h2, 6);
  out[lane * 6 + 0] = __bfloat16_as_ushort(s1);
  out[lane * 6 + 1] = __bfloat16_as_ushort(s2);
  out[lane * 6 + 2] = __bfloat16_as_ushort(s3);
  out[lane * 6 + 3] = __bfloat16_as_ushort(s4);
  out[lane * 6 + 4] = __bfloat16_as_ushort(__low2bfloat16(s5)) | (static_cast<unsigned>(__bfloat16_as_ushort(__high2bfloat16(s5))) << 16);
  out[lane * 6 + 5] = __bfloat16_as_ushort(__low2bfloat16(s6)) | (static_cast<unsigned>(__bfloat16_as_ushort(__high2bfloat16(s6))) << 16);
}

int main(int argc, char** argv) {
  fpg::run_all("bfloat16", kGolden, static_cast<int>(sizeof kGolden / sizeof *kGolden), argc > 1 ? argv[1] : nullptr,
               [](unsigned short a, unsigned short b) {
                 return __bfloat16_as_ushort(__float2bfloat16(__bfloat162float(__ushort_as_bfloat16(a)) * __bfloat162float(__ushort_as_bfloat16(b))));
               });
  if (argc > 1) return 0;
  {
    __nv_bfloat16* h;
    __nv_bfloat162* h2;
    unsigned* seen;
    CHECK_CUDA(cudaMalloc(&h, sizeof(__nv_bfloat16)));
    CHECK_CUDA(cudaMalloc(&h2, sizeof(__nv_bfloat162)));
    CHECK_CUDA(cudaMalloc(&seen, 32 * sizeof(unsigned)));
    CHECK_CUDA(cudaMemset(h, 0, sizeof(__nv_bfloat16)));
    CHECK_CUDA(cudaMemset(h2, 0, sizeof(__nv_bfloat162)));
    CHECK_CUDA(cudaMemset(seen, 0, 32 * sizeof(unsigned)));
    bfloat16_atomics<<<2, 128>>>(h, h2, seen);
    CHECK_CUDA(cudaDeviceSynchronize());
    __nv_bfloat16 hh;
    __nv_bfloat162 hh2;
    unsigned s[32];
    CHECK_CUDA(cudaMemcpy(&hh, h, sizeof hh, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(&hh2, h2, sizeof hh2, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(s, seen, sizeof s, cudaMemcpyDeviceToHost));
    long long wrong = __bfloat162float(hh) != 256.0f;  // every old value 0..255 once
    wrong += __low2float(hh2) != 128.0f;
    wrong += __high2float(hh2) != -64.0f;
    for (int w = 0; w < 32; ++w) wrong += s[w] != (w < 8 ? 0xffffffffu : 0u);
    report("bfloat16_atomics", wrong, 0);
  }
  {
    unsigned* out;
    CHECK_CUDA(cudaMalloc(&out, 32 * 6 * sizeof(unsigned)));
    bfloat16_shuffles<<<1, 32>>>(out);
    CHECK_CUDA(cudaDeviceSynchronize());
    unsigned o[32 * 6];
    CHECK_CUDA(cudaMemcpy(o, out, sizeof o, cudaMemcpyDeviceToHost));
    long long wrong = 0;
    for (unsigned lane = 0; lane < 32; ++lane) {
      auto lo = [](unsigned l) { return 0x3c00u + l; };
      auto pair = [&](unsigned l) { return lo(l) | ((0xfc01u + l) << 16); };
      wrong += o[lane * 6 + 0] != lo(31 - lane);
      wrong += o[lane * 6 + 1] != lo(lane ^ 1);
      wrong += o[lane * 6 + 2] != lo(lane + 3 < 32 ? lane + 3 : lane);
      wrong += o[lane * 6 + 3] != lo((lane % 16) >= 2 ? lane - 2 : lane);
      wrong += o[lane * 6 + 4] != pair((lane + 5) % 32);
      wrong += o[lane * 6 + 5] != pair(lane ^ 6);
    }
    report("bfloat16_shuffles", wrong, 0);
  }
  return 0;
}
