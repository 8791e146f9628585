// cuRAND's MTGP32 generator (issue F2c), device and host API.
// Device API: states set up on the host by curandMakeMTGP32Constants and
// curandMakeMTGP32KernelState from the 200 parameter sets of <curand_mtgp32dc_p_11213.h>, one per
// block, and drawn by every thread of the block together. For three seeds, the first 10,240 values
// of each of three blocks as a 64-bit FNV-1a hash of their bits and the first value: curand,
// curand_uniform(_double), curand_normal(_double), curand_log_normal(_double) and curand_poisson on
// both sides of lambda 1000 with 256 threads in a row; curand and curand_normal_double with 16 x 8
// threads (cuRAND's own thread-index formula); curand_mtgp32_specific by 100 of a block's 128
// threads (the other 28 drawing from a second state). Float normals and log-normals take their
// logarithm and reciprocal square root from the GPU's special-function unit, which cusim models
// (runtime/cusim/detail/sfu.hpp); each is also checked against the double one from the same value.
// Host API: 100,000 results from a new generator of each kind, hashed (and curandGenerate split
// in two calls, float normals and log-normals also checked as above); a host generator's bits, and its
// double normals (floats widened, as cuRAND's are) and log-normals (doubles); the status of
// curandSetGeneratorOffset on MTGP32.
// The EXPECT lines are this program's output built with nvcc 13.0 (cuRAND's own headers and
// library) and run on an H200, 2026-11-28:
//   nvcc -std=c++17 -arch=sm_90 -I tests/plain_cuda tests/plain_cuda/90_curand_mtgp32.cu -lcurand && ./a.out
// EXPECT: host: mtgp32 1234 256 curand 0x95130d0d fnv 0x5df80e9c36e30050
// EXPECT: host: mtgp32 1234 256 curand_uniform 0x3f15130d fnv 0x3722e4d8e7ad27f6
// EXPECT: host: mtgp32 1234 256 curand_uniform_double 0x3fe2a261a1c00000 fnv 0xcd5c73de1f0c3f36
// EXPECT: host: mtgp32 1234 256 curand_normal 0x3e54d343 fnv 0x44fa979a677677c6
// EXPECT: host: mtgp32 1234 256 curand_normal_double 0x3fca9a6888b90540 fnv 0xe0f91d07ba2dc90c
// EXPECT: host: mtgp32 1234 256 curand_log_normal(0.5, 1.5) 0x40101e72 fnv 0x9a5bd185c8f3e71e
// EXPECT: host: mtgp32 1234 256 curand_log_normal_double(0.5, 1.5) 0x400203ce3e9a17e2 fnv 0xd3a4cfcf4c8ba634
// EXPECT: host: mtgp32 1234 256 curand_poisson(3.5) 0x4 fnv 0x502a4a754aa46ff7
// EXPECT: host: mtgp32 1234 256 curand_poisson(20) 0x15 fnv 0x292d6b9da43e8e6c
// EXPECT: host: mtgp32 1234 256 curand_poisson(700) 0x2c1 fnv 0x74ba431dd38b9a3e
// EXPECT: host: mtgp32 1234 256 curand_poisson(5000) 0x1397 fnv 0x3822b0ff77f6375c
// EXPECT: host: mtgp32 1234 16x8 curand 0x95130d0d fnv 0x5df80e9c36e30050
// EXPECT: host: mtgp32 1234 16x8 curand_normal_double 0x3fca9a6888b90540 fnv 0xe0f91d07ba2dc90c
// EXPECT: host: mtgp32 1234 100/128 curand_mtgp32_specific 0x95130d0d fnv 0x5df80e9c36e30050
// EXPECT: host: mtgp32 1234 curand_normal and curand_log_normal within the SFU's error of the doubles: ok
// EXPECT: host: mtgp32 1234 curandGenerate 0x95130d0d fnv 0x6a990b3637220bf4
// EXPECT: host: mtgp32 1234 curandGenerate in calls of 1000 and 99000 0x95130d0d fnv 0x6a990b3637220bf4
// EXPECT: host: mtgp32 1234 curandGenerateUniform 0x3f15130d fnv 0x3e1c85143cde9d6b
// EXPECT: host: mtgp32 1234 curandGenerateUniformDouble 0x3fe2a261a1c00000 fnv 0x3505fb9692d49542
// EXPECT: host: mtgp32 1234 curandGenerateNormalDouble(0, 1) 0x3fca9a6888b90540 fnv 0x8a4ba5a2be87e305
// EXPECT: host: mtgp32 1234 curandGenerateLogNormalDouble(0.5, 1.5) 0x400203ce3e9a17e2 fnv 0x7f2866c6dcaf6099
// EXPECT: host: mtgp32 1234 curandGenerateNormal(0, 1) 0x3e54d343 fnv 0xfa75df843fb5ada3
// EXPECT: host: mtgp32 1234 curandGenerateLogNormal(0.5, 1.5) 0x40101e72 fnv 0xf6dc8d8a0bf2386c
// EXPECT: host: mtgp32 1234 curandGenerateNormal and curandGenerateLogNormal within the SFU's error of the doubles: ok
// EXPECT: host: mtgp32 1234 host generator curandGenerate 0x95130d0d fnv 0x6a990b3637220bf4
// EXPECT: host: mtgp32 1234 host generator's double normals are floats, its log-normals doubles: ok
// EXPECT: host: mtgp32 0 256 curand 0x1583a42b fnv 0x06d1344d108c3714
// EXPECT: host: mtgp32 0 256 curand_uniform 0x3dac1d21 fnv 0x84494917a62a7407
// EXPECT: host: mtgp32 0 256 curand_uniform_double 0x3fb583a42c000000 fnv 0x311e76214e8dd33a
// EXPECT: host: mtgp32 0 256 curand_normal 0xbfb06f69 fnv 0x1e560eec315c4239
// EXPECT: host: mtgp32 0 256 curand_normal_double 0xbff60decfd227cf5 fnv 0x248d6b77424fa919
// EXPECT: host: mtgp32 0 256 curand_log_normal(0.5, 1.5) 0x3e558cd8 fnv 0xb68217eea2265ba3
// EXPECT: host: mtgp32 0 256 curand_log_normal_double(0.5, 1.5) 0x3fcab19b703fe768 fnv 0x07cff2e9e9883e4f
// EXPECT: host: mtgp32 0 256 curand_poisson(3.5) 0x1 fnv 0x236e96b85e226944
// EXPECT: host: mtgp32 0 256 curand_poisson(20) 0xe fnv 0x437d10144de74d6a
// EXPECT: host: mtgp32 0 256 curand_poisson(700) 0x298 fnv 0x8732ad82dbcdf26a
// EXPECT: host: mtgp32 0 256 curand_poisson(5000) 0x1327 fnv 0x67b335ecf4bd10e6
// EXPECT: host: mtgp32 0 16x8 curand 0x1583a42b fnv 0x06d1344d108c3714
// EXPECT: host: mtgp32 0 16x8 curand_normal_double 0xbff60decfd227cf5 fnv 0x248d6b77424fa919
// EXPECT: host: mtgp32 0 100/128 curand_mtgp32_specific 0x1583a42b fnv 0x06d1344d108c3714
// EXPECT: host: mtgp32 0 curand_normal and curand_log_normal within the SFU's error of the doubles: ok
// EXPECT: host: mtgp32 0 curandGenerate 0x1583a42b fnv 0x600ba5d0916f46d6
// EXPECT: host: mtgp32 0 curandGenerate in calls of 1000 and 99000 0x1583a42b fnv 0x600ba5d0916f46d6
// EXPECT: host: mtgp32 0 curandGenerateUniform 0x3dac1d21 fnv 0xa4b131fdb986a4ce
// EXPECT: host: mtgp32 0 curandGenerateUniformDouble 0x3fb583a42c000000 fnv 0x75e68f0e60f85ac6
// EXPECT: host: mtgp32 0 curandGenerateNormalDouble(0, 1) 0xbff60decfd227cf5 fnv 0xe852a20c7a0b1b49
// EXPECT: host: mtgp32 0 curandGenerateLogNormalDouble(0.5, 1.5) 0x3fcab19b703fe768 fnv 0x1a77166f7bb9f220
// EXPECT: host: mtgp32 0 curandGenerateNormal(0, 1) 0xbfb06f69 fnv 0xdc5c76a166c39ff5
// EXPECT: host: mtgp32 0 curandGenerateLogNormal(0.5, 1.5) 0x3e558cd8 fnv 0xe95577e2679ce3bb
// EXPECT: host: mtgp32 0 curandGenerateNormal and curandGenerateLogNormal within the SFU's error of the doubles: ok
// EXPECT: host: mtgp32 0 host generator curandGenerate 0x1583a42b fnv 0x600ba5d0916f46d6
// EXPECT: host: mtgp32 0 host generator's double normals are floats, its log-normals doubles: ok
// EXPECT: host: mtgp32 1311768467463790320 256 curand 0xedfcb379 fnv 0x7ccd832ca6104f7e
// EXPECT: host: mtgp32 1311768467463790320 256 curand_uniform 0x3f6dfcb3 fnv 0xcd3cbc9af6cbc999
// EXPECT: host: mtgp32 1311768467463790320 256 curand_uniform_double 0x3fedbf966f400000 fnv 0xd8b304059346bacd
// EXPECT: host: mtgp32 1311768467463790320 256 curand_normal 0x3fbc8e58 fnv 0x7cd06630eaacf860
// EXPECT: host: mtgp32 1311768467463790320 256 curand_normal_double 0x3ff791cb135b9470 fnv 0x259f16f661f627dc
// EXPECT: host: mtgp32 1311768467463790320 256 curand_log_normal(0.5, 1.5) 0x417061d0 fnv 0x73132f4a9cd5703a
// EXPECT: host: mtgp32 1311768467463790320 256 curand_log_normal_double(0.5, 1.5) 0x402e0c3a4cd399f4 fnv 0xf0fbd0d8b46a9503
// EXPECT: host: mtgp32 1311768467463790320 256 curand_poisson(3.5) 0x6 fnv 0x0c38f638478bd491
// EXPECT: host: mtgp32 1311768467463790320 256 curand_poisson(20) 0x1b fnv 0x19feb734e30b89c0
// EXPECT: host: mtgp32 1311768467463790320 256 curand_poisson(700) 0x2e3 fnv 0x4089b4fc8a8ef70a
// EXPECT: host: mtgp32 1311768467463790320 256 curand_poisson(5000) 0x13f0 fnv 0x38513d99f1d14eff
// EXPECT: host: mtgp32 1311768467463790320 16x8 curand 0xedfcb379 fnv 0x7ccd832ca6104f7e
// EXPECT: host: mtgp32 1311768467463790320 16x8 curand_normal_double 0x3ff791cb135b9470 fnv 0x259f16f661f627dc
// EXPECT: host: mtgp32 1311768467463790320 100/128 curand_mtgp32_specific 0xedfcb379 fnv 0x7ccd832ca6104f7e
// EXPECT: host: mtgp32 1311768467463790320 curand_normal and curand_log_normal within the SFU's error of the doubles: ok
// EXPECT: host: mtgp32 1311768467463790320 curandGenerate 0xedfcb379 fnv 0xb807148cdc99d669
// EXPECT: host: mtgp32 1311768467463790320 curandGenerate in calls of 1000 and 99000 0xedfcb379 fnv 0xb807148cdc99d669
// EXPECT: host: mtgp32 1311768467463790320 curandGenerateUniform 0x3f6dfcb3 fnv 0xa3b34cbeea89ea31
// EXPECT: host: mtgp32 1311768467463790320 curandGenerateUniformDouble 0x3fedbf966f400000 fnv 0x6150fd4da1de980c
// EXPECT: host: mtgp32 1311768467463790320 curandGenerateNormalDouble(0, 1) 0x3ff791cb135b9470 fnv 0x14652ed9b55b20d7
// EXPECT: host: mtgp32 1311768467463790320 curandGenerateLogNormalDouble(0.5, 1.5) 0x402e0c3a4cd399f4 fnv 0x011b7638c81a8dc8
// EXPECT: host: mtgp32 1311768467463790320 curandGenerateNormal(0, 1) 0x3fbc8e58 fnv 0x9670c407acdbdfb8
// EXPECT: host: mtgp32 1311768467463790320 curandGenerateLogNormal(0.5, 1.5) 0x417061d0 fnv 0x3194380a318970b9
// EXPECT: host: mtgp32 1311768467463790320 curandGenerateNormal and curandGenerateLogNormal within the SFU's error of the doubles: ok
// EXPECT: host: mtgp32 1311768467463790320 host generator curandGenerate 0xedfcb379 fnv 0xb807148cdc99d669
// EXPECT: host: mtgp32 1311768467463790320 host generator's double normals are floats, its log-normals doubles: ok
// EXPECT: host: curandSetGeneratorOffset on MTGP32: 103
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>
#include <curand_mtgp32_host.h>
#include <curand_mtgp32dc_p_11213.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "check.cuh"
#include "curand_results.cuh"

