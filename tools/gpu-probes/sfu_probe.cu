// The special-function unit's approximations on the GPU: sin.approx, cos.approx (as __sincosf
// compiles them), ex2.approx, lg2.approx, rsqrt.approx and rcp.approx over 2^18 inputs each
// (a fixed pseudo-random sweep of the ranges cuRAND uses), written as float pairs (input,
// output) to sfu.bin under argv[1]: sincos (input, sin, cos) then the others (input, output).
#include <cstdio>
#include <string>
#include <vector>
__device__ unsigned hash(unsigned x) { x ^= x >> 16; x *= 0x7feb352du; x ^= x >> 15; x *= 0x846ca68bu; x ^= x >> 16; return x; }
__device__ float in01(unsigned i) { return (hash(i) >> 8) * (1.0f / 16777216.0f); }
__global__ void sweep(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float a = in01(i) * 6.2831855f;  // an angle as cuRAND's Box-Muller makes it
  if (i % 16 == 0) a = (hash(i + 7) % 65536) * (2.3283064e-10f * 6.2831855f);  // tiny angles too
  float s, c; __sincosf(a, &s, &c);
  float* o = out + 9 * i;
  o[0] = a; o[1] = s; o[2] = c;
  float e = in01(i + 1000000000u) * 2.0f - 1.0f, r;
  asm("ex2.approx.f32.ftz %0, %1;" : "=f"(r) : "f"(e)); o[3] = e; o[4] = r;
  float l = 0.5f + in01(i + 2000000000u) * 2000.0f;
  asm("lg2.approx.f32.ftz %0, %1;" : "=f"(r) : "f"(l)); o[5] = l; o[6] = r;
  asm("rsqrt.approx.f32.ftz %0, %1;" : "=f"(r) : "f"(l)); o[7] = r;
  asm("rcp.approx.f32.ftz %0, %1;" : "=f"(r) : "f"(l)); o[8] = r;
}
int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : ".";
  const int n = 1 << 18;
  float* d; cudaMalloc(&d, n * 36);
  sweep<<<n / 256, 256>>>(d, n);
  std::vector<float> h(n * 9); cudaMemcpy(h.data(), d, n * 36, cudaMemcpyDeviceToHost);
  FILE* f = fopen((dir + "/sfu.bin").c_str(), "wb"); fwrite(h.data(), 4, n * 9, f); fclose(f);
  printf("sfu probe: sin(%a) = %a\n", h[0], h[1]);
}
