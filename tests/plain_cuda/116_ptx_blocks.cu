// Inline PTX blocks with registers of their own and predicates, as libraries write them: a clamp
// through setp and selp, a cp.async and a store guarded by @p and @!p, setp's ordered and
// unordered float comparisons on NaN, unsigned against signed comparisons, logic on predicates,
// registers declared as %t<3> (not %r<3>: the compiler names its own registers so) and used as
// an address. Every line is what an H200 printed.
// EXPECT: clamp: 0 0 7 255 255
// EXPECT: guarded: 10 -1 12 -1 14 -1 16 -1
// EXPECT: float_compares: 0x2fc0 0x138e 0x1a69
// EXPECT: unsigned_signed: 0 1 1 0
// EXPECT: numbered_registers: 56 4 7
// EXPECT: predicate_logic: 0 1 1 1
#include <cuda_pipeline_primitives.h>

#include <cmath>
#include <cstdio>

#include "check.cuh"

__device__ int clamp_byte(int v) {
  int r;
  asm("{\n\t"
      ".reg .pred below, above;\n\t"
      ".reg .s32 t;\n\t"
      "setp.lt.s32 below, %1, 0;\n\t"
      // a comment between the pieces, which the translation keeps
      "selp.s32 t, 0, %1, below;\n\t"
      "setp.gt.s32 above, t, 255;\n\t"
      "selp.s32 %0, 255, t, above;\n\t"
      "}"
      : "=r"(r)
      : "r"(v));
  return r;
}

__global__ void clamps(const int* in, int* out) { out[threadIdx.x] = clamp_byte(in[threadIdx.x]); }

// Even threads copy their element into shared memory; odd ones mark theirs -1, each under a guard.
__global__ void guarded(const int* in, int* out) {
  __shared__ int staged[8];
  const int t = threadIdx.x;
  const unsigned to = static_cast<unsigned>(__cvta_generic_to_shared(&staged[t]));
  asm volatile("{\n\t"
               ".reg .pred p;\n\t"
               "setp.eq.u32 p, %0, 0;\n\t"
               "@p cp.async.ca.shared.global [%1], [%2], 4;\n\t"
               "@!p st.shared.s32 [%1], -1;\n\t"
               "cp.async.wait_all;\n\t"
               "}" ::"r"(t & 1),
               "r"(to), "l"(in + t)
               : "memory");
  __syncthreads();
  out[t] = staged[t];
}

// One bit per comparison of (a, b): eq ne lt le gt ge equ neu ltu leu gtu geu num nan.
__device__ unsigned compare_bits(float a, float b) {
  unsigned bits;
  asm("{\n\t"
      ".reg .pred p;\n\t"
      ".reg .u32 r, s;\n\t"
      "mov.u32 r, 0;\n\t"
      "setp.eq.f32 p, %1, %2;\n\t selp.u32 s, 1, 0, p;\n\t or.b32 r, r, s;\n\t"
      "setp.ne.f32 p, %1, %2;\n\t selp.u32 s, 2, 0, p;\n\t or.b32 r, r, s;\n\t"
      "setp.lt.f32 p, %1, %2;\n\t selp.u32 s, 4, 0, p;\n\t or.b32 r, r, s;\n\t"
      "setp.le.f32 p, %1, %2;\n\t selp.u32 s, 8, 0, p;\n\t or.b32 r, r, s;\n\t"
      "setp.gt.f32 p, %1, %2;\n\t selp.u32 s, 16, 0, p;\n\t or.b32 r, r, s;\n\t"
      "setp.ge.f32 p, %1, %2;\n\t selp.u32 s, 32, 0, p;\n\t or.b32 r, r, s;\n\t"
      "setp.equ.f32 p, %1, %2;\n\t selp.u32 s, 64, 0, p;\n\t or.b32 r, r, s;\n\t"
      "setp.neu.f32 p, %1, %2;\n\t selp.u32 s, 128, 0, p;\n\t or.b32 r, r, s;\n\t"
      "setp.ltu.f32 p, %1, %2;\n\t selp.u32 s, 256, 0, p;\n\t or.b32 r, r, s;\n\t"
      "setp.leu.f32 p, %1, %2;\n\t selp.u32 s, 512, 0, p;\n\t or.b32 r, r, s;\n\t"
      "setp.gtu.f32 p, %1, %2;\n\t selp.u32 s, 1024, 0, p;\n\t or.b32 r, r, s;\n\t"
      "setp.geu.f32 p, %1, %2;\n\t selp.u32 s, 2048, 0, p;\n\t or.b32 r, r, s;\n\t"
      "setp.num.f32 p, %1, %2;\n\t selp.u32 s, 4096, 0, p;\n\t or.b32 r, r, s;\n\t"
      "setp.nan.f32 p, %1, %2;\n\t selp.u32 s, 8192, 0, p;\n\t or.b32 r, r, s;\n\t"
      "mov.u32 %0, r;\n\t"
      "}"
      : "=r"(bits)
      : "f"(a), "f"(b));
  return bits;
}

__global__ void float_compares(const float* a, const float* b, unsigned* out) {
  out[threadIdx.x] = compare_bits(a[threadIdx.x], b[threadIdx.x]);
}

