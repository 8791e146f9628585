// cuRAND's host API for MT19937 (CURAND_RNG_PSEUDO_MT19937, issue F2c): results of a new generator
// for three seeds, hashed (64-bit FNV-1a of their bits) with the first: 10,000 values, and for seed
// 1234 150,000 (every one of the library's 8192 generators and 65,536 threads, and each thread's
// second and third values) in one call and in four; the uniform, normal and log-normal results
// (a normal count may be odd); a host generator's (the same values; its double normals are the
// CPU's inverse distribution function, within 2^-45 of the device's); the status of an offset.
// The EXPECT lines are this program's output built with nvcc 13.0 (cuRAND's own headers and
// library) and run on an H200, 2026-11-28:
//   nvcc -std=c++17 -arch=sm_90 -I tests/plain_cuda tests/plain_cuda/96_curand_mt19937.cu -lcurand && ./a.out
// EXPECT: mt19937 1234 curandGenerate 10000 0x31076b2f fnv 0x667ed2e48f7351fa
// EXPECT: mt19937 0 curandGenerate 10000 0x8c7f0aac fnv 0x7999be045a9f87e6
// EXPECT: mt19937 1311768467463790320 curandGenerate 10000 0x96943da8 fnv 0xbd69002243cd7078
// EXPECT: mt19937 1234 curandGenerate 150000 0x31076b2f fnv 0x25672eb44dc7926b
// EXPECT: mt19937 1234 curandGenerate in calls of 1000, 7, 65536 and the rest 150000 0x31076b2f fnv 0x25672eb44dc7926b
// EXPECT: mt19937 1234 curandGenerateUniform 10000 0x3e441dad fnv 0xc517232217b6b52b
// EXPECT: mt19937 1234 curandGenerateUniformDouble 10000 0x3fc883b597c00000 fnv 0x8d13b0cfc95bcbc2
// EXPECT: mt19937 1234 curandGenerateNormal(0, 1) 10000 0xbf5f4fc1 fnv 0x26def7f18a6701a6
// EXPECT: mt19937 1234 curandGenerateNormal(0, 1), an odd count 1001 0xbf5f4fc1 fnv 0x1f9e911b327ece37
// EXPECT: mt19937 1234 curandGenerateNormalDouble(0, 1) 10000 0xbfebe9f8226c12a0 fnv 0xaa50b516fc9d8eed
// EXPECT: mt19937 1234 curandGenerateLogNormal(0.5, 1.5) 10000 0x3ee41df2 fnv 0x6cebafb04a4bd6b4
// EXPECT: mt19937 1234 curandGenerateLogNormalDouble(0.5, 1.5) 10000 0x3fdc83be4e98a421 fnv 0x6e8baa40d3edaeec
// EXPECT: mt19937 1234 host generator curandGenerate 10000 0x31076b2f fnv 0x667ed2e48f7351fa
// EXPECT: mt19937 1234 host generator's double normals within 2^-45 of the device generator's: ok
// EXPECT: mt19937 curandSetGeneratorOffset: status 103
#include <cuda_runtime.h>
#include <curand.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "check.cuh"
#include "curand_results.cuh"

// `count` results of a new MT19937 generator with the seed.
template <class T, class Generate>
static std::vector<T> results(unsigned long long seed, size_t count, bool host_generator, Generate generate) {
  return generator_results<T>(
      CURAND_RNG_PSEUDO_MT19937, host_generator, count,
      [seed](curandGenerator_t g) { CHECK_CURAND(curandSetPseudoRandomGeneratorSeed(g, seed)); }, generate);
}

template <class T>
static void print(unsigned long long seed, const char* name, const std::vector<T>& v) {
  unsigned long long first = 0;
  memcpy(&first, v.data(), sizeof(T));
  std::printf("mt19937 %llu %s %zu 0x%llx fnv 0x%016llx\n", seed, name, v.size(), first,
              static_cast<unsigned long long>(fnv1a(v.data(), v.size() * sizeof(T))));
}

constexpr size_t kValues = 10000, kAllThreads = 150000;

