// cuRAND's Sobol quasi-random generators (issue F2c), device API: curandStateSobol32,
// curandStateScrambledSobol32, curandStateSobol64 and curandStateScrambledSobol64 set up with
// cuRAND's own direction vectors and scramble constants (curandGetDirectionVectors32/64,
// curandGetScrambleConstants32/64, copied to the device), for dimensions 0, 1, 2, 99 and 19,999 at
// offsets 0, 5 and 1,000,003: the first 10,000 values of each of the 15 as one 64-bit FNV-1a hash
// of their bits with the first value, for curand, curand_uniform(_double), curand_normal_double,
// curand_log_normal_double and curand_poisson on both sides of lambda 1000; float normals checked
// against the double ones; skipahead against curand_init's offset; and the tables' own hashes.
// Host API: each generator's bits, at an offset, in two calls, uniforms and double normals and
// log-normals of 30,000 results in 3 dimensions, hashed; a host generator's bits and double
// normals (those within 2^-45: cuRAND's library computes them on the CPU by its own means); the
// statuses of counts that are not whole points, of the other width's values and of bad
// dimension counts.
// The EXPECT lines are this program's output built with nvcc 13.0 (cuRAND's own headers and
// library) and run on an H200, 2026-11-28:
//   nvcc -std=c++17 -arch=sm_90 -I tests/plain_cuda tests/plain_cuda/91_curand_sobol.cu -lcurand && ./a.out
// EXPECT: host: tables fnv 0x977d0241e3974985 0x34898f09b11d9bb6 0xd1d26f6f25e5d2f2 0x832da52eabcac57f 0x5f1d5f6be104dfa6 0x97de795de60def01
// EXPECT: host: sobol32 curand 0x0 fnv 0x08226df6cc5c4884
// EXPECT: host: sobol32 curand_uniform 0x2f000000 fnv 0xc6df8955fb5a6bcd
// EXPECT: host: sobol32 curand_uniform_double 0x3df0000000000000 fnv 0x2c45e007e3b62211
// EXPECT: host: sobol32 curand_normal_double 0xc0195a1198fcf3d7 fnv 0x6ce6fc010658a97a
// EXPECT: host: sobol32 curand_log_normal_double(0.5, 1.5) 0x3f20105230cbc9b7 fnv 0x980b4d8cbf66289f
// EXPECT: host: sobol32 curand_poisson(3.5) 0x0 fnv 0x8b01b20e744e53f3
// EXPECT: host: sobol32 curand_poisson(700) 0x21b fnv 0x84047ca015a1d98d
// EXPECT: host: sobol32 curand_poisson(5000) 0x11c8 fnv 0x8509cc0423719424
// EXPECT: host: sobol32 curand_normal within the SFU's error of the doubles (|x| < 3): ok
// EXPECT: host: sobol32 skipahead from 0 equals curand_init's offset: ok
// EXPECT: host: scrambled_sobol32 curand 0xe20866fe fnv 0x6bf714f85a21fcc2
// EXPECT: host: scrambled_sobol32 curand_uniform 0x3f620867 fnv 0x9f3304c3a602cbfa
// EXPECT: host: scrambled_sobol32 curand_uniform_double 0x3fec410cdfe00000 fnv 0xbd2505bad8801af8
// EXPECT: host: scrambled_sobol32 curand_normal_double 0x3ff3097cdebd3ab2 fnv 0xf9a5328301ee5d5f
// EXPECT: host: scrambled_sobol32 curand_log_normal_double(0.5, 1.5) 0x4023a55d9e722420 fnv 0xcb49d4b5e82329e7
// EXPECT: host: scrambled_sobol32 curand_poisson(3.5) 0x6 fnv 0xdd613683599273f1
// EXPECT: host: scrambled_sobol32 curand_poisson(700) 0x2dc fnv 0xc5242d0a1bcca383
// EXPECT: host: scrambled_sobol32 curand_poisson(5000) 0x13dc fnv 0xd6b63fdd10c1d680
// EXPECT: host: scrambled_sobol32 curand_normal within the SFU's error of the doubles (|x| < 3): ok
// EXPECT: host: scrambled_sobol32 skipahead from 0 equals curand_init's offset: ok
// EXPECT: host: sobol64 curand 0x0 fnv 0x401c2eaf3815b2b4
// EXPECT: host: sobol64 curand_uniform 0x2f000000 fnv 0xc6df8955fb5a6bcd
// EXPECT: host: sobol64 curand_uniform_double 0x3c90000000000000 fnv 0x416d7b5d106f6f76
// EXPECT: host: sobol64 curand_normal_double 0xc02095b059d67c4c fnv 0xec233089f92f7ab5
// EXPECT: host: sobol64 curand_log_normal_double(0.5, 1.5) 0x3edb6779c7f06122 fnv 0x87a163d97614ba51
// EXPECT: host: sobol64 curand_poisson(3.5) 0x0 fnv 0x8b01b20e744e53f3
// EXPECT: host: sobol64 curand_poisson(700) 0x1ea fnv 0x656513d603bd57a1
// EXPECT: host: sobol64 curand_poisson(5000) 0x113e fnv 0x9f7c9bfb88884562
// EXPECT: host: sobol64 curand_normal within the SFU's error of the doubles (|x| < 3): ok
// EXPECT: host: sobol64 skipahead from 0 equals curand_init's offset: ok
// EXPECT: host: scrambled_sobol64 curand 0xe20866fe27bec92a fnv 0xf4af6596c9f326f0
// EXPECT: host: scrambled_sobol64 curand_uniform 0x3f620867 fnv 0x9f3304c3a602cbfa
// EXPECT: host: scrambled_sobol64 curand_uniform_double 0x3fec410cdfc4f7da fnv 0xc90eac5b2e05a8a6
// EXPECT: host: scrambled_sobol64 curand_normal_double 0x3ff3097cdea12ae2 fnv 0xe9bd9f7b0c203edd
// EXPECT: host: scrambled_sobol64 curand_log_normal_double(0.5, 1.5) 0x4023a55d9e3e74eb fnv 0xe0fa3e930d0a3a52
// EXPECT: host: scrambled_sobol64 curand_poisson(3.5) 0x6 fnv 0xdd613683599273f1
// EXPECT: host: scrambled_sobol64 curand_poisson(700) 0x2dc fnv 0xc5242d0a1bcca383
// EXPECT: host: scrambled_sobol64 curand_poisson(5000) 0x13dc fnv 0xd6b63fdd10c1d680
// EXPECT: host: scrambled_sobol64 curand_normal within the SFU's error of the doubles (|x| < 3): ok
// EXPECT: host: scrambled_sobol64 skipahead from 0 equals curand_init's offset: ok
// EXPECT: host: sobol32 bits 0x0 fnv 0xeca0b6a1d9a72be5
// EXPECT: host: sobol32 bits at offset 7 0x20000000 fnv 0xc59d33bdfe46bbee
// EXPECT: host: sobol32 bits in calls of 3000 and 27000 0x0 fnv 0xc7f40945b4e235e5
// EXPECT: host: sobol32 curandGenerateUniform 0x2f000000 fnv 0xe5266a4274fb0db5
// EXPECT: host: sobol32 curandGenerateUniformDouble 0x3df0000000000000 fnv 0x22b4baa5bfdee811
// EXPECT: host: sobol32 curandGenerateNormalDouble(0, 1) 0xc0195a1198fcf3d7 fnv 0xf39c9d2247bbb52b
// EXPECT: host: sobol32 curandGenerateLogNormalDouble(0.5, 1.5) 0x3f20105230cbc9b7 fnv 0x8641b7534fe6d9c3
// EXPECT: host: sobol32 host generator bits 0x0 fnv 0xeca0b6a1d9a72be5
// EXPECT: host: sobol32 host generator's double normals within 2^-45 of the device generator's: ok
// EXPECT: host: sobol32 statuses: 10 in 3 dimensions 105, the other width 103, 0 dimensions 104, 20001 dimensions 104
// EXPECT: host: scrambled_sobol32 bits 0xe20866fe fnv 0x9bf46e5dbdb7dfd5
// EXPECT: host: scrambled_sobol32 bits at offset 7 0xd4d02c0e fnv 0x618d080a0a7d9940
// EXPECT: host: scrambled_sobol32 bits in calls of 3000 and 27000 0xe20866fe fnv 0x29398d0b613367f5
// EXPECT: host: scrambled_sobol32 curandGenerateUniform 0x3f620867 fnv 0xb11f22c86fa3aa9c
// EXPECT: host: scrambled_sobol32 curandGenerateUniformDouble 0x3fec410cdfe00000 fnv 0x58eddbc1258d9224
// EXPECT: host: scrambled_sobol32 curandGenerateNormalDouble(0, 1) 0x3ff3097cdebd3ab2 fnv 0x90c9f30da5ba5996
// EXPECT: host: scrambled_sobol32 curandGenerateLogNormalDouble(0.5, 1.5) 0x4023a55d9e722420 fnv 0xd1214ee03cf10256
// EXPECT: host: scrambled_sobol32 host generator bits 0xe20866fe fnv 0x9bf46e5dbdb7dfd5
// EXPECT: host: scrambled_sobol32 host generator's double normals within 2^-45 of the device generator's: ok
// EXPECT: host: scrambled_sobol32 statuses: 10 in 3 dimensions 105, the other width 103, 0 dimensions 104, 20001 dimensions 104
// EXPECT: host: sobol64 bits 0x0 fnv 0x5a3319bd9528b365
// EXPECT: host: sobol64 bits at offset 7 0x2000000000000000 fnv 0xad5458e84a1e6efe
// EXPECT: host: sobol64 bits in calls of 3000 and 27000 0x0 fnv 0xeb025f1ae1979f65
// EXPECT: host: sobol64 curandGenerateUniform 0x2f000000 fnv 0xe5266a4274fb0db5
// EXPECT: host: sobol64 curandGenerateUniformDouble 0x3c90000000000000 fnv 0xc510aa5a448264a4
// EXPECT: host: sobol64 curandGenerateNormalDouble(0, 1) 0xc02095b059d67c4c fnv 0x6befd37d7d906d0c
// EXPECT: host: sobol64 curandGenerateLogNormalDouble(0.5, 1.5) 0x3edb6779c7f06122 fnv 0xb31d6e63bcab2acc
// EXPECT: host: sobol64 host generator bits 0x0 fnv 0x5a3319bd9528b365
// EXPECT: host: sobol64 host generator's double normals within 2^-45 of the device generator's: ok
// EXPECT: host: sobol64 statuses: 10 in 3 dimensions 105, the other width 103, 0 dimensions 104, 20001 dimensions 104
// EXPECT: host: scrambled_sobol64 bits 0xe20866fe27bec92a fnv 0x253f2f2301613a25
// EXPECT: host: scrambled_sobol64 bits at offset 7 0xd4d02c0e1aa23865 fnv 0xfb3b8bf22f152acc
// EXPECT: host: scrambled_sobol64 bits in calls of 3000 and 27000 0xe20866fe27bec92a fnv 0xea00f70ee3141685
// EXPECT: host: scrambled_sobol64 curandGenerateUniform 0x3f620867 fnv 0xb11f22c86fa3aa9c
// EXPECT: host: scrambled_sobol64 curandGenerateUniformDouble 0x3fec410cdfc4f7da fnv 0xc870de32ed4686a7
// EXPECT: host: scrambled_sobol64 curandGenerateNormalDouble(0, 1) 0x3ff3097cdea12ae2 fnv 0x7d6cc17ab9192b5f
// EXPECT: host: scrambled_sobol64 curandGenerateLogNormalDouble(0.5, 1.5) 0x4023a55d9e3e74eb fnv 0x5fb4ba2377e8504a
// EXPECT: host: scrambled_sobol64 host generator bits 0xe20866fe27bec92a fnv 0x253f2f2301613a25
// EXPECT: host: scrambled_sobol64 host generator's double normals within 2^-45 of the device generator's: ok
// EXPECT: host: scrambled_sobol64 statuses: 10 in 3 dimensions 105, the other width 103, 0 dimensions 104, 20001 dimensions 104
// EXPECT: host: dimensions of a pseudo-random generator: 103
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "check.cuh"
#include "curand_results.cuh"