enum Draw { kBits, kUniform, kUniformDouble, kNormal, kNormalDouble, kLogNormal, kLogNormalDouble, kPoisson, kCount };
static const char* const kNames[kCount] = {"curand",        "curand_uniform",           "curand_uniform_double",
                                           "curand_normal", "curand_normal_double",     "curand_log_normal(0.5, 1.5)",
                                           "curand_log_normal_double(0.5, 1.5)",       "curand_poisson"};

constexpr int kBlocks = 3;
constexpr int kValuesPerBlock = 10240;

// Every thread of the block draws `calls` values; with `specific`, through curand_mtgp32_specific:
// the block's first `specific` threads from its state, the others from a second state (block
// index + kBlocks), as a block may update two states.
__global__ void draw(curandStateMtgp32* states, unsigned long long* out, int calls, int what, double lambda,
                     int specific) {
  curandStateMtgp32* state = &states[blockIdx.x];
  const int n = specific ? specific : blockDim.x * blockDim.y * blockDim.z;
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  for (int c = 0; c < calls; ++c) {
    unsigned long long bits = 0;
    if (specific) {
      const int threads = blockDim.x * blockDim.y * blockDim.z;
      const bool first = t < specific;
      bits = curand_mtgp32_specific(first ? state : &states[blockIdx.x + kBlocks],
                                    static_cast<unsigned char>(first ? t : t - specific),
                                    static_cast<unsigned char>(first ? specific : threads - specific));
    } else if (what == kBits) {
      bits = curand(state);
    } else if (what == kUniform) {
      const float v = curand_uniform(state);
      unsigned int u;
      memcpy(&u, &v, 4);
      bits = u;
    } else if (what == kUniformDouble) {
      const double v = curand_uniform_double(state);
      memcpy(&bits, &v, 8);
    } else if (what == kNormal) {
      const float v = curand_normal(state);
      unsigned int u;
      memcpy(&u, &v, 4);
      bits = u;
    } else if (what == kNormalDouble) {
      const double v = curand_normal_double(state);
      memcpy(&bits, &v, 8);
    } else if (what == kLogNormal) {
      const float v = curand_log_normal(state, 0.5f, 1.5f);
      unsigned int u;
      memcpy(&u, &v, 4);
      bits = u;
    } else if (what == kLogNormalDouble) {
      const double v = curand_log_normal_double(state, 0.5, 1.5);
      memcpy(&bits, &v, 8);
    } else {
      bits = curand_poisson(state, lambda);
    }
    if (t < n) out[(static_cast<size_t>(blockIdx.x) * calls + c) * n + t] = bits;
  }
}

