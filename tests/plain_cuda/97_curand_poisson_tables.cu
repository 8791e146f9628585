// cuRAND's Poisson tables and the host API's Poisson results (issue F2c).
// curandCreatePoissonDistribution: for each lambda the status, the method (the square histogram
// CURAND_M2 below lambda 2000, a rounded normal CURAND_DISCRETE_GAUSS from there), the shift and
// length, and a hash of the tables V and K (read back from device memory, as a program reaches
// them); curand_discrete and curand_discrete4 drawing from such tables in a kernel; and
// curandGeneratePoisson: 10,000 results (hashed, with the first) from a new generator of each kind
// at lambdas on both sides of 2000 and where MTGP32 and the Sobol generators change method, in
// calls of odd sizes, after other results, and from a host generator. The EXPECT lines are this program's output built with nvcc 13.0 (cuRAND's own
// headers and library) and run on an H200, 2026-11-28:
//   nvcc -std=c++17 -arch=sm_90 -I tests/plain_cuda tests/plain_cuda/97_curand_poisson_tables.cu -lcurand && ./a.out
// EXPECT: table 0.25: status 0 method 5 mean 0 stddev 0 shift 0 length 140 V fnv 0xf85687ae72a4d9e3 K fnv 0x7103082825734ad6
// EXPECT: table 3.5: status 0 method 5 mean 0 stddev 0 shift 0 length 232 V fnv 0x08c4ca6ac8590aa1 K fnv 0xb1f950b18a83fc3f
// EXPECT: table 20: status 0 method 5 mean 0 stddev 0 shift 0 length 374 V fnv 0x3f84ac76279fedab K fnv 0x15b1a136b286c9d4
// EXPECT: table 100: status 0 method 5 mean 0 stddev 0 shift 0 length 690 V fnv 0x619dc97b0de71101 K fnv 0x3c6381d53ba43cee
// EXPECT: table 1000: status 0 method 5 mean 0 stddev 0 shift 71 length 2374 V fnv 0x9beb2e64337af292 K fnv 0x564d35138871de43
// EXPECT: table 1999.5: status 0 method 5 mean 0 stddev 0 shift 549 length 3403 V fnv 0x76d4cde9b86b742d K fnv 0xd8add9de01c9fa61
// EXPECT: table 2000: status 0 method 7 mean 2000 stddev 44.721359549995796
// EXPECT: table 5000: status 0 method 7 mean 5000 stddev 70.710678118654755
// EXPECT: table 400000: status 0 method 7 mean 400000 stddev 632.45553203367592
// EXPECT: table 0: status 104
// EXPECT: table -1: status 104
// EXPECT: table 400001: status 104
// EXPECT: curand_discrete xorwow 20: 26 fnv 0x9646acddc4d3042a
// EXPECT: curand_discrete mrg32k3a 20: 17 fnv 0x0c2bdeef4c78f89c
// EXPECT: curand_discrete philox 20: 27 fnv 0x52db647b61e65e76
// EXPECT: curand_discrete4 philox 20: 27 fnv 0x9baf055701b715e1
// EXPECT: curand_discrete xorwow 1000: 1031 fnv 0xfd83dfb4db47b901
// EXPECT: curand_discrete mrg32k3a 1000: 978 fnv 0x8cedf74dc6598030
// EXPECT: curand_discrete philox 1000: 1034 fnv 0x28d3fd1258eae786
// EXPECT: curand_discrete4 philox 1000: 1034 fnv 0x5ca4b3d8040ea201
// EXPECT: curand_discrete xorwow 5000: 5025 fnv 0xff70bb474aef9b61
// EXPECT: curand_discrete mrg32k3a 5000: 4974 fnv 0xbcfdb9844d03474d
// EXPECT: curand_discrete philox 5000: 4962 fnv 0x43d266bf3fd47339
// EXPECT: curand_discrete4 philox 5000: 4962 fnv 0x1b6dc1fb4f458a7a
// EXPECT: curandGeneratePoisson xorwow 3.5: 6 fnv 0x5e589000fd1bd56e
// EXPECT: curandGeneratePoisson xorwow 1000: 1031 fnv 0xc7f96456bd46dfd5
// EXPECT: curandGeneratePoisson xorwow 5000: 5055 fnv 0x48596d1106feb3e7
// EXPECT: curandGeneratePoisson mrg32k3a 3.5: 2 fnv 0x76ed702351c11c5e
// EXPECT: curandGeneratePoisson mrg32k3a 1000: 978 fnv 0x568fa84ae2b285f9
// EXPECT: curandGeneratePoisson mrg32k3a 5000: 4974 fnv 0x5e10386431abaa73
// EXPECT: curandGeneratePoisson philox 3.5: 6 fnv 0xdb83d2094b424f38
// EXPECT: curandGeneratePoisson philox 1000: 1034 fnv 0xdf437e2ed9872fc8
// EXPECT: curandGeneratePoisson philox 5000: 4886 fnv 0x74a3162f9b54cd57
// EXPECT: curandGeneratePoisson mtgp32 3.5: 3 fnv 0xe822bebda9bc025c
// EXPECT: curandGeneratePoisson mtgp32 1000: 1006 fnv 0xf1f4c65a983a230a
// EXPECT: curandGeneratePoisson mtgp32 5000: 5015 fnv 0x9df53f2ae1c299ff
// EXPECT: curandGeneratePoisson mt19937 3.5: 5 fnv 0xef2d51d4b7212c64
// EXPECT: curandGeneratePoisson mt19937 1000: 1026 fnv 0x4680665301cdc486
// EXPECT: curandGeneratePoisson mt19937 5000: 4938 fnv 0x414c7afeb7b3ea59
// EXPECT: curandGeneratePoisson sobol32 3.5: 0 fnv 0xa1cffd427aded8d2
// EXPECT: curandGeneratePoisson sobol32 1000: 809 fnv 0x9f9045dc2485ad74
// EXPECT: curandGeneratePoisson sobol32 5000: 4566 fnv 0x26b8af9ce69533b5
// EXPECT: curandGeneratePoisson scrambled_sobol64 3.5: 6 fnv 0x3455b306234d96c9
// EXPECT: curandGeneratePoisson scrambled_sobol64 1000: 1038 fnv 0x7d7dd0628e985844
// EXPECT: curandGeneratePoisson scrambled_sobol64 5000: 5084 fnv 0x571212979cb5f0cd
// EXPECT: curandGeneratePoisson mtgp32 31.75: 31 fnv 0x0341a9e06c2748cd
// EXPECT: curandGeneratePoisson mtgp32 32: 33 fnv 0x53d7cf794c88ee83
// EXPECT: curandGeneratePoisson scrambled_sobol32 9.875: 7 fnv 0x2ebfc0f60515b32d
// EXPECT: curandGeneratePoisson scrambled_sobol32 10: 14 fnv 0x637e957044094d64
// EXPECT: curandGeneratePoisson sobol64 20: 0 fnv 0xc8e50c897e6c3319
// EXPECT: curandGeneratePoisson sobol64 2000: 1717 fnv 0xcb2df7805d9d991f
// EXPECT: curandGeneratePoisson xorwow in calls of 1, 4097, 3 and the rest 20: 26 fnv 0x02199140d7c33085
// EXPECT: curandGeneratePoisson mrg32k3a after 1001 uniforms 20: 25 fnv 0xc477330318a5b490
// EXPECT: curandGeneratePoisson mt19937 in calls of 1, 4097, 3 and the rest 20: 25 fnv 0xfec63400aba86686
// EXPECT: curandGeneratePoisson xorwow host generator 20: 26 fnv 0x02199140d7c33085
// EXPECT: curandGeneratePoisson xorwow in calls of 1, 4097, 3 and the rest 5000: 5055 fnv 0x48596d1106feb3e7
// EXPECT: curandGeneratePoisson mrg32k3a after 1001 uniforms 5000: 4894 fnv 0x8ba6520a3127bc7c
// EXPECT: curandGeneratePoisson mt19937 in calls of 1, 4097, 3 and the rest 5000: 4938 fnv 0x414c7afeb7b3ea59
// EXPECT: curandGeneratePoisson xorwow host generator 5000: 5055 fnv 0x96df75051ad5ad7a
// EXPECT: curandGeneratePoisson lambda 0: status 104
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "check.cuh"
#include "curand_results.cuh"