enum Draw { kBits, kUniform, kUniformDouble, kNormal, kNormalDouble, kLogNormalDouble, kPoisson };

constexpr int kValues = 10000;
constexpr int kConfigs = 15;
__device__ int dim_of(int t) {
  const int dims[] = {0, 1, 2, 99, 19999};
  return dims[t / 3];
}
__device__ unsigned offset_of(int t) {
  const unsigned offsets[] = {0, 5, 1000003};
  return offsets[t % 3];
}

__device__ void init(curandStateSobol32_t* s, unsigned* v, unsigned, unsigned offset) { curand_init(v, offset, s); }
__device__ void init(curandStateScrambledSobol32_t* s, unsigned* v, unsigned c, unsigned offset) {
  curand_init(v, c, offset, s);
}
__device__ void init(curandStateSobol64_t* s, unsigned long long* v, unsigned long long, unsigned long long offset) {
  curand_init(v, offset, s);
}
__device__ void init(curandStateScrambledSobol64_t* s, unsigned long long* v, unsigned long long c,
                     unsigned long long offset) {
  curand_init(v, c, offset, s);
}

// Thread t draws config t's values: dimension dim_of(t) from offset offset_of(t). With
// `skip`, it starts at offset 0 and skips ahead instead.
template <class State, class Word>
__global__ void draw(Word* vectors, Word* scramble, int what, double lambda, bool skip, unsigned long long* out) {
  const int t = threadIdx.x;
  if (t >= kConfigs) return;
  const int dim = dim_of(t);
  const unsigned offset = offset_of(t);
  State s;
  init(&s, vectors + 8 * sizeof(Word) * dim, scramble[dim], skip ? 0 : offset);
  if (skip) skipahead(static_cast<Word>(offset), &s);
  for (int i = 0; i < kValues; ++i) {
    unsigned long long bits = 0;
    if (what == kBits) bits = curand(&s);
    else if (what == kUniform) { const float v = curand_uniform(&s); unsigned u; memcpy(&u, &v, 4); bits = u; }
    else if (what == kUniformDouble) { const double v = curand_uniform_double(&s); memcpy(&bits, &v, 8); }
    else if (what == kNormal) { const float v = curand_normal(&s); unsigned u; memcpy(&u, &v, 4); bits = u; }
    else if (what == kNormalDouble) { const double v = curand_normal_double(&s); memcpy(&bits, &v, 8); }
    else if (what == kLogNormalDouble) { const double v = curand_log_normal_double(&s, 0.5, 1.5); memcpy(&bits, &v, 8); }
    else bits = curand_poisson(&s, lambda);
    out[static_cast<size_t>(t) * kValues + i] = bits;
  }
}

