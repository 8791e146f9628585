// cuRAND's host API's normal and log-normal distributions (issue F2c). Bit for bit, as a 64-bit
// FNV-1a hash of their bits and the first value: every generator's doubles into device memory
// (the GPU's kernels), for two seeds, an offset, a mean and standard deviation, two calls for
// one, a call after uniform results, and the floats (two seeds, two calls for one); and all four
// distributions from host generators (curandCreateGeneratorHost: cuRAND computes them on the CPU).
// A device generator's float normals and log-normals go through the GPU's special-function unit,
// which cusim models (docs/RUNTIME.md); they are also checked against the host generator's, drawn
// from the same values, within the unit's error.
// Also the status of an odd count (pairs: XORWOW and MRG32k3a refuse it).
// The EXPECT lines are this program's output built with nvcc 13.0 and cuRAND 10 and run on an
// H200 (sm_90), 2026-11-28:
//   nvcc -std=c++17 -arch=sm_90 -I tests/plain_cuda tests/plain_cuda/89_curand_host_normals.cu -lcurand && ./a.out
// EXPECT: host: xorwow 1234/0 curandGenerateNormalDouble(0, 1) x100000 in 1 first 0x3fd6f597c59bea14 fnv 0x131e130f1d6fb87d
// EXPECT: host: xorwow 1234/0 curandGenerateNormalDouble(0, 1) x100000 in 4 first 0x3fd6f597c59bea14 fnv 0x131e130f1d6fb87d
// EXPECT: host: xorwow 42/7 curandGenerateNormalDouble(2.5, 0.3) x20000 in 1 first 0x4002fcccb3c39336 fnv 0x8cf3b7d457a0ec42
// EXPECT: host: xorwow 1234/0 curandGenerateNormalDouble(0, 1) x20000 in 1 after uniforms first 0xbfd5c64b1f38334d fnv 0x4a08dad381be75e6
// EXPECT: host: xorwow 1234/0 curandGenerateLogNormalDouble(0.5, 1.5) x20000 in 1 first 0x4006974b3f3171cb fnv 0x7fb1cd82e5a3a100
// EXPECT: host: xorwow 1234/0 curandGenerateNormal(0.5, 1.5) x20000 in 1 first 0x3fd5f26a fnv 0x2086d5cded54dcf1
// EXPECT: host: xorwow 1234/0 curandGenerateLogNormal(0.5, 1.5) x20000 in 1 first 0x40aa3ce1 fnv 0x0474dc9e288fe7ef
// EXPECT: host: xorwow 42/7 curandGenerateNormal(0.5, 1.5) x20000 in 2 first 0x4022c6d6 fnv 0xfd47631ce4a2ebbb
// EXPECT: host: xorwow 1234/0 curandGenerateNormal(0.5, 1.5) x20000 in 1 on the host first 0x3fd5f26a fnv 0x5f4b687b7c4ede22
// EXPECT: host: xorwow 1234/0 curandGenerateNormalDouble(0.5, 1.5) x20000 in 1 on the host first 0x3ff09c18ea1a77ca fnv 0xcfb8b6039bbeff68
// EXPECT: host: xorwow 1234/0 curandGenerateLogNormal(0.5, 1.5) x20000 in 1 on the host first 0x40aa3ce1 fnv 0x8d6ae2485094a243
// EXPECT: host: xorwow 1234/0 curandGenerateLogNormalDouble(0.5, 1.5) x20000 in 1 on the host first 0x4006974b3f3171cd fnv 0x423145a6ee083d34
// EXPECT: host: xorwow 99/100003 curandGenerateNormal(-1, 2) x20000 in 1 on the host first 0x3f1efc38 fnv 0x264fd31f8b073ec3
// EXPECT: host: xorwow curandGenerateNormal on the device within the SFU's error of the host generator's: ok
// EXPECT: host: xorwow curandGenerateLogNormal on the device within the SFU's error of the host generator's: ok
// EXPECT: host: xorwow curandGenerateNormal of 7 values: status 105
// EXPECT: host: philox 1234/0 curandGenerateNormalDouble(0, 1) x100000 in 1 first 0xbfe143cd7d47b538 fnv 0x297cb4ff53b22ff1
// EXPECT: host: philox 1234/0 curandGenerateNormalDouble(0, 1) x100000 in 4 first 0xbfe143cd7d47b538 fnv 0x297cb4ff53b22ff1
// EXPECT: host: philox 42/7 curandGenerateNormalDouble(2.5, 0.3) x20000 in 1 first 0x40040c396aa4d052 fnv 0x4e1e1b6a527e41d1
// EXPECT: host: philox 1234/0 curandGenerateNormalDouble(0, 1) x20000 in 1 after uniforms first 0x3ffd50e49657caf7 fnv 0x0f6bbdcc7ffceafb
// EXPECT: host: philox 1234/0 curandGenerateLogNormalDouble(0.5, 1.5) x20000 in 1 first 0x3fe77caa28612c2f fnv 0x034aa53832c67d97
// EXPECT: host: philox 1234/0 curandGenerateNormal(0.5, 1.5) x20000 in 1 first 0xbff65dbe fnv 0x4972e1448ee3126d
// EXPECT: host: philox 1234/0 curandGenerateLogNormal(0.5, 1.5) x20000 in 1 first 0x3e156a8f fnv 0xa2c6150c5938734f
// EXPECT: host: philox 42/7 curandGenerateNormal(0.5, 1.5) x20000 in 2 first 0xbde6353a fnv 0x3b630a363f894b31
// EXPECT: host: philox 1234/0 curandGenerateNormal(0.5, 1.5) x20000 in 1 on the host first 0xbff65dbe fnv 0xfb701f217866a1d1
// EXPECT: host: philox 1234/0 curandGenerateNormalDouble(0.5, 1.5) x20000 in 1 on the host first 0xbfd3cb6877d71fa8 fnv 0x256e2134d92c2418
// EXPECT: host: philox 1234/0 curandGenerateLogNormal(0.5, 1.5) x20000 in 1 on the host first 0x3e156a8f fnv 0xe4ac27870566fa59
// EXPECT: host: philox 1234/0 curandGenerateLogNormalDouble(0.5, 1.5) x20000 in 1 on the host first 0x3fe77caa28612c2f fnv 0x6017a5ae5e20f66c
// EXPECT: host: philox 99/100003 curandGenerateNormal(-1, 2) x20000 in 1 on the host first 0x3fb62ecc fnv 0x986464e04f51c017
// EXPECT: host: philox curandGenerateNormal on the device within the SFU's error of the host generator's: ok
// EXPECT: host: philox curandGenerateLogNormal on the device within the SFU's error of the host generator's: ok
// EXPECT: host: philox curandGenerateNormal of 7 values: status 0
// EXPECT: host: mrg32k3a 1234/0 curandGenerateNormalDouble(0, 1) x100000 in 1 first 0xbfd714f307ceeb23 fnv 0x41cf66aa36982f7e
// EXPECT: host: mrg32k3a 1234/0 curandGenerateNormalDouble(0, 1) x100000 in 4 first 0xbfd714f307ceeb23 fnv 0x41cf66aa36982f7e
// EXPECT: host: mrg32k3a 42/7 curandGenerateNormalDouble(2.5, 0.3) x20000 in 1 first 0x4002be770a796ae5 fnv 0x9354b7950f1ae8b0
// EXPECT: host: mrg32k3a 1234/0 curandGenerateNormalDouble(0, 1) x20000 in 1 after uniforms first 0x3fc1a8dcd4291d67 fnv 0x2770861a349a2eb2
// EXPECT: host: mrg32k3a 1234/0 curandGenerateLogNormalDouble(0.5, 1.5) x20000 in 1 first 0x3feeb712e4c7bca0 fnv 0x39701f2f1acb221c
// EXPECT: host: mrg32k3a 1234/0 curandGenerateNormal(0.5, 1.5) x20000 in 1 first 0xbd27dafc fnv 0x44b3d7d815a00c1d
// EXPECT: host: mrg32k3a 1234/0 curandGenerateLogNormal(0.5, 1.5) x20000 in 1 first 0x3f75b89a fnv 0x761fb5ea05f2875e
// EXPECT: host: mrg32k3a 42/7 curandGenerateNormal(0.5, 1.5) x20000 in 2 first 0xbe91eb21 fnv 0xb3c2dde1ba076515
// EXPECT: host: mrg32k3a 1234/0 curandGenerateNormal(0.5, 1.5) x20000 in 1 on the host first 0xbd27db60 fnv 0x6ead0f6dd10a7019
// EXPECT: host: mrg32k3a 1234/0 curandGenerateNormalDouble(0.5, 1.5) x20000 in 1 on the host first 0xbfa4fb645db30590 fnv 0xa9364ffac7db74a6
// EXPECT: host: mrg32k3a 1234/0 curandGenerateLogNormal(0.5, 1.5) x20000 in 1 on the host first 0x3f75b893 fnv 0xef37fd6a42e6bd9d
// EXPECT: host: mrg32k3a 1234/0 curandGenerateLogNormalDouble(0.5, 1.5) x20000 in 1 on the host first 0x3feeb712e4c7bca1 fnv 0x807ad05a6c45839f
// EXPECT: host: mrg32k3a 99/100003 curandGenerateNormal(-1, 2) x20000 in 1 on the host first 0x3f864e14 fnv 0x9b2970d26bfbb6a9
// EXPECT: host: mrg32k3a curandGenerateNormal on the device within the SFU's error of the host generator's: ok
// EXPECT: host: mrg32k3a curandGenerateLogNormal on the device within the SFU's error of the host generator's: ok
// EXPECT: host: mrg32k3a curandGenerateNormal of 7 values: status 105
#include <curand.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "check.cuh"
#include "curand_results.cuh"

