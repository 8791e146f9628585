// Where curandCreatePoissonDistribution switches from the square histogram (CURAND_M2) to a
// rounded normal (CURAND_DISCRETE_GAUSS), and how the host API's curandGeneratePoisson orders that
// normal's draws: the method at lambdas from 1000 to 5000, the boundary bisected, and (under
// argv[1]) curandGeneratePoisson at lambda 5000 for XORWOW seed 1234 in calls of 16, 4096 and
// 65,536 results, for Philox and MRG32k3a, next to the same generators' normals.
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>
#include <cstdio>
#include <string>
#include <vector>
static std::string dir;
static int method(double lambda) {
  curandDiscreteDistribution_t d;
  if (curandCreatePoissonDistribution(lambda, &d) != CURAND_STATUS_SUCCESS) return -1;
  curandDiscreteDistribution_st s;
  cudaMemcpy(&s, d, sizeof s, cudaMemcpyDeviceToHost);
  curandDestroyDistribution(d);
  return s.method;
}
template <class T, class F>
static void record(const char* name, curandRngType_t type, size_t n, F f) {
  curandGenerator_t g;
  curandCreateGenerator(&g, type);
  curandSetPseudoRandomGeneratorSeed(g, 1234);
  T* d;
  cudaMalloc(&d, n * sizeof(T));
  curandStatus_t st = f(g, d, n);
  std::vector<T> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  FILE* o = fopen((dir + "/" + name + ".bin").c_str(), "wb");
  fwrite(h.data(), sizeof(T), n, o);
  fclose(o);
  printf("%s status %d\n", name, (int)st);
  cudaFree(d);
  curandDestroyGenerator(g);
}
int main(int argc, char** argv) {
  dir = argc > 1 ? argv[1] : ".";
  for (double l = 1000; l <= 5000; l += 100) printf("lambda %g method %d\n", l, method(l));
  double lo = 1000, hi = 5000;
  for (int i = 0; i < 60; ++i) {
    double mid = (lo + hi) / 2;
    (method(mid) == method(1000.0) ? lo : hi) = mid;
  }
  printf("boundary: method %d at %.17g, %d at %.17g\n", method(lo), lo, method(hi), hi);
  auto poisson = [](curandGenerator_t g, unsigned* d, size_t n) { return curandGeneratePoisson(g, d, n, 5000.0); };
  record<unsigned>("xorwow_16", CURAND_RNG_PSEUDO_XORWOW, 16, poisson);
  record<unsigned>("xorwow_4096", CURAND_RNG_PSEUDO_XORWOW, 4096, poisson);
  record<unsigned>("xorwow_65536", CURAND_RNG_PSEUDO_XORWOW, 65536, poisson);
  record<unsigned>("philox_65536", CURAND_RNG_PSEUDO_PHILOX4_32_10, 65536, poisson);
  record<unsigned>("mrg_65536", CURAND_RNG_PSEUDO_MRG32K3A, 65536, poisson);
  record<double>("xorwow_normal_double", CURAND_RNG_PSEUDO_XORWOW, 65536,
                 [](curandGenerator_t g, double* d, size_t n) { return curandGenerateNormalDouble(g, d, n, 0.0, 1.0); });
  record<float>("xorwow_normal", CURAND_RNG_PSEUDO_XORWOW, 65536,
                [](curandGenerator_t g, float* d, size_t n) { return curandGenerateNormal(g, d, n, 0.0f, 1.0f); });
  record<unsigned>("xorwow_bits", CURAND_RNG_PSEUDO_XORWOW, 65536,
                   [](curandGenerator_t g, unsigned* d, size_t n) { return curandGenerate(g, d, n); });
  return 0;
}