template <class State, class Word>
static std::vector<unsigned long long> run(Word* vectors, Word* scramble, int what, double lambda, bool skip,
                                           unsigned long long* out) {
  draw<State, Word><<<1, 32>>>(vectors, scramble, what, lambda, skip, out);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<unsigned long long> v(static_cast<size_t>(kConfigs) * kValues);
  CHECK_CUDA(cudaMemcpy(v.data(), out, v.size() * 8, cudaMemcpyDeviceToHost));
  return v;
}

static void print(const char* generator, const char* name, const std::vector<unsigned long long>& v, int width) {
  std::vector<unsigned char> bytes;
  for (unsigned long long x : v)
    bytes.insert(bytes.end(), reinterpret_cast<unsigned char*>(&x), reinterpret_cast<unsigned char*>(&x) + width);
  std::printf("host: %s %s 0x%llx fnv 0x%016llx\n", generator, name, v[0],
              static_cast<unsigned long long>(fnv1a(bytes.data(), bytes.size())));
}

template <class State, class Word>
static void generator(const char* name, Word* vectors, Word* scramble, unsigned long long* out) {
  const int w = sizeof(Word);
  print(name, "curand", run<State>(vectors, scramble, kBits, 0, false, out), w);
  print(name, "curand_uniform", run<State>(vectors, scramble, kUniform, 0, false, out), 4);
  print(name, "curand_uniform_double", run<State>(vectors, scramble, kUniformDouble, 0, false, out), 8);
  const std::vector<unsigned long long> nd = run<State>(vectors, scramble, kNormalDouble, 0, false, out);
  print(name, "curand_normal_double", nd, 8);
  print(name, "curand_log_normal_double(0.5, 1.5)", run<State>(vectors, scramble, kLogNormalDouble, 0, false, out), 8);
  for (double lambda : {3.5, 700.0, 5000.0}) {
    char label[32];
    std::snprintf(label, sizeof label, "curand_poisson(%g)", lambda);
    print(name, label, run<State>(vectors, scramble, kPoisson, lambda, false, out), 4);
  }
  // Float normals within the special-function unit's error of the double ones (2^-17 relative,
  // beyond what the GPU was measured to differ by), where |x| < 3: further out a 64-bit value's
  // float normal, made from its high 32 bits only, is coarser than its double one.
  const std::vector<unsigned long long> nf = run<State>(vectors, scramble, kNormal, 0, false, out);
  int off = 0;
  for (size_t i = 0; i < nf.size(); ++i) {
    const unsigned u = static_cast<unsigned>(nf[i]);
    float f;
    double d;
    memcpy(&f, &u, 4);
    memcpy(&d, &nd[i], 8);
    off += std::fabs(d) < 3 && !(std::fabs(f - d) <= 0x1p-17 * (std::fabs(d) > 1 ? std::fabs(d) : 1.0));
  }
  std::printf("host: %s curand_normal within the SFU's error of the doubles (|x| < 3): %s\n", name, off ? "WRONG" : "ok");
  const bool same = run<State>(vectors, scramble, kBits, 0, true, out) == run<State>(vectors, scramble, kBits, 0, false, out);
  std::printf("host: %s skipahead from 0 equals curand_init's offset: %s\n", name, same ? "ok" : "WRONG");
}