namespace {

enum What { kNormal, kNormalDouble, kLogNormal, kLogNormalDouble };
const char* const kWhat[] = {"curandGenerateNormal", "curandGenerateNormalDouble", "curandGenerateLogNormal",
                             "curandGenerateLogNormalDouble"};

struct Request {
  unsigned long long seed = 1234, offset = 0;
  double mean = 0, stddev = 1;
  int calls = 1;
  std::size_t uniforms_before = 0;  // curandGenerateUniform results drawn first
  bool host = false;
};

// `count` results of `what` as the request says, in its generator's memory order.
std::vector<unsigned char> generate(curandRngType_t type, What what, std::size_t count, const Request& r) {
  const std::size_t size = what == kNormalDouble || what == kLogNormalDouble ? 8 : 4, each = count / r.calls;
  const auto setup = [&](curandGenerator_t g) {
    CHECK_CURAND(curandSetPseudoRandomGeneratorSeed(g, r.seed));
    CHECK_CURAND(curandSetGeneratorOffset(g, r.offset));
  };
  return generator_results<unsigned char>(type, r.host, count * size, setup, [&](curandGenerator_t g, unsigned char* target) {
    // The uniforms land where the results go next (count * size bytes hold them).
    if (r.uniforms_before) CHECK_CURAND(curandGenerateUniform(g, reinterpret_cast<float*>(target), r.uniforms_before));
    for (int c = 0; c < r.calls; ++c) {
      unsigned char* at = target + c * each * size;
      const float fm = static_cast<float>(r.mean), fs = static_cast<float>(r.stddev);
      switch (what) {
        case kNormal: CHECK_CURAND(curandGenerateNormal(g, reinterpret_cast<float*>(at), each, fm, fs)); break;
        case kNormalDouble:
          CHECK_CURAND(curandGenerateNormalDouble(g, reinterpret_cast<double*>(at), each, r.mean, r.stddev));
          break;
        case kLogNormal: CHECK_CURAND(curandGenerateLogNormal(g, reinterpret_cast<float*>(at), each, fm, fs)); break;
        case kLogNormalDouble:
          CHECK_CURAND(curandGenerateLogNormalDouble(g, reinterpret_cast<double*>(at), each, r.mean, r.stddev));
          break;
      }
    }
  });
}

void show(const char* name, curandRngType_t type, What what, std::size_t count, const Request& r) {
  const std::vector<unsigned char> out = generate(type, what, count, r);
  unsigned long long first = 0;
  std::memcpy(&first, out.data(), what == kNormalDouble || what == kLogNormalDouble ? 8 : 4);
  std::printf("host: %s %llu/%llu %s(%g, %g) x%zu in %d%s%s first 0x%llx fnv 0x%016llx\n", name, r.seed, r.offset,
              kWhat[what], r.mean, r.stddev, count, r.calls, r.uniforms_before ? " after uniforms" : "",
              r.host ? " on the host" : "", first, (unsigned long long)fnv1a(out.data(), out.size()));
}

// A device generator's floats against the host generator's: within the special-function unit's
// error (2^-20.9 absolute on a sine of the radius sqrt(-2 ln u) <= 6.7, 2^-21 relative on e^x).
void compare_floats(const char* name, curandRngType_t type, What what) {
  const std::size_t count = 20000;
  Request device, host;
  host.host = true;
  device.mean = host.mean = what == kLogNormal ? 0.5 : 0.0;
  device.stddev = host.stddev = what == kLogNormal ? 0.75 : 1.0;
  const std::vector<unsigned char> d = generate(type, what, count, device), h = generate(type, what, count, host);
  int far = 0;
  for (std::size_t i = 0; i < count; ++i) {
    float a, b;
    std::memcpy(&a, &d[4 * i], 4);
    std::memcpy(&b, &h[4 * i], 4);
    const double tolerance = what == kLogNormal ? 1e-5 * std::fabs(b) : 1.2e-5;
    far += !(std::fabs(static_cast<double>(a) - b) <= tolerance);
  }
  char line[160];
  std::snprintf(line, sizeof line, "host: %s %s on the device within the SFU's error of the host generator's", name,
                kWhat[what]);
  report(line, far, 0);
}

}  // namespace

