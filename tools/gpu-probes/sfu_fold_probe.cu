// What the GPU's compiler makes of a special-function instruction whose argument is a constant
// (an immediate after nvcc's optimiser, as cuRAND's __cr_log(lambda) is for a literal lambda):
// each of lg2, rsqrt, rcp, ex2 (.approx.ftz.f32), sin and cos (.approx.f32) on 256 constants made
// at compile time, next to the same instruction on the same values loaded at run time. Writes
// fold.bin under argv[1] (cuobjdump -sass of the program shows which MUFUs are left):
// for each op, 256 argument bits, 256 results from constants, 256 results at run time.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

constexpr int kPerOp = 256;
__host__ __device__ constexpr unsigned lcg(unsigned i) {
  unsigned v = i * 2654435761u + 0x9e3779b9u;
  v ^= v >> 15;
  v *= 2246822519u;
  v ^= v >> 13;
  return v;
}
// Argument i of op: m 2^e (m with 23 random fraction bits), e in [lo, lo + span), sign if `signed_`.
__host__ __device__ constexpr float argument(int op, int i) {
  const int lo[6] = {-30, -30, -30, -5, -5, -5}, span[6] = {61, 61, 61, 10, 13, 13};
  const bool signed_[6] = {false, false, true, true, true, true};
  const unsigned v = lcg(static_cast<unsigned>(op * kPerOp + i));
  float x = 1.0f + static_cast<float>(v & 0x7fffffu) / 8388608.0f;
  int e = lo[op] + static_cast<int>((v >> 8) % static_cast<unsigned>(span[op]));
  for (; e > 0; --e) x *= 2.0f;
  for (; e < 0; ++e) x *= 0.5f;
  return signed_[op] && (v >> 31) ? -x : x;
}
template <int Op>
__device__ float apply(float a) {
  float r;
  if constexpr (Op == 0) asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(a));
  if constexpr (Op == 1) asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(a));
  if constexpr (Op == 2) asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(a));
  if constexpr (Op == 3) asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(a));
  if constexpr (Op == 4) asm("sin.approx.f32 %0, %1;" : "=f"(r) : "f"(a));
  if constexpr (Op == 5) asm("cos.approx.f32 %0, %1;" : "=f"(r) : "f"(a));
  return r;
}
template <int Op, int... I>
__device__ void constants(float* out, std::integer_sequence<int, I...>) {
  ((out[I] = apply<Op>(argument(Op, I))), ...);
}
template <int Op>
__global__ void from_constants(float* out) {
  constants<Op>(out + Op * kPerOp, std::make_integer_sequence<int, kPerOp>{});
}
template <int Op>
__global__ void at_run_time(const float* in, float* out) {
  const int i = threadIdx.x;
  out[Op * kPerOp + i] = apply<Op>(in[Op * kPerOp + i]);
}
template <int Op>
void run(const float* in, float* folded, float* runtime) {
  from_constants<Op><<<1, 1>>>(folded);
  at_run_time<Op><<<1, kPerOp>>>(in, runtime);
}
int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : ".";
  constexpr int n = 6 * kPerOp;
  std::vector<float> args(n);
  for (int op = 0; op < 6; ++op)
    for (int i = 0; i < kPerOp; ++i) args[op * kPerOp + i] = argument(op, i);
  float *in, *folded, *runtime;
  cudaMalloc(&in, n * 4);
  cudaMalloc(&folded, n * 4);
  cudaMalloc(&runtime, n * 4);
  cudaMemcpy(in, args.data(), n * 4, cudaMemcpyHostToDevice);
  run<0>(in, folded, runtime);
  run<1>(in, folded, runtime);
  run<2>(in, folded, runtime);
  run<3>(in, folded, runtime);
  run<4>(in, folded, runtime);
  run<5>(in, folded, runtime);
  std::vector<float> f(n), r(n);
  cudaMemcpy(f.data(), folded, n * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(r.data(), runtime, n * 4, cudaMemcpyDeviceToHost);
  FILE* file = fopen((dir + "/fold.bin").c_str(), "wb");
  for (int op = 0; op < 6; ++op) {
    fwrite(&args[op * kPerOp], 4, kPerOp, file);
    fwrite(&f[op * kPerOp], 4, kPerOp, file);
    fwrite(&r[op * kPerOp], 4, kPerOp, file);
  }
  fclose(file);
  const char* names[6] = {"lg2", "rsqrt", "rcp", "ex2", "sin", "cos"};
  for (int op = 0; op < 6; ++op) {
    int same = 0;
    for (int i = 0; i < kPerOp; ++i) same += f[op * kPerOp + i] == r[op * kPerOp + i];
    printf("%s: %d of %d constants give the run-time result\n", names[op], same, kPerOp);
  }
  printf("sfu fold probe: %s\n", cudaGetErrorString(cudaGetLastError()));
}