__global__ void unsigned_signed(unsigned* out) {
  const unsigned big = 0xffffffffu, one = 1u;
  asm("{ .reg .pred p; setp.lo.u32 p, %1, %2; selp.u32 %0, 1, 0, p; }" : "=r"(out[0]) : "r"(big), "r"(one));
  asm("{ .reg .pred p; setp.lt.s32 p, %1, %2; selp.u32 %0, 1, 0, p; }" : "=r"(out[1]) : "r"(big), "r"(one));
  asm("{ .reg .pred p; setp.hs.u32 p, %1, %2; selp.u32 %0, 1, 0, p; }" : "=r"(out[2]) : "r"(big), "r"(one));
  asm("{ .reg .pred p; setp.ge.s32 p, %1, %2; selp.u32 %0, 1, 0, p; }" : "=r"(out[3]) : "r"(big), "r"(one));
}

// p = (0xffffffff <u 1) is false, q = (-1 <s 1) true: and, or, xor of them and not p.
__global__ void predicate_logic(unsigned* out) {
  const unsigned big = 0xffffffffu, one = 1u;
  asm("{\n\t"
      ".reg .pred p, q, r;\n\t"
      "setp.lo.u32 p, %4, %5;\n\t"
      "setp.lt.s32 q, %4, %5;\n\t"
      "and.pred r, p, q;\n\t selp.u32 %0, 1, 0, r;\n\t"
      "or.pred r, p, q;\n\t selp.u32 %1, 1, 0, r;\n\t"
      "xor.pred r, p, q;\n\t selp.u32 %2, 1, 0, r;\n\t"
      "not.pred r, p;\n\t selp.u32 %3, 1, 0, r;\n\t"
      "}"
      : "=r"(out[0]), "=r"(out[1]), "=r"(out[2]), "=r"(out[3])
      : "r"(big), "r"(one));
}

__global__ void numbered_registers(const unsigned* in, unsigned* out) {
  unsigned shifted, second, third;
  // Every input is read before an output is written: outputs may share the inputs' registers.
  asm("{\n\t"
      ".reg .b32 %%t<3>;\n\t"
      ".reg .u64 %%at;\n\t"
      "mov.u64 %%at, %4;\n\t"
      "mov.b32 %%t0, %3;\n\t"
      "ld.global.u32 %1, [%%at+4];\n\t"
      "ld.global.u32 %2, [%%at+8];\n\t"
      "add.u32 %%t1, %%t0, %%t0;\n\t"
      "shl.b32 %%t2, %%t1, 2;\n\t"
      "mov.b32 %0, %%t2;\n\t"
      "}"
      : "=r"(shifted), "=r"(second), "=r"(third)
      : "r"(in[0]), "l"(in));
  out[0] = shifted;
  out[1] = second;
  out[2] = third;
}

int main() {
  int *ints, *outs;
  CHECK_CUDA(cudaMallocManaged(&ints, 8 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&outs, 8 * sizeof(int)));
  const int values[5] = {-5, 0, 7, 255, 1000};
  for (int i = 0; i < 5; ++i) ints[i] = values[i];
  clamps<<<1, 5>>>(ints, outs);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("clamp: %d %d %d %d %d\n", outs[0], outs[1], outs[2], outs[3], outs[4]);

  for (int i = 0; i < 8; ++i) ints[i] = 10 + i;
  guarded<<<1, 8>>>(ints, outs);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("guarded:");
  for (int i = 0; i < 8; ++i) std::printf(" %d", outs[i]);
  std::printf("\n");

  float *a, *b;
  unsigned* bits;
  CHECK_CUDA(cudaMallocManaged(&a, 3 * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&b, 3 * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&bits, 4 * sizeof(unsigned)));
  a[0] = std::nanf("");
  b[0] = 1.0f;
  a[1] = 1.0f;
  b[1] = 2.0f;
  a[2] = 2.0f;
  b[2] = 2.0f;
  float_compares<<<1, 3>>>(a, b, bits);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("float_compares: %#x %#x %#x\n", bits[0], bits[1], bits[2]);

  unsigned_signed<<<1, 1>>>(bits);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("unsigned_signed: %u %u %u %u\n", bits[0], bits[1], bits[2], bits[3]);

  unsigned* words;
  CHECK_CUDA(cudaMallocManaged(&words, 3 * sizeof(unsigned)));
  words[0] = 7;
  words[1] = 4;
  words[2] = 7;
  numbered_registers<<<1, 1>>>(words, bits);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("numbered_registers: %u %u %u\n", bits[0], bits[1], bits[2]);

  predicate_logic<<<1, 1>>>(bits);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("predicate_logic: %u %u %u %u\n", bits[0], bits[1], bits[2], bits[3]);

  CHECK_CUDA(cudaFree(ints));
  CHECK_CUDA(cudaFree(outs));
  CHECK_CUDA(cudaFree(a));
  CHECK_CUDA(cudaFree(b));
  CHECK_CUDA(cudaFree(bits));
  CHECK_CUDA(cudaFree(words));
  return 0;
}