static void print_table(double lambda) {
  curandDiscreteDistribution_t d;
  const curandStatus_t status = curandCreatePoissonDistribution(lambda, &d);
  std::printf("table %g: status %d", lambda, static_cast<int>(status));
  if (status != CURAND_STATUS_SUCCESS) {
    std::printf("\n");
    return;
  }
  curandDiscreteDistribution_st s;
  CHECK_CUDA(cudaMemcpy(&s, d, sizeof s, cudaMemcpyDeviceToHost));
  std::printf(" method %d mean %.17g stddev %.17g", static_cast<int>(s.method), s.mean, s.stddev);
  if (s.method == CURAND_M2) {
    curandDistributionM2Shift_st m2;
    curandHistogramM2_st h;
    CHECK_CUDA(cudaMemcpy(&m2, s.M2, sizeof m2, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(&h, m2.histogram, sizeof h, cudaMemcpyDeviceToHost));
    std::vector<double> v(m2.length);
    std::vector<unsigned> k(m2.length);
    CHECK_CUDA(cudaMemcpy(v.data(), h.V, m2.length * sizeof(double), cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(k.data(), h.K, m2.length * sizeof(unsigned), cudaMemcpyDeviceToHost));
    std::printf(" shift %u length %u V fnv 0x%016llx K fnv 0x%016llx", m2.shift, m2.length,
                static_cast<unsigned long long>(fnv1a(v.data(), v.size() * sizeof(double))),
                static_cast<unsigned long long>(fnv1a(k.data(), k.size() * sizeof(unsigned))));
  }
  std::printf("\n");
  CHECK_CURAND(curandDestroyDistribution(d));
}

constexpr int kThreads = 256, kPerThread = 40;

template <class State>
__global__ void discrete(curandDiscreteDistribution_t d, unsigned* out) {
  const int t = threadIdx.x;
  State s;
  curand_init(1234, t, 0, &s);
  for (int i = 0; i < kPerThread; ++i) out[i * kThreads + t] = curand_discrete(&s, d);
}
__global__ void discrete4(curandDiscreteDistribution_t d, unsigned* out) {
  const int t = threadIdx.x;
  curandStatePhilox4_32_10_t s;
  curand_init(1234, t, 0, &s);
  for (int i = 0; i < kPerThread; i += 4) {
    const uint4 v = curand_discrete4(&s, d);
    out[i * kThreads + 4 * t] = v.x;
    out[i * kThreads + 4 * t + 1] = v.y;
    out[i * kThreads + 4 * t + 2] = v.z;
    out[i * kThreads + 4 * t + 3] = v.w;
  }
}

static void print_values(const char* what, double lambda, const std::vector<unsigned>& v) {
  std::printf("%s %g: %u fnv 0x%016llx\n", what, lambda, v[0],
              static_cast<unsigned long long>(fnv1a(v.data(), v.size() * sizeof(unsigned))));
}

static void device_api(double lambda) {
  curandDiscreteDistribution_t d;
  CHECK_CURAND(curandCreatePoissonDistribution(lambda, &d));
  unsigned* out;
  const size_t n = static_cast<size_t>(kThreads) * kPerThread;
  CHECK_CUDA(cudaMalloc(&out, n * sizeof(unsigned)));
  std::vector<unsigned> v(n);
  discrete<curandStateXORWOW_t><<<1, kThreads>>>(d, out);
  CHECK_CUDA(cudaMemcpy(v.data(), out, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  print_values("curand_discrete xorwow", lambda, v);
  discrete<curandStateMRG32k3a_t><<<1, kThreads>>>(d, out);
  CHECK_CUDA(cudaMemcpy(v.data(), out, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  print_values("curand_discrete mrg32k3a", lambda, v);
  discrete<curandStatePhilox4_32_10_t><<<1, kThreads>>>(d, out);
  CHECK_CUDA(cudaMemcpy(v.data(), out, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  print_values("curand_discrete philox", lambda, v);
  discrete4<<<1, kThreads / 4>>>(d, out);
  CHECK_CUDA(cudaMemcpy(v.data(), out, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  print_values("curand_discrete4 philox", lambda, v);
  CHECK_CUDA(cudaFree(out));
  CHECK_CURAND(curandDestroyDistribution(d));
}

constexpr size_t kResults = 10000;

// kResults results of a new generator (seed 1234; the quasi-random ones in one dimension).
template <class Generate>
static std::vector<unsigned> host_api(curandRngType_t type, bool host_generator, Generate generate) {
  return generator_results<unsigned>(
      type, host_generator, kResults,
      [type](curandGenerator_t g) {
        if (type < CURAND_RNG_QUASI_DEFAULT) CHECK_CURAND(curandSetPseudoRandomGeneratorSeed(g, 1234));
      },
      generate);
}

// kResults results of curandGeneratePoisson in calls of 1, 4097, 3 and the rest.
static void in_four_calls(curandGenerator_t g, unsigned* p, double lambda) {
  CHECK_CURAND(curandGeneratePoisson(g, p, 1, lambda));
  CHECK_CURAND(curandGeneratePoisson(g, p + 1, 4097, lambda));
  CHECK_CURAND(curandGeneratePoisson(g, p + 4098, 3, lambda));
  CHECK_CURAND(curandGeneratePoisson(g, p + 4101, kResults - 4101, lambda));
}

int main() {
  for (double lambda : {0.25, 3.5, 20.0, 100.0, 1000.0, 1999.5, 2000.0, 5000.0, 400000.0, 0.0, -1.0, 400001.0})
    print_table(lambda);
  for (double lambda : {20.0, 1000.0, 5000.0}) device_api(lambda);
  const struct {
    curandRngType_t type;
    const char* name;
  } generators[] = {{CURAND_RNG_PSEUDO_XORWOW, "xorwow"},
                    {CURAND_RNG_PSEUDO_MRG32K3A, "mrg32k3a"},
                    {CURAND_RNG_PSEUDO_PHILOX4_32_10, "philox"},
                    {CURAND_RNG_PSEUDO_MTGP32, "mtgp32"},
                    {CURAND_RNG_PSEUDO_MT19937, "mt19937"},
                    {CURAND_RNG_QUASI_SOBOL32, "sobol32"},
                    {CURAND_RNG_QUASI_SCRAMBLED_SOBOL64, "scrambled_sobol64"}};
  char what[96];
  for (const auto& gen : generators)
    for (double lambda : {3.5, 1000.0, 5000.0}) {
      std::snprintf(what, sizeof what, "curandGeneratePoisson %s", gen.name);
      print_values(what, lambda, host_api(gen.type, false, [lambda](curandGenerator_t g, unsigned* p) {
                     CHECK_CURAND(curandGeneratePoisson(g, p, kResults, lambda));
                   }));
    }
  // Where MTGP32 and the 32-bit Sobol generators turn from the square histogram to a search of the
  // distribution function (32 and 10).
  const struct {
    curandRngType_t type;
    const char* name;
    double lambda;
  } edges[] = {{CURAND_RNG_PSEUDO_MTGP32, "mtgp32", 31.75}, {CURAND_RNG_PSEUDO_MTGP32, "mtgp32", 32.0},
               {CURAND_RNG_QUASI_SCRAMBLED_SOBOL32, "scrambled_sobol32", 9.875},
               {CURAND_RNG_QUASI_SCRAMBLED_SOBOL32, "scrambled_sobol32", 10.0},
               {CURAND_RNG_QUASI_SOBOL64, "sobol64", 20.0}, {CURAND_RNG_QUASI_SOBOL64, "sobol64", 2000.0}};
  for (const auto& e : edges) {
    std::snprintf(what, sizeof what, "curandGeneratePoisson %s", e.name);
    print_values(what, e.lambda, host_api(e.type, false, [&e](curandGenerator_t g, unsigned* p) {
                   CHECK_CURAND(curandGeneratePoisson(g, p, kResults, e.lambda));
                 }));
  }
  for (double lambda : {20.0, 5000.0}) {
    print_values("curandGeneratePoisson xorwow in calls of 1, 4097, 3 and the rest", lambda,
                 host_api(CURAND_RNG_PSEUDO_XORWOW, false,
                          [lambda](curandGenerator_t g, unsigned* p) { in_four_calls(g, p, lambda); }));
    print_values("curandGeneratePoisson mrg32k3a after 1001 uniforms", lambda,
                 host_api(CURAND_RNG_PSEUDO_MRG32K3A, false, [lambda](curandGenerator_t g, unsigned* p) {
                   float* u;
                   CHECK_CUDA(cudaMalloc(&u, 1001 * sizeof(float)));
                   CHECK_CURAND(curandGenerateUniform(g, u, 1001));
                   CHECK_CUDA(cudaFree(u));
                   CHECK_CURAND(curandGeneratePoisson(g, p, kResults, lambda));
                 }));
    print_values("curandGeneratePoisson mt19937 in calls of 1, 4097, 3 and the rest", lambda,
                 host_api(CURAND_RNG_PSEUDO_MT19937, false,
                          [lambda](curandGenerator_t g, unsigned* p) { in_four_calls(g, p, lambda); }));
    print_values("curandGeneratePoisson xorwow host generator", lambda,
                 host_api(CURAND_RNG_PSEUDO_XORWOW, true, [lambda](curandGenerator_t g, unsigned* p) {
                   CHECK_CURAND(curandGeneratePoisson(g, p, kResults, lambda));
                 }));
  }
  curandGenerator_t g;
  unsigned* p;
  CHECK_CUDA(cudaMalloc(&p, 16));
  CHECK_CURAND(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_XORWOW));
  std::printf("curandGeneratePoisson lambda 0: status %d\n", static_cast<int>(curandGeneratePoisson(g, p, 4, 0.0)));
  CHECK_CURAND(curandDestroyGenerator(g));
  CHECK_CUDA(cudaFree(p));
  return 0;
}