int main() {
  const struct {
    const char* name;
    curandRngType_t type;
  } generators[] = {{"xorwow", CURAND_RNG_PSEUDO_XORWOW},
                    {"philox", CURAND_RNG_PSEUDO_PHILOX4_32_10},
                    {"mrg32k3a", CURAND_RNG_PSEUDO_MRG32K3A}};
  for (const auto& gen : generators) {
    Request r;
    show(gen.name, gen.type, kNormalDouble, 100000, r);
    r.calls = 4;
    show(gen.name, gen.type, kNormalDouble, 100000, r);
    r = Request{};
    r.seed = 42, r.offset = 7, r.mean = 2.5, r.stddev = 0.3;
    show(gen.name, gen.type, kNormalDouble, 20000, r);
    r = Request{};
    r.uniforms_before = 3;
    show(gen.name, gen.type, kNormalDouble, 20000, r);
    r = Request{};
    r.mean = 0.5, r.stddev = 1.5;
    show(gen.name, gen.type, kLogNormalDouble, 20000, r);
    show(gen.name, gen.type, kNormal, 20000, r);
    show(gen.name, gen.type, kLogNormal, 20000, r);
    r.seed = 42, r.offset = 7, r.calls = 2;
    show(gen.name, gen.type, kNormal, 20000, r);
    r = Request{};
    r.mean = 0.5, r.stddev = 1.5;
    r.host = true;
    for (What what : {kNormal, kNormalDouble, kLogNormal, kLogNormalDouble}) show(gen.name, gen.type, what, 20000, r);
    r.seed = 99, r.offset = 100003, r.mean = -1, r.stddev = 2;
    show(gen.name, gen.type, kNormal, 20000, r);
    compare_floats(gen.name, gen.type, kNormal);
    compare_floats(gen.name, gen.type, kLogNormal);
    curandGenerator_t g;
    CHECK_CURAND(curandCreateGenerator(&g, gen.type));
    float* d = nullptr;
    CHECK_CUDA(cudaMalloc(&d, 64));
    std::printf("host: %s curandGenerateNormal of 7 values: status %d\n", gen.name, int(curandGenerateNormal(g, d, 7, 0.f, 1.f)));
    CHECK_CUDA(cudaFree(d));
    CHECK_CURAND(curandDestroyGenerator(g));
  }
  return 0;
}
