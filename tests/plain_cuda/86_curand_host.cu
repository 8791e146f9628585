// cuRAND's host API, bit for bit (issue F2c): each pseudo-random generator's 32-bit values,
// uniform floats and doubles for two seeds and three offsets, as a 64-bit FNV-1a hash of their
// bits and the first value; the same numbers from two calls as from one, and from a generator
// that writes host memory (curandCreateGeneratorHost). The EXPECT lines are this program's output
// built with nvcc 13.0 and cuRAND 10 and run on an H200 (sm_90), 2026-11-28:
//   nvcc -std=c++17 -arch=sm_90 -I tests/plain_cuda tests/plain_cuda/86_curand_host.cu -lcurand && ./a.out
// EXPECT: host: xorwow 1234/0 curandGenerate x100000 in 1 first 0x253d5e15 fnv 0x87ba1e218145b34f
// EXPECT: host: xorwow 1234/0 curandGenerate x100000 in 4 first 0x253d5e15 fnv 0x87ba1e218145b34f
// EXPECT: host: xorwow 42/5 curandGenerate x10000 in 1 first 0x66e4a310 fnv 0xdf036513db613a10
// EXPECT: host: xorwow 42/100003 curandGenerate x10000 in 1 on the host first 0x44378cf9 fnv 0xf1e16263e66b0d6f
// EXPECT: host: xorwow 1234/0 curandGenerateUniform x20000 in 2 first 0x3e14f578 fnv 0x6b9fb361feb4de5d
// EXPECT: host: xorwow 7/0 curandGenerateUniformDouble x20000 in 1 first 0x3feed29444819e04 fnv 0xe20f992d98788038
// EXPECT: host: philox 1234/0 curandGenerate x100000 in 1 first 0x2090b348 fnv 0xa5b9b7a1f4b80636
// EXPECT: host: philox 1234/0 curandGenerate x100000 in 4 first 0x2090b348 fnv 0xa5b9b7a1f4b80636
// EXPECT: host: philox 42/5 curandGenerate x10000 in 1 first 0x2051e913 fnv 0x03f6e18c258b3784
// EXPECT: host: philox 42/100003 curandGenerate x10000 in 1 on the host first 0x5af3890a fnv 0x2831044aaa9e2028
// EXPECT: host: philox 1234/0 curandGenerateUniform x20000 in 2 first 0x3e0242cd fnv 0x8b00a5e9ad88a89f
// EXPECT: host: philox 7/0 curandGenerateUniformDouble x20000 in 1 first 0x3fe8013fcfe07a2e fnv 0x16a27bb88ebac6b9
// EXPECT: host: mrg32k3a 1234/0 curandGenerate x100000 in 1 first 0xc96891f0 fnv 0xf229a48d11c35a62
// EXPECT: host: mrg32k3a 1234/0 curandGenerate x100000 in 4 first 0xc96891f0 fnv 0xf229a48d11c35a62
// EXPECT: host: mrg32k3a 42/5 curandGenerate x10000 in 1 first 0x58037e89 fnv 0xa9edd323b684fea6
// EXPECT: host: mrg32k3a 42/100003 curandGenerate x10000 in 1 on the host first 0x462d7efc fnv 0x676cb4142dcd3023
// EXPECT: host: mrg32k3a 1234/0 curandGenerateUniform x20000 in 2 first 0x3f496892 fnv 0xbc29e96bf6116ca3
// EXPECT: host: mrg32k3a 7/0 curandGenerateUniformDouble x20000 in 1 first 0x3fb7f8327191a12f fnv 0x1626318396cb0020
// EXPECT: host: default 1234/0 curandGenerate x100000 in 1 first 0x253d5e15 fnv 0x87ba1e218145b34f
// EXPECT: host: default 1234/0 curandGenerate x100000 in 4 first 0x253d5e15 fnv 0x87ba1e218145b34f
// EXPECT: host: default 42/5 curandGenerate x10000 in 1 first 0x66e4a310 fnv 0xdf036513db613a10
// EXPECT: host: default 42/100003 curandGenerate x10000 in 1 on the host first 0x44378cf9 fnv 0xf1e16263e66b0d6f
// EXPECT: host: default 1234/0 curandGenerateUniform x20000 in 2 first 0x3e14f578 fnv 0x6b9fb361feb4de5d
// EXPECT: host: default 7/0 curandGenerateUniformDouble x20000 in 1 first 0x3feed29444819e04 fnv 0xe20f992d98788038
// EXPECT: host: version at least 10000: yes
#include <curand.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "check.cuh"
#include "curand_results.cuh"

namespace {

enum What { kBits, kUniform, kDouble };

// `count` results of `what` from a generator of `type`, in `calls` equal calls, into device or
// host memory; printed as their hash and first value.
void draw(const char* name, curandRngType_t type, unsigned long long seed, unsigned long long offset, What what,
          std::size_t count, int calls, bool host) {
  const std::size_t size = what == kDouble ? 8 : 4, each = count / calls;
  const std::vector<unsigned char> out = generator_results<unsigned char>(
      type, host, count * size,
      [&](curandGenerator_t g) {
        CHECK_CURAND(curandSetPseudoRandomGeneratorSeed(g, seed));
        CHECK_CURAND(curandSetGeneratorOffset(g, offset));
      },
      [&](curandGenerator_t g, unsigned char* target) {
        for (int c = 0; c < calls; ++c) {
          unsigned char* at = target + c * each * size;
          if (what == kBits) CHECK_CURAND(curandGenerate(g, reinterpret_cast<unsigned*>(at), each));
          else if (what == kUniform) CHECK_CURAND(curandGenerateUniform(g, reinterpret_cast<float*>(at), each));
          else CHECK_CURAND(curandGenerateUniformDouble(g, reinterpret_cast<double*>(at), each));
        }
      });
  unsigned long long first = 0;
  std::memcpy(&first, out.data(), size);
  static const char* const kinds[] = {"curandGenerate", "curandGenerateUniform", "curandGenerateUniformDouble"};
  std::printf("host: %s %llu/%llu %s x%zu in %d%s first 0x%llx fnv 0x%016llx\n", name, seed, offset, kinds[what], count,
              calls, host ? " on the host" : "", first, (unsigned long long)fnv1a(out.data(), out.size()));
}

}  // namespace

int main() {
  const struct {
    const char* name;
    curandRngType_t type;
  } generators[] = {{"xorwow", CURAND_RNG_PSEUDO_XORWOW},
                    {"philox", CURAND_RNG_PSEUDO_PHILOX4_32_10},
                    {"mrg32k3a", CURAND_RNG_PSEUDO_MRG32K3A},
                    {"default", CURAND_RNG_PSEUDO_DEFAULT}};
  for (const auto& gen : generators) {
    draw(gen.name, gen.type, 1234, 0, kBits, 100000, 1, false);
    draw(gen.name, gen.type, 1234, 0, kBits, 100000, 4, false);
    draw(gen.name, gen.type, 42, 5, kBits, 10000, 1, false);
    draw(gen.name, gen.type, 42, 100003, kBits, 10000, 1, true);
    draw(gen.name, gen.type, 1234, 0, kUniform, 20000, 2, false);
    draw(gen.name, gen.type, 7, 0, kDouble, 20000, 1, false);
  }
  int version = 0;
  CHECK_CURAND(curandGetVersion(&version));
  std::printf("host: version at least 10000: %s\n", version >= 10000 ? "yes" : "no");
  return 0;
}