// The host API's Sobol generators: n results in 3 dimensions, hashed (and from a host generator).
constexpr size_t kHostValues = 30000;

template <class T, class Generate>
static std::vector<T> host_results(curandRngType_t type, bool host_generator, Generate generate) {
  return generator_results<T>(
      type, host_generator, kHostValues,
      [](curandGenerator_t g) { CHECK_CURAND(curandSetQuasiRandomGeneratorDimensions(g, 3)); }, generate);
}

template <class T>
static void print_host(const char* generator, const char* name, const std::vector<T>& v) {
  unsigned long long first = 0;
  memcpy(&first, v.data(), sizeof(T));
  std::printf("host: %s %s 0x%llx fnv 0x%016llx\n", generator, name, first,
              static_cast<unsigned long long>(fnv1a(v.data(), v.size() * sizeof(T))));
}

template <class Word>
static void host_api(const char* name, curandRngType_t t) {
  const auto bits = [](curandGenerator_t g, Word* p, size_t n) {
    if constexpr (sizeof(Word) == 8) CHECK_CURAND(curandGenerateLongLong(g, p, n));
    else CHECK_CURAND(curandGenerate(g, p, n));
  };
  print_host(name, "bits", host_results<Word>(t, false, [&](curandGenerator_t g, Word* p) { bits(g, p, kHostValues); }));
  print_host(name, "bits at offset 7", host_results<Word>(t, false, [&](curandGenerator_t g, Word* p) {
               CHECK_CURAND(curandSetGeneratorOffset(g, 7));
               bits(g, p, kHostValues);
             }));
  print_host(name, "bits in calls of 3000 and 27000", host_results<Word>(t, false, [&](curandGenerator_t g, Word* p) {
               bits(g, p, 3000);
               bits(g, p + 3000, kHostValues - 3000);
             }));
  print_host(name, "curandGenerateUniform", host_results<float>(t, false, [](curandGenerator_t g, float* p) {
               CHECK_CURAND(curandGenerateUniform(g, p, kHostValues));
             }));
  print_host(name, "curandGenerateUniformDouble", host_results<double>(t, false, [](curandGenerator_t g, double* p) {
               CHECK_CURAND(curandGenerateUniformDouble(g, p, kHostValues));
             }));
  const std::vector<double> nd = host_results<double>(t, false, [](curandGenerator_t g, double* p) {
    CHECK_CURAND(curandGenerateNormalDouble(g, p, kHostValues, 0.0, 1.0));
  });
  print_host(name, "curandGenerateNormalDouble(0, 1)", nd);
  print_host(name, "curandGenerateLogNormalDouble(0.5, 1.5)",
             host_results<double>(t, false, [](curandGenerator_t g, double* p) {
               CHECK_CURAND(curandGenerateLogNormalDouble(g, p, kHostValues, 0.5, 1.5));
             }));
  print_host(name, "host generator bits",
             host_results<Word>(t, true, [&](curandGenerator_t g, Word* p) { bits(g, p, kHostValues); }));
  // A host generator's double normals come from the CPU's own inverse error function in cuRAND's
  // library, within a few units in the last place of the GPU's.
  const std::vector<double> hnd = host_results<double>(t, true, [](curandGenerator_t g, double* p) {
    CHECK_CURAND(curandGenerateNormalDouble(g, p, kHostValues, 0.0, 1.0));
  });
  int off = 0;
  for (size_t i = 0; i < kHostValues; ++i) off += !(std::fabs(hnd[i] - nd[i]) <= 0x1p-45 * (std::fabs(nd[i]) > 1 ? std::fabs(nd[i]) : 1.0));
  std::printf("host: %s host generator's double normals within 2^-45 of the device generator's: %s\n", name,
              off ? "WRONG" : "ok");
  // Statuses: a count that is not a whole number of points, the other width's values, bad
  // dimension counts.
  curandGenerator_t g;
  CHECK_CURAND(curandCreateGenerator(&g, t));
  CHECK_CURAND(curandSetQuasiRandomGeneratorDimensions(g, 3));
  Word* p;
  CHECK_CUDA(cudaMalloc(&p, 16 * sizeof(Word)));
  unsigned long long* wide;
  CHECK_CUDA(cudaMalloc(&wide, 16 * sizeof(unsigned long long)));
  const int odd = sizeof(Word) == 8 ? int(curandGenerateLongLong(g, reinterpret_cast<unsigned long long*>(p), 10))
                                    : int(curandGenerate(g, reinterpret_cast<unsigned*>(p), 10));
  const int other = sizeof(Word) == 8 ? int(curandGenerate(g, reinterpret_cast<unsigned*>(p), 12))
                                      : int(curandGenerateLongLong(g, wide, 12));
  std::printf("host: %s statuses: 10 in 3 dimensions %d, the other width %d, 0 dimensions %d, 20001 dimensions %d\n",
              name, odd, other, int(curandSetQuasiRandomGeneratorDimensions(g, 0)),
              int(curandSetQuasiRandomGeneratorDimensions(g, 20001)));
  CHECK_CUDA(cudaFree(p));
  CHECK_CUDA(cudaFree(wide));
  CHECK_CURAND(curandDestroyGenerator(g));
}

