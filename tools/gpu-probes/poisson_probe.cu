// cuRAND's Poisson rejection method (64 <= lambda <= 4000) on the GPU, step by step: for MRG32k3a
// set up as curand_init(0, 7, 3), curand_poisson(lambda)'s 10,000 values (lambda argv[2], 1000 if
// not given), and a replica of its loop (cuRAND's curand_poisson.h, with the same PTX
// approximations) recording each iteration's uniforms and intermediate values, so that a
// simulator's differing step can be found. Writes poisson_values.bin (unsigned) and
// poisson_steps.bin (8 floats per iteration) under argv[1].
#include <curand_kernel.h>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
__device__ float rsq(float a) { asm("rsqrt.approx.f32.ftz %0, %1;" : "=f"(a) : "f"(a)); return a; }
__device__ float ex(float a) { a = a * 1.4426950408889634074; asm("ex2.approx.f32.ftz %0, %1;" : "=f"(a) : "f"(a)); return a; }
__device__ float lg(float a) { asm("lg2.approx.f32.ftz %0, %1;" : "=f"(a) : "f"(a)); a = a * 0.69314718055994530942; return a; }
__device__ float rc(float a) { asm("rcp.approx.f32.ftz %0, %1;" : "=f"(a) : "f"(a)); return a; }
__device__ float pg(float a, float x) {
  float alpha = rsq(a - 0.12400979329415655f); alpha = 1.43248035075540910f * alpha + 0.00025361074907033f;
  float beta = rsq(a - 1.97381164089999420f); beta = 0.21096734870196546f * beta + 0.94201734077887530f;
  float t = a - x; t = alpha * t - beta; t = 1.0f + ex(t); t = t * t; return rc(t);
}
__device__ float pginv(float a, float y) {
  float alpha = rsq(a - 0.12400979329415655f); alpha = 1.43248035075540910f * alpha + 0.00025361074907033f;
  float beta = rsq(a - 1.97381164089999420f); beta = 0.21096734870196546f * beta + 0.94201734077887530f;
  float t = rsq(y) - 1.0f; t = lg(t); t = beta + t; t = -t * rc(alpha) + a; return t;
}
__global__ void values(unsigned* out, int n, double lambda) {
  curandStateMRG32k3a_t s; curand_init(0, 7, 3, &s);
  for (int i = 0; i < n; ++i) out[i] = curand_poisson(&s, lambda);
}
__global__ void steps(float* out, int iterations, float lambda) {
  curandStateMRG32k3a_t s; curand_init(0, 7, 3, &s);
  const float logl = lg(lambda);
  for (int i = 0; i < iterations; ++i) {
    float y = curand_uniform(&s);
    float xr = pginv(lambda, y);
    float x = floorf(xr);
    float z0 = curand_uniform(&s);
    float v = (pg(lambda, x + 1.0f) - pg(lambda, x)) * 1.3f;
    float z = z0 * v;
    float e = -lambda + x * logl - (float)__cr_lgamma_integer((int)(1.0f + x));
    float t = ex(e);
    float* o = out + 8 * i;
    o[0] = y; o[1] = xr; o[2] = z0; o[3] = v; o[4] = e; o[5] = t; o[6] = (z < t && v >= 1e-20) ? 1.f : 0.f; o[7] = logl;
  }
}
int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : ".";
  const double lambda = argc > 2 ? atof(argv[2]) : 1000.0;
  const int n = 10000, it = 20000;
  unsigned* dv; float* ds; cudaMalloc(&dv, n * 4); cudaMalloc(&ds, it * 32);
  values<<<1, 1>>>(dv, n, lambda); steps<<<1, 1>>>(ds, it, static_cast<float>(lambda));
  std::vector<unsigned> hv(n); std::vector<float> hs(it * 8);
  cudaMemcpy(hv.data(), dv, n * 4, cudaMemcpyDeviceToHost); cudaMemcpy(hs.data(), ds, it * 32, cudaMemcpyDeviceToHost);
  FILE* f = fopen((dir + "/poisson_values.bin").c_str(), "wb"); fwrite(hv.data(), 4, n, f); fclose(f);
  f = fopen((dir + "/poisson_steps.bin").c_str(), "wb"); fwrite(hs.data(), 4, it * 8, f); fclose(f);
  printf("poisson probe: %u %u %u\n", hv[0], hv[1], hv[2]);
}
