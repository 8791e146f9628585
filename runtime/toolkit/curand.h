// cusim's <curand.h>: cuRAND's host API, giving the values cuRAND's library gives on a GPU bit
// for bit (tests/plain_cuda/86, 89, 90, 91 and 96 compare them with an H200's). The library lays
// the generators' sequences out as measured (backends/sim/curand_host.cpp says how); results go
// to device memory (curandCreateGenerator) or host memory (curandCreateGeneratorHost). The 32- and
// 64-bit values and the uniform, normal and log-normal distributions are there, for XORWOW,
// Philox4_32_10, MRG32k3a, MTGP32, MT19937 and the Sobol generators; the Poisson one (the
// library's own method, unlike the device API's) is not yet: a call is a compile error that names
// it (issue F2c).
#pragma once
// cuRAND's include guard, which programs test to see whether the header is in (helper_cuda.h).
#ifndef CURAND_H_
#define CURAND_H_
#endif
#include <cuda_runtime.h>

#include <cstddef>

#define CURAND_VER_MAJOR 10
#define CURAND_VER_MINOR 4
#define CURAND_VER_PATCH 0
#define CURAND_VER_BUILD 0
#define CURAND_VERSION (CURAND_VER_MAJOR * 1000 + CURAND_VER_MINOR * 100 + CURAND_VER_PATCH)

enum curandStatus {
  CURAND_STATUS_SUCCESS = 0,
  CURAND_STATUS_VERSION_MISMATCH = 100,
  CURAND_STATUS_NOT_INITIALIZED = 101,
  CURAND_STATUS_ALLOCATION_FAILED = 102,
  CURAND_STATUS_TYPE_ERROR = 103,
  CURAND_STATUS_OUT_OF_RANGE = 104,
  CURAND_STATUS_LENGTH_NOT_MULTIPLE = 105,
  CURAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106,
  CURAND_STATUS_LAUNCH_FAILURE = 201,
  CURAND_STATUS_PREEXISTING_FAILURE = 202,
  CURAND_STATUS_INITIALIZATION_FAILED = 203,
  CURAND_STATUS_ARCH_MISMATCH = 204,
  CURAND_STATUS_INTERNAL_ERROR = 999,
};
typedef enum curandStatus curandStatus_t;

enum curandRngType {
  CURAND_RNG_TEST = 0,
  CURAND_RNG_PSEUDO_DEFAULT = 100,
  CURAND_RNG_PSEUDO_XORWOW = 101,
  CURAND_RNG_PSEUDO_MRG32K3A = 121,
  CURAND_RNG_PSEUDO_MTGP32 = 141,
  CURAND_RNG_PSEUDO_MT19937 = 142,
  CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161,
  CURAND_RNG_QUASI_DEFAULT = 200,
  CURAND_RNG_QUASI_SOBOL32 = 201,
  CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 202,
  CURAND_RNG_QUASI_SOBOL64 = 203,
  CURAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 204,
};
typedef enum curandRngType curandRngType_t;

enum curandOrdering {
  CURAND_ORDERING_PSEUDO_BEST = 100,
  CURAND_ORDERING_PSEUDO_DEFAULT = 101,
  CURAND_ORDERING_PSEUDO_SEEDED = 102,
  CURAND_ORDERING_PSEUDO_LEGACY = 103,
  CURAND_ORDERING_PSEUDO_DYNAMIC = 104,
  CURAND_ORDERING_QUASI_DEFAULT = 201,
};
typedef enum curandOrdering curandOrdering_t;

// Sobol direction vectors: cuRAND's sets for up to 20,000 dimensions (curandGetDirectionVectors32/64).
enum curandDirectionVectorSet {
  CURAND_DIRECTION_VECTORS_32_JOEKUO6 = 101,
  CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6 = 102,
  CURAND_DIRECTION_VECTORS_64_JOEKUO6 = 103,
  CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6 = 104,
};
typedef enum curandDirectionVectorSet curandDirectionVectorSet_t;
typedef unsigned int curandDirectionVectors32_t[32];
typedef unsigned long long curandDirectionVectors64_t[64];

struct curandGenerator_st;
typedef struct curandGenerator_st* curandGenerator_t;

curandStatus_t curandCreateGenerator(curandGenerator_t* generator, curandRngType_t rng_type);
curandStatus_t curandCreateGeneratorHost(curandGenerator_t* generator, curandRngType_t rng_type);
curandStatus_t curandDestroyGenerator(curandGenerator_t generator);
curandStatus_t curandGetVersion(int* version);
curandStatus_t curandSetStream(curandGenerator_t generator, cudaStream_t stream);
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator, unsigned long long seed);
curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator, unsigned long long offset);
curandStatus_t curandSetGeneratorOrdering(curandGenerator_t generator, curandOrdering_t order);
curandStatus_t curandGenerateSeeds(curandGenerator_t generator);
curandStatus_t curandGenerate(curandGenerator_t generator, unsigned int* outputPtr, std::size_t num);
curandStatus_t curandGenerateLongLong(curandGenerator_t generator, unsigned long long* outputPtr, std::size_t num);
curandStatus_t curandSetQuasiRandomGeneratorDimensions(curandGenerator_t generator, unsigned int num_dimensions);
curandStatus_t curandGenerateUniform(curandGenerator_t generator, float* outputPtr, std::size_t num);
curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator, double* outputPtr, std::size_t num);
curandStatus_t curandGenerateNormal(curandGenerator_t generator, float* outputPtr, std::size_t n, float mean, float stddev);
curandStatus_t curandGenerateNormalDouble(curandGenerator_t generator, double* outputPtr, std::size_t n, double mean,
                                          double stddev);
curandStatus_t curandGenerateLogNormal(curandGenerator_t generator, float* outputPtr, std::size_t n, float mean,
                                       float stddev);
curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t generator, double* outputPtr, std::size_t n,
                                             double mean, double stddev);
// cuRAND's Sobol direction vectors and scramble constants: NVIDIA's tables, which cusim does not
// ship; these forward to the installed CUDA Toolkit's libcurand (backends/sim/curand_tables.cpp).
curandStatus_t curandGetDirectionVectors32(curandDirectionVectors32_t* vectors[], curandDirectionVectorSet_t set);
curandStatus_t curandGetDirectionVectors64(curandDirectionVectors64_t* vectors[], curandDirectionVectorSet_t set);
curandStatus_t curandGetScrambleConstants32(unsigned int** constants);
curandStatus_t curandGetScrambleConstants64(unsigned long long** constants);

// Not simulated yet (issue F2c): a call is an error at the caller's line that names it.
#define CUSIM_CURAND_HOST_NOT_YET(name, ...)                                                                 \
  template <class Generator>                                                                                \
  curandStatus_t name(Generator, __VA_ARGS__) __attribute__((unavailable(                                  \
      "cusim does not simulate it yet (issue F2c: the GPU's values are not reproduced bit for bit yet); "   \
      "curandGenerate, curandGenerateUniform(Double), curandGenerateNormal(Double) and "                   \
      "curandGenerateLogNormal(Double) are")));
CUSIM_CURAND_HOST_NOT_YET(curandGeneratePoisson, unsigned int*, std::size_t, double)
#undef CUSIM_CURAND_HOST_NOT_YET
