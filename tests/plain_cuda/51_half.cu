// <cuda_fp16.h>: every conversion, arithmetic, comparison and math function of __half and
// __half2 over deterministic input sets (all 65536 patterns for functions of one half, chosen
// floats, doubles and integers for conversions to half, 263168 pairs and 132096 triples for the
// functions of two and three), each function's results hashed and compared with the hash recorded
// on an H100 (sm_90; tests/plain_cuda/include/fp16_golden.cuh). Then atomicAdd and the warp
// shuffles on __half and __half2, checked against exact values.
// Recording the goldens again, on a GPU (the run prints the table's lines, which make
// 51_half.golden; `dir` gets the raw results of the scalar functions, to compare the simulator's with
// input by input):
//   nvcc -arch=sm_90 -O2 -I tests/plain_cuda -o rec tests/plain_cuda/51_half.cu
//   mkdir dir && ./rec dir > new.golden
// then give the tanh_approx lines their third field, the simulator's hash (docs/RUNTIME.md).
// EXPECT: half_unary: ok
// EXPECT: half_from_float: ok
// EXPECT: half_from_int: ok
// EXPECT: half_binary: ok
// EXPECT: half_ternary: ok
// EXPECT: half_atomics: ok
// EXPECT: half_shuffles: ok
#include <cuda_fp16.h>

#include "check.cuh"

#include "include/fp16_ops_half.cuh"
#include "include/fp16_golden.cuh"

const fpg::Golden kGolden[] = {
#include "51_half.golden"
};

// atomicAdd on __half and __half2: 1024 threads add exactly representable values.
__global__ void half_atomics(__half* h, __half2* h2, unsigned* seen) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  const __half old = atomicAdd(h, __float2half(1.0f));
  atomicOr(&seen[static_cast<int>(__half2float(old)) / 32], 1u << (static_cast<int>(__half2float(old)) % 32));
  atomicAdd(h2, __floats2half2_rn(0.5f, -0.25f));
  (void)t;
}

// Shuffles move __half and __half2 unchanged.
__global__ void half_shuffles(unsigned* out) {
  const int lane = threadIdx.x;
  const __half h = __ushort_as_half(static_cast<unsigned short>(0x3c00 + lane));
  const __half2 h2 = __halves2half2(h, __ushort_as_half(static_cast<unsigned short>(0xfc01 + lane)));
  const __half s1 = __shfl_sync(0xffffffffu, h, 31 - lane);
  const __half s2 = __shfl_xor_sync(0xffffffffu, h, 1);
  const __half s3 = __shfl_down_sync(0xffffffffu, h, 3);
  const __half s4 = __shfl_up_sync(0xffffffffu, h, 2, 16);
  const __half2 s5 = __shfl_sync(0xffffffffu, h2, (lane + 5) % 32);
  const __half2 s6 = __shfl_xor_sync(0xffffffffu, h2, 6);
  out[lane * 6 + 0] = __half_as_ushort(s1);
  out[lane * 6 + 1] = __half_as_ushort(s2);
  out[lane * 6 + 2] = __half_as_ushort(s3);
  out[lane * 6 + 3] = __half_as_ushort(s4);
  out[lane * 6 + 4] = __half_as_ushort(__low2half(s5)) | (static_cast<unsigned>(__half_as_ushort(__high2half(s5))) << 16);
  out[lane * 6 + 5] = __half_as_ushort(__low2half(s6)) | (static_cast<unsigned>(__half_as_ushort(__high2half(s6))) << 16);
}

int main(int argc, char** argv) {
  fpg::run_all("half", kGolden, static_cast<int>(sizeof kGolden / sizeof *kGolden), argc > 1 ? argv[1] : nullptr,
               [](unsigned short a, unsigned short b) {
                 return __half_as_ushort(__float2half(__half2float(__ushort_as_half(a)) * __half2float(__ushort_as_half(b))));
               });
  if (argc > 1) return 0;
  {
    __half* h;
    __half2* h2;
    unsigned* seen;
    CHECK_CUDA(cudaMalloc(&h, sizeof(__half)));
    CHECK_CUDA(cudaMalloc(&h2, sizeof(__half2)));
    CHECK_CUDA(cudaMalloc(&seen, 32 * sizeof(unsigned)));
    CHECK_CUDA(cudaMemset(h, 0, sizeof(__half)));
    CHECK_CUDA(cudaMemset(h2, 0, sizeof(__half2)));
    CHECK_CUDA(cudaMemset(seen, 0, 32 * sizeof(unsigned)));
    half_atomics<<<8, 128>>>(h, h2, seen);
    CHECK_CUDA(cudaDeviceSynchronize());
    __half hh;
    __half2 hh2;
    unsigned s[32];
    CHECK_CUDA(cudaMemcpy(&hh, h, sizeof hh, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(&hh2, h2, sizeof hh2, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(s, seen, sizeof s, cudaMemcpyDeviceToHost));
    long long wrong = __half2float(hh) != 1024.0f;          // every old value 0..1023 once
    wrong += __low2float(hh2) != 512.0f;
    wrong += __high2float(hh2) != -256.0f;
    for (unsigned w : s) wrong += w != 0xffffffffu;
    report("half_atomics", wrong, 0);
  }
  {
    unsigned* out;
    CHECK_CUDA(cudaMalloc(&out, 32 * 6 * sizeof(unsigned)));
    half_shuffles<<<1, 32>>>(out);
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
    report("half_shuffles", wrong, 0);
  }
  return 0;
}