// Runs `draw` over kBlocks fresh states and returns each block's first kValuesPerBlock values.
static std::vector<unsigned long long> run(unsigned long long seed, dim3 block, int specific, int what, double lambda,
                                          mtgp32_kernel_params* params, curandStateMtgp32* states,
                                          unsigned long long* out) {
  CHECK_CURAND(curandMakeMTGP32KernelState(states, mtgp32dc_params_fast_11213, params, 2 * kBlocks, seed));
  const int n = specific ? specific : static_cast<int>(block.x * block.y * block.z);
  const int calls = (kValuesPerBlock + n - 1) / n;
  draw<<<kBlocks, block>>>(states, out, calls, what, lambda, specific);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<unsigned long long> all(static_cast<size_t>(kBlocks) * calls * n), first;
  CHECK_CUDA(cudaMemcpy(all.data(), out, all.size() * sizeof(unsigned long long), cudaMemcpyDeviceToHost));
  for (int b = 0; b < kBlocks; ++b)
    first.insert(first.end(), all.begin() + static_cast<size_t>(b) * calls * n,
                 all.begin() + static_cast<size_t>(b) * calls * n + kValuesPerBlock);
  return first;
}

// One line: the values' hash (each narrowed to its own width) and the first.
static void print(unsigned long long seed, const char* label, const char* name, const std::vector<unsigned long long>& v,
                  bool wide) {
  std::vector<unsigned char> bytes;
  for (unsigned long long x : v)
    bytes.insert(bytes.end(), reinterpret_cast<const unsigned char*>(&x),
                 reinterpret_cast<const unsigned char*>(&x) + (wide ? 8 : 4));
  std::printf("host: mtgp32 %llu %s %s 0x%llx fnv 0x%016llx\n", seed, label, name, v[0],
              static_cast<unsigned long long>(fnv1a(bytes.data(), bytes.size())));
}

