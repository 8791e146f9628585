// Where curandGeneratePoisson switches from the square histogram to a binary search of the
// distribution function for MTGP32 and the Sobol generators: 10,000 results (hashed) on a grid of
// lambdas, to compare with both methods computed on the CPU.
#include <cuda_runtime.h>
#include <curand.h>
#include <cstdio>
#include <vector>
static unsigned long long fnv(const void* p, size_t n) {
  unsigned long long h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; ++i) h = (h ^ static_cast<const unsigned char*>(p)[i]) * 0x100000001b3ull;
  return h;
}
int main() {
  const struct { curandRngType_t t; const char* name; double from, to, step; } gens[] = {
      {CURAND_RNG_PSEUDO_MTGP32, "mtgp32", 30, 50, 0.25},
      {CURAND_RNG_QUASI_SOBOL32, "sobol32", 3.5, 10, 0.125},
      {CURAND_RNG_QUASI_SCRAMBLED_SOBOL32, "scrambled_sobol32", 3.5, 60, 0.5},
      {CURAND_RNG_QUASI_SOBOL64, "sobol64", 3.5, 60, 0.5},
      {CURAND_RNG_QUASI_SCRAMBLED_SOBOL64, "scrambled_sobol64", 3.5, 60, 0.5}};
  const size_t n = 10000;
  unsigned* d;
  cudaMalloc(&d, n * 4);
  std::vector<unsigned> h(n);
  for (const auto& g : gens)
    for (double l = g.from; l <= g.to; l += g.step) {
      curandGenerator_t gen;
      curandCreateGenerator(&gen, g.t);
      if (g.t < CURAND_RNG_QUASI_DEFAULT) curandSetPseudoRandomGeneratorSeed(gen, 1234);
      curandGeneratePoisson(gen, d, n, l);
      cudaMemcpy(h.data(), d, n * 4, cudaMemcpyDeviceToHost);
      curandDestroyGenerator(gen);
      printf("%s %.17g %u 0x%016llx\n", g.name, l, h[0], fnv(h.data(), n * 4));
    }
  return 0;
}