int main() {
  curandDirectionVectors32_t *v32, *v32s;
  curandDirectionVectors64_t *v64, *v64s;
  unsigned *c32;
  unsigned long long* c64;
  CHECK_CURAND(curandGetDirectionVectors32(&v32, CURAND_DIRECTION_VECTORS_32_JOEKUO6));
  CHECK_CURAND(curandGetDirectionVectors32(&v32s, CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6));
  CHECK_CURAND(curandGetDirectionVectors64(&v64, CURAND_DIRECTION_VECTORS_64_JOEKUO6));
  CHECK_CURAND(curandGetDirectionVectors64(&v64s, CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6));
  CHECK_CURAND(curandGetScrambleConstants32(&c32));
  CHECK_CURAND(curandGetScrambleConstants64(&c64));
  const size_t dims = 20000;
  std::printf("host: tables fnv 0x%016llx 0x%016llx 0x%016llx 0x%016llx 0x%016llx 0x%016llx\n",
              static_cast<unsigned long long>(fnv1a(v32, dims * sizeof *v32)),
              static_cast<unsigned long long>(fnv1a(v32s, dims * sizeof *v32s)),
              static_cast<unsigned long long>(fnv1a(v64, dims * sizeof *v64)),
              static_cast<unsigned long long>(fnv1a(v64s, dims * sizeof *v64s)),
              static_cast<unsigned long long>(fnv1a(c32, dims * sizeof *c32)),
              static_cast<unsigned long long>(fnv1a(c64, dims * sizeof *c64)));
  unsigned *d32, *d32s, *dc32;
  unsigned long long *d64, *d64s, *dc64, *out;
  CHECK_CUDA(cudaMalloc(&d32, dims * sizeof *v32));
  CHECK_CUDA(cudaMalloc(&d32s, dims * sizeof *v32s));
  CHECK_CUDA(cudaMalloc(&d64, dims * sizeof *v64));
  CHECK_CUDA(cudaMalloc(&d64s, dims * sizeof *v64s));
  CHECK_CUDA(cudaMalloc(&dc32, dims * sizeof *c32));
  CHECK_CUDA(cudaMalloc(&dc64, dims * sizeof *c64));
  CHECK_CUDA(cudaMemcpy(d32, v32, dims * sizeof *v32, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(d32s, v32s, dims * sizeof *v32s, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(d64, v64, dims * sizeof *v64, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(d64s, v64s, dims * sizeof *v64s, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dc32, c32, dims * sizeof *c32, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dc64, c64, dims * sizeof *c64, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMalloc(&out, static_cast<size_t>(kConfigs) * kValues * 8));
  generator<curandStateSobol32_t>("sobol32", d32, dc32, out);
  generator<curandStateScrambledSobol32_t>("scrambled_sobol32", d32s, dc32, out);
  generator<curandStateSobol64_t>("sobol64", d64, dc64, out);
  generator<curandStateScrambledSobol64_t>("scrambled_sobol64", d64s, dc64, out);
  host_api<unsigned>("sobol32", CURAND_RNG_QUASI_SOBOL32);
  host_api<unsigned>("scrambled_sobol32", CURAND_RNG_QUASI_SCRAMBLED_SOBOL32);
  host_api<unsigned long long>("sobol64", CURAND_RNG_QUASI_SOBOL64);
  host_api<unsigned long long>("scrambled_sobol64", CURAND_RNG_QUASI_SCRAMBLED_SOBOL64);
  curandGenerator_t g;
  CHECK_CURAND(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_XORWOW));
  std::printf("host: dimensions of a pseudo-random generator: %d\n", int(curandSetQuasiRandomGeneratorDimensions(g, 2)));
  CHECK_CURAND(curandDestroyGenerator(g));
  for (void* p : {static_cast<void*>(d32), static_cast<void*>(d32s), static_cast<void*>(d64), static_cast<void*>(d64s),
                  static_cast<void*>(dc32), static_cast<void*>(dc64), static_cast<void*>(out)})
    CHECK_CUDA(cudaFree(p));
  return 0;
}
