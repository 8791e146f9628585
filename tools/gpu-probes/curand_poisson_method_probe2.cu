// curandGeneratePoisson for the one-value generators (MTGP32, MT19937, Sobol): 10,000 results at
// lambdas from 3.5 to 1999 (hashed, to tell the square histogram from the distribution function's
// binary search), and raw results at lambda 5000 (<name>_5000.bin under argv[1]).
#include <cuda_runtime.h>
#include <curand.h>
#include <cstdio>
#include <string>
#include <vector>
static unsigned long long fnv(const void* p, size_t n) {
  unsigned long long h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; ++i) h = (h ^ static_cast<const unsigned char*>(p)[i]) * 0x100000001b3ull;
  return h;
}
static std::vector<unsigned> run(curandRngType_t t, double lambda, size_t n) {
  curandGenerator_t g;
  curandCreateGenerator(&g, t);
  if (t < CURAND_RNG_QUASI_DEFAULT) curandSetPseudoRandomGeneratorSeed(g, 1234);
  unsigned* d;
  cudaMalloc(&d, n * 4);
  curandGeneratePoisson(g, d, n, lambda);
  std::vector<unsigned> h(n);
  cudaMemcpy(h.data(), d, n * 4, cudaMemcpyDeviceToHost);
  cudaFree(d);
  curandDestroyGenerator(g);
  return h;
}
int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : ".";
  const struct { curandRngType_t t; const char* name; } gens[] = {
      {CURAND_RNG_PSEUDO_MTGP32, "mtgp32"}, {CURAND_RNG_PSEUDO_MT19937, "mt19937"}, {CURAND_RNG_QUASI_SOBOL32, "sobol32"},
      {CURAND_RNG_PSEUDO_XORWOW, "xorwow"}};
  for (const auto& g : gens) {
    for (double l : {3.5, 10.0, 20.0, 30.0, 50.0, 63.0, 64.0, 65.0, 100.0, 200.0, 500.0, 999.0, 1000.0, 1500.0, 1999.0}) {
      std::vector<unsigned> v = run(g.t, l, 10000);
      printf("%s %g %u 0x%016llx\n", g.name, l, v[0], fnv(v.data(), v.size() * 4));
    }
    std::vector<unsigned> v = run(g.t, 5000.0, 10000);
    FILE* f = fopen((dir + "/" + g.name + "_5000.bin").c_str(), "wb");
    fwrite(v.data(), 4, v.size(), f);
    fclose(f);
  }
  return 0;
}
