// cuRAND probe: raw first values of the normal, log-normal and Poisson distributions.
#include <curand_kernel.h>
#include <cstdio>
#include <cstdint>
#include <cstring>

template <class S>
__global__ void draw(unsigned long long seed, unsigned long long sub, unsigned long long off, int n, int which, double* out) {
  S s;
  curand_init(seed, sub, off, &s);
  for (int i = 0; i < n; ++i) {
    double v = 0;
    switch (which) {
      case 0: v = curand_normal_double(&s); break;
      case 1: v = curand_normal(&s); break;
      case 2: v = curand_log_normal_double(&s, 0.5, 1.5); break;
      case 3: v = curand_log_normal(&s, 0.5f, 1.5f); break;
      case 4: v = curand_poisson(&s, 3.5); break;
      case 5: v = curand_poisson(&s, 1000.0); break;
      case 6: { float2 f = curand_normal2(&s); out[2 * i] = f.x; out[2 * i + 1] = f.y; continue; }
      case 7: { double2 f = curand_normal2_double(&s); out[2 * i] = f.x; out[2 * i + 1] = f.y; continue; }
      case 8: v = curand_poisson(&s, 20.0); break;
    }
    out[i] = v;
  }
}
template <class S>
void run(const char* gen) {
  const int n = 500;
  double* d; cudaMalloc(&d, 2 * n * sizeof(double));
  static double h[1000];
  for (int which = 0; which < 9; ++which)
    for (unsigned long long seed : {0ull, 1234ull}) {
      draw<S><<<1, 1>>>(seed, 3, 7, n, which, d);
      cudaMemcpy(h, d, 2 * n * sizeof(double), cudaMemcpyDeviceToHost);
      const int m = (which == 6 || which == 7) ? 2 * n : n;
      printf("%s w%d s%llu", gen, which, seed);
      for (int i = 0; i < m; ++i) { uint64_t u; memcpy(&u, &h[i], 8); printf(" %016llx", (unsigned long long)u); }
      printf("\n");
    }
  cudaFree(d);
}
int main() {
  run<curandStateXORWOW_t>("xorwow");
  run<curandStatePhilox4_32_10_t>("philox");
  run<curandStateMRG32k3a_t>("mrg");
  printf("done\n");
}