// Float normals (and log-normals) against the double ones from the same values: within the
// special-function unit's error (measured on the GPU: 2^-20.4 absolute, 2^-18 relative), well
// inside the bounds here, which a wrong branch or sign would exceed.
static bool close(double f, double d, double relative) {
  return std::fabs(f - d) <= relative * (std::fabs(d) > 1 ? std::fabs(d) : 1.0);
}
static double as_float(unsigned long long bits) {
  const unsigned int u = static_cast<unsigned int>(bits);
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static double as_double(unsigned long long bits) {
  double d;
  memcpy(&d, &bits, 8);
  return d;
}

static void device_api(unsigned long long seed, mtgp32_kernel_params* params, curandStateMtgp32* states,
                       unsigned long long* out) {
  for (int what : {kBits, kUniform, kUniformDouble, kNormal, kNormalDouble, kLogNormal, kLogNormalDouble})
    print(seed, "256", kNames[what], run(seed, dim3(256), 0, what, 0, params, states, out),
          what == kUniformDouble || what == kNormalDouble || what == kLogNormalDouble);
  for (double lambda : {3.5, 20.0, 700.0, 5000.0}) {
    char name[32];
    std::snprintf(name, sizeof name, "curand_poisson(%g)", lambda);
    print(seed, "256", name, run(seed, dim3(256), 0, kPoisson, lambda, params, states, out), false);
  }
  print(seed, "16x8", "curand", run(seed, dim3(16, 8), 0, kBits, 0, params, states, out), false);
  print(seed, "16x8", "curand_normal_double", run(seed, dim3(16, 8), 0, kNormalDouble, 0, params, states, out), true);
  print(seed, "100/128", "curand_mtgp32_specific", run(seed, dim3(128), 100, kBits, 0, params, states, out), false);
  const std::vector<unsigned long long> nf = run(seed, dim3(256), 0, kNormal, 0, params, states, out),
                                        nd = run(seed, dim3(256), 0, kNormalDouble, 0, params, states, out),
                                        lf = run(seed, dim3(256), 0, kLogNormal, 0, params, states, out),
                                        ld = run(seed, dim3(256), 0, kLogNormalDouble, 0, params, states, out);
  int off = 0;
  for (size_t i = 0; i < nf.size(); ++i)
    off += !close(as_float(nf[i]), as_double(nd[i]), 0x1p-17) + !close(as_float(lf[i]), as_double(ld[i]), 0x1p-16);
  std::printf("host: mtgp32 %llu curand_normal and curand_log_normal within the SFU's error of the doubles: %s\n", seed,
              off ? "WRONG" : "ok");
}

// The host API's MTGP32 generator: 100,000 results of each kind from a new generator.
constexpr size_t kHostValues = 100000;

template <class T, class Generate>
static std::vector<T> host_results(curandRngType_t type, unsigned long long seed, bool host_generator,
                                   Generate generate) {
  return generator_results<T>(
      type, host_generator, kHostValues,
      [seed](curandGenerator_t g) { CHECK_CURAND(curandSetPseudoRandomGeneratorSeed(g, seed)); }, generate);
}

template <class T>
static void print_host(unsigned long long seed, const char* name, const std::vector<T>& v) {
  unsigned long long first = 0;
  memcpy(&first, v.data(), sizeof(T));
  std::printf("host: mtgp32 %llu %s 0x%llx fnv 0x%016llx\n", seed, name, first,
              static_cast<unsigned long long>(fnv1a(v.data(), v.size() * sizeof(T))));
}

static void host_api(unsigned long long seed) {
  const curandRngType_t t = CURAND_RNG_PSEUDO_MTGP32;
  print_host(seed, "curandGenerate", host_results<unsigned>(t, seed, false, [](curandGenerator_t g, unsigned* p) {
               CHECK_CURAND(curandGenerate(g, p, kHostValues));
             }));
  print_host(seed, "curandGenerate in calls of 1000 and 99000",
             host_results<unsigned>(t, seed, false, [](curandGenerator_t g, unsigned* p) {
               CHECK_CURAND(curandGenerate(g, p, 1000));
               CHECK_CURAND(curandGenerate(g, p + 1000, kHostValues - 1000));
             }));
  print_host(seed, "curandGenerateUniform", host_results<float>(t, seed, false, [](curandGenerator_t g, float* p) {
               CHECK_CURAND(curandGenerateUniform(g, p, kHostValues));
             }));
  print_host(seed, "curandGenerateUniformDouble",
             host_results<double>(t, seed, false, [](curandGenerator_t g, double* p) {
               CHECK_CURAND(curandGenerateUniformDouble(g, p, kHostValues));
             }));
  const std::vector<double> nd = host_results<double>(t, seed, false, [](curandGenerator_t g, double* p) {
    CHECK_CURAND(curandGenerateNormalDouble(g, p, kHostValues, 0.0, 1.0));
  });
  const std::vector<double> ld = host_results<double>(t, seed, false, [](curandGenerator_t g, double* p) {
    CHECK_CURAND(curandGenerateLogNormalDouble(g, p, kHostValues, 0.5, 1.5));
  });
  print_host(seed, "curandGenerateNormalDouble(0, 1)", nd);
  print_host(seed, "curandGenerateLogNormalDouble(0.5, 1.5)", ld);
  const std::vector<float> nf = host_results<float>(t, seed, false, [](curandGenerator_t g, float* p) {
    CHECK_CURAND(curandGenerateNormal(g, p, kHostValues, 0.0f, 1.0f));
  });
  const std::vector<float> lf = host_results<float>(t, seed, false, [](curandGenerator_t g, float* p) {
    CHECK_CURAND(curandGenerateLogNormal(g, p, kHostValues, 0.5f, 1.5f));
  });
  print_host(seed, "curandGenerateNormal(0, 1)", nf);
  print_host(seed, "curandGenerateLogNormal(0.5, 1.5)", lf);
  int off = 0;
  for (size_t i = 0; i < kHostValues; ++i) off += !close(nf[i], nd[i], 0x1p-17) + !close(lf[i], ld[i], 0x1p-16);
  std::printf("host: mtgp32 %llu curandGenerateNormal and curandGenerateLogNormal within the SFU's error of the doubles: %s\n",
              seed, off ? "WRONG" : "ok");
  print_host(seed, "host generator curandGenerate", host_results<unsigned>(t, seed, true, [](curandGenerator_t g, unsigned* p) {
               CHECK_CURAND(curandGenerate(g, p, kHostValues));
             }));
  // A host generator's double normals are its float ones widened; its double log-normals are
  // computed in double, by the CPU's math (within 2^-47 of the device generator's, measured).
  const std::vector<double> hnd = host_results<double>(t, seed, true, [](curandGenerator_t g, double* p) {
    CHECK_CURAND(curandGenerateNormalDouble(g, p, kHostValues, 0.0, 1.0));
  });
  const std::vector<double> hld = host_results<double>(t, seed, true, [](curandGenerator_t g, double* p) {
    CHECK_CURAND(curandGenerateLogNormalDouble(g, p, kHostValues, 0.5, 1.5));
  });
  off = 0;
  for (size_t i = 0; i < kHostValues; ++i)
    off += double(float(hnd[i])) != hnd[i] || !close(hnd[i], nd[i], 0x1p-17) || double(float(hld[i])) == hld[i] ||
           !close(hld[i], ld[i], 0x1p-40);
  std::printf("host: mtgp32 %llu host generator's double normals are floats, its log-normals doubles: %s\n",
              seed, off ? "WRONG" : "ok");
}

int main() {
  mtgp32_kernel_params* params;
  curandStateMtgp32* states;
  unsigned long long* out;
  CHECK_CUDA(cudaMalloc(&params, sizeof(mtgp32_kernel_params)));
  CHECK_CUDA(cudaMalloc(&states, 2 * kBlocks * sizeof(curandStateMtgp32)));
  CHECK_CUDA(cudaMalloc(&out, static_cast<size_t>(kBlocks) * (kValuesPerBlock + 256) * sizeof(unsigned long long)));
  CHECK_CURAND(curandMakeMTGP32Constants(mtgp32dc_params_fast_11213, params));
  for (unsigned long long seed : {1234ull, 0ull, 0x123456789abcdef0ull}) {
    device_api(seed, params, states, out);
    host_api(seed);
  }
  curandGenerator_t g;
  CHECK_CURAND(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_MTGP32));
  std::printf("host: curandSetGeneratorOffset on MTGP32: %d\n", int(curandSetGeneratorOffset(g, 5)));
  CHECK_CURAND(curandDestroyGenerator(g));
  CHECK_CUDA(cudaFree(out));
  CHECK_CUDA(cudaFree(states));
  CHECK_CUDA(cudaFree(params));
  return 0;
}