int main() {
  for (unsigned long long seed : {1234ull, 0ull, 0x123456789abcdef0ull})
    print(seed, "curandGenerate", results<unsigned>(seed, kValues, false, [](curandGenerator_t g, unsigned* p) {
            CHECK_CURAND(curandGenerate(g, p, kValues));
          }));
  const unsigned long long seed = 1234;
  print(seed, "curandGenerate", results<unsigned>(seed, kAllThreads, false, [](curandGenerator_t g, unsigned* p) {
          CHECK_CURAND(curandGenerate(g, p, kAllThreads));
        }));
  print(seed, "curandGenerate in calls of 1000, 7, 65536 and the rest",
        results<unsigned>(seed, kAllThreads, false, [](curandGenerator_t g, unsigned* p) {
          CHECK_CURAND(curandGenerate(g, p, 1000));
          CHECK_CURAND(curandGenerate(g, p + 1000, 7));
          CHECK_CURAND(curandGenerate(g, p + 1007, 65536));
          CHECK_CURAND(curandGenerate(g, p + 66543, kAllThreads - 66543));
        }));
  print(seed, "curandGenerateUniform", results<float>(seed, kValues, false, [](curandGenerator_t g, float* p) {
          CHECK_CURAND(curandGenerateUniform(g, p, kValues));
        }));
  print(seed, "curandGenerateUniformDouble", results<double>(seed, kValues, false, [](curandGenerator_t g, double* p) {
          CHECK_CURAND(curandGenerateUniformDouble(g, p, kValues));
        }));
  print(seed, "curandGenerateNormal(0, 1)", results<float>(seed, kValues, false, [](curandGenerator_t g, float* p) {
          CHECK_CURAND(curandGenerateNormal(g, p, kValues, 0.0f, 1.0f));
        }));
  print(seed, "curandGenerateNormal(0, 1), an odd count", results<float>(seed, 1001, false, [](curandGenerator_t g, float* p) {
          CHECK_CURAND(curandGenerateNormal(g, p, 1001, 0.0f, 1.0f));
        }));
  const std::vector<double> normals = results<double>(seed, kValues, false, [](curandGenerator_t g, double* p) {
    CHECK_CURAND(curandGenerateNormalDouble(g, p, kValues, 0.0, 1.0));
  });
  print(seed, "curandGenerateNormalDouble(0, 1)", normals);
  print(seed, "curandGenerateLogNormal(0.5, 1.5)", results<float>(seed, kValues, false, [](curandGenerator_t g, float* p) {
          CHECK_CURAND(curandGenerateLogNormal(g, p, kValues, 0.5f, 1.5f));
        }));
  print(seed, "curandGenerateLogNormalDouble(0.5, 1.5)",
        results<double>(seed, kValues, false, [](curandGenerator_t g, double* p) {
          CHECK_CURAND(curandGenerateLogNormalDouble(g, p, kValues, 0.5, 1.5));
        }));
  print(seed, "host generator curandGenerate", results<unsigned>(seed, kValues, true, [](curandGenerator_t g, unsigned* p) {
          CHECK_CURAND(curandGenerate(g, p, kValues));
        }));
  const std::vector<double> host_normals = results<double>(seed, kValues, true, [](curandGenerator_t g, double* p) {
    CHECK_CURAND(curandGenerateNormalDouble(g, p, kValues, 0.0, 1.0));
  });
  int off = 0;
  for (size_t i = 0; i < kValues; ++i) off += !(std::fabs(host_normals[i] - normals[i]) <= 0x1p-45);
  std::printf("mt19937 %llu host generator's double normals within 2^-45 of the device generator's: %s\n", seed,
              off ? "WRONG" : "ok");
  curandGenerator_t g;
  CHECK_CURAND(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_MT19937));
  std::printf("mt19937 curandSetGeneratorOffset: status %d\n", static_cast<int>(curandSetGeneratorOffset(g, 10)));
  CHECK_CURAND(curandDestroyGenerator(g));
  return 0;
}
