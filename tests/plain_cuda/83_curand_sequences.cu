// cuRAND's device API, bit for bit (issue F2c): the first 10,000 values of each generator and
// distribution for several seeds, subsequences and offsets, as a 64-bit FNV-1a hash of their bits
// and the first value. Every state is also set up a second way, by curand_init(seed, 0, 0) and
// then skipahead_sequence and skipahead, and must give the same values. The EXPECT lines are this
// program's output built with nvcc 13.0 (cuRAND's own header) and run on an H100, 2026-11-27:
//   nvcc -std=c++17 -arch=sm_90 -I tests/plain_cuda tests/plain_cuda/83_curand_sequences.cu && ./a.out
// EXPECT: host: xorwow 0/0/0 curand 0xbd7f03b6 fnv 0xfdfcbc192794d4bd
// EXPECT: host: xorwow 1234/0/0 curand 0x253d5e15 fnv 0x9b71aef985e1da8e
// EXPECT: host: xorwow 1234/1/0 curand 0xd1f7605a fnv 0xdfecf081c080ef76
// EXPECT: host: xorwow 1234/1000/7 curand 0x826d9570 fnv 0x8d765f6caf41a72c
// EXPECT: host: xorwow 1311768467463790320/1099511627783/12345 curand 0x335779cb fnv 0xd6c975506c107a32
// EXPECT: host: xorwow 42/3/8589934597 curand 0x2beea fnv 0x312082861db2cf42
// EXPECT: host: xorwow 0/0/0 curand_uniform 0x3f3d7f04 fnv 0x358f46a5afc9bce9
// EXPECT: host: xorwow 1234/0/0 curand_uniform 0x3e14f578 fnv 0x4529952451eea16b
// EXPECT: host: xorwow 1234/1/0 curand_uniform 0x3f51f760 fnv 0x45a98d1fd32ea395
// EXPECT: host: xorwow 1234/1000/7 curand_uniform 0x3f026d95 fnv 0x19ca7ca3fd802a5e
// EXPECT: host: xorwow 1311768467463790320/1099511627783/12345 curand_uniform 0x3e4d5de7 fnv 0x3fd346229dd16b6c
// EXPECT: host: xorwow 42/3/8589934597 curand_uniform 0x382fbaa0 fnv 0x396236fe5c4c5885
// EXPECT: host: xorwow 0/0/0 curand_uniform_double 0x3fdc0f9421be076d fnv 0x863456c5f81a6f51
// EXPECT: host: xorwow 1234/0/0 curand_uniform_double 0x3fdbd561cb7abc2b fnv 0x66e2a5531adfc215
// EXPECT: host: xorwow 1234/1/0 curand_uniform_double 0x3feda53518d7605a fnv 0xec2f84293690922b
// EXPECT: host: xorwow 1234/1000/7 curand_uniform_double 0x3fc21bfc8c3655c2 fnv 0x46d973384c95ff27
// EXPECT: host: xorwow 1311768467463790320/1099511627783/12345 curand_uniform_double 0x3fe37742033779cc fnv 0x8a701a9067fa2fb2
// EXPECT: host: xorwow 42/3/8589934597 curand_uniform_double 0x3fe2c901bbe2beea fnv 0x7de24815e4c3f63c
// EXPECT: host: xorwow 0/0/0 curand after skipahead_sequence(5) 0x7244003b fnv 0x993464c45932401a
// EXPECT: host: xorwow 1234/0/0 curand after skipahead_sequence(5) 0xde75663f fnv 0x1ab829a9f2c6b8dc
// EXPECT: host: xorwow 1234/1/0 curand after skipahead_sequence(5) 0x526964f3 fnv 0x264dcc994482341c
// EXPECT: host: xorwow 1234/1000/7 curand after skipahead_sequence(5) 0xab29b8b0 fnv 0xd3d644b12f04cbd5
// EXPECT: host: xorwow 1311768467463790320/1099511627783/12345 curand after skipahead_sequence(5) 0x5f9f0797 fnv 0x6461a9119e82e670
// EXPECT: host: xorwow 42/3/8589934597 curand after skipahead_sequence(5) 0x65bdc29 fnv 0x230416ad3a31f705
// EXPECT: host: philox 0/0/0 curand 0x6627e8d5 fnv 0xc6f694afbb0551f9
// EXPECT: host: philox 1234/0/0 curand 0x2090b348 fnv 0x863f8996946707be
// EXPECT: host: philox 1234/1/0 curand 0xd115a128 fnv 0x4d48646939df701a
// EXPECT: host: philox 1234/1000/7 curand 0x955c72aa fnv 0x9f91d95ad38881aa
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand 0x67dab8c5 fnv 0xfe48db1d66958f29
// EXPECT: host: philox 42/3/8589934597 curand 0xe213857a fnv 0xa383527ebeff2919
// EXPECT: host: philox 0/0/0 curand_uniform 0x3ecc4fd2 fnv 0xca88184c60e0f2ae
// EXPECT: host: philox 1234/0/0 curand_uniform 0x3e0242cd fnv 0x8c881d3f092ad234
// EXPECT: host: philox 1234/1/0 curand_uniform 0x3f5115a1 fnv 0x273ffd82084c6fa5
// EXPECT: host: philox 1234/1000/7 curand_uniform 0x3f155c73 fnv 0x59fe38c89f951689
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_uniform 0x3ecfb572 fnv 0x08fe5432da659156
// EXPECT: host: philox 42/3/8589934597 curand_uniform 0x3f621385 fnv 0x8449c84ff947d609
// EXPECT: host: philox 0/0/0 curand_uniform_double 0x3fd989fa35800000 fnv 0x6fab45dcda7e4c13
// EXPECT: host: philox 1234/0/0 curand_uniform_double 0x3fc04859a4800000 fnv 0x06650d9b6f36e6a8
// EXPECT: host: philox 1234/1/0 curand_uniform_double 0x3fea22b425200000 fnv 0x1fe0bca1b485b42d
// EXPECT: host: philox 1234/1000/7 curand_uniform_double 0x3fe2ab8e55600000 fnv 0x0cd92f7bf9727322
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_uniform_double 0x3fd9f6ae31800000 fnv 0x21bfd4fd7379fb3c
// EXPECT: host: philox 42/3/8589934597 curand_uniform_double 0x3fec4270af600000 fnv 0x4f9d46b6033b1d6e
// EXPECT: host: philox 0/0/0 curand4 0x6627e8d5 fnv 0xc6f694afbb0551f9
// EXPECT: host: philox 1234/0/0 curand4 0x2090b348 fnv 0x863f8996946707be
// EXPECT: host: philox 1234/1/0 curand4 0xd115a128 fnv 0x4d48646939df701a
// EXPECT: host: philox 1234/1000/7 curand4 0x955c72aa fnv 0x9f91d95ad38881aa
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand4 0x67dab8c5 fnv 0xfe48db1d66958f29
// EXPECT: host: philox 42/3/8589934597 curand4 0xe213857a fnv 0xa383527ebeff2919
// EXPECT: host: philox 0/0/0 curand_uniform4 0x3ecc4fd2 fnv 0xca88184c60e0f2ae
// EXPECT: host: philox 1234/0/0 curand_uniform4 0x3e0242cd fnv 0x8c881d3f092ad234
// EXPECT: host: philox 1234/1/0 curand_uniform4 0x3f5115a1 fnv 0x273ffd82084c6fa5
// EXPECT: host: philox 1234/1000/7 curand_uniform4 0x3f155c73 fnv 0x59fe38c89f951689
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_uniform4 0x3ecfb572 fnv 0x08fe5432da659156
// EXPECT: host: philox 42/3/8589934597 curand_uniform4 0x3f621385 fnv 0x8449c84ff947d609
// EXPECT: host: philox 0/0/0 curand after skipahead_sequence(5) 0xcbf6940c fnv 0x694f0f0b3d827278
// EXPECT: host: philox 1234/0/0 curand after skipahead_sequence(5) 0xf942741c fnv 0x518c064b1d1990d4
// EXPECT: host: philox 1234/1/0 curand after skipahead_sequence(5) 0x63ecf703 fnv 0x80a8e724734939f1
// EXPECT: host: philox 1234/1000/7 curand after skipahead_sequence(5) 0xb3aaabb9 fnv 0x681bd8fed7fc78ce
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand after skipahead_sequence(5) 0xe923d052 fnv 0xd56930ae56c01208
// EXPECT: host: philox 42/3/8589934597 curand after skipahead_sequence(5) 0x89b5721f fnv 0x4791a96ece3d3c68
// EXPECT: host: mrg32k3a 0/0/0 curand 0x2083cd07 fnv 0x7a8bbe982cf0c9b5
// EXPECT: host: mrg32k3a 1234/0/0 curand 0xc96891f0 fnv 0xe32741cbc0280291
// EXPECT: host: mrg32k3a 1234/1/0 curand 0x26f0d612 fnv 0x8c43ab18ec72f572
// EXPECT: host: mrg32k3a 1234/1000/7 curand 0xaa9bc23f fnv 0x12e1851337a4cf01
// EXPECT: host: mrg32k3a 1311768467463790320/1099511627783/12345 curand 0x63bc8748 fnv 0xc2d31c83392dd709
// EXPECT: host: mrg32k3a 42/3/8589934597 curand 0xd4e1d3e4 fnv 0x55db274d30aff3dc
// EXPECT: host: mrg32k3a 0/0/0 curand_uniform 0x3e020f34 fnv 0x0e336cb33fa1546f
// EXPECT: host: mrg32k3a 1234/0/0 curand_uniform 0x3f496892 fnv 0x47e105b6bae248ce
// EXPECT: host: mrg32k3a 1234/1/0 curand_uniform 0x3e1bc358 fnv 0x547e7b5ccc8ebfb4
// EXPECT: host: mrg32k3a 1234/1000/7 curand_uniform 0x3f2a9bc2 fnv 0xd43d1a8dbd30e7a6
// EXPECT: host: mrg32k3a 1311768467463790320/1099511627783/12345 curand_uniform 0x3ec7790f fnv 0x3c66601b83be0521
// EXPECT: host: mrg32k3a 42/3/8589934597 curand_uniform 0x3f54e1d4 fnv 0x49e24b39f44b950d
// EXPECT: host: mrg32k3a 0/0/0 curand_uniform_double 0x3fc041e683c5cd32 fnv 0x088cd8180e6a5bcf
// EXPECT: host: mrg32k3a 1234/0/0 curand_uniform_double 0x3fe92d123e0dcbe5 fnv 0xff044f6c34b0b8eb
// EXPECT: host: mrg32k3a 1234/1/0 curand_uniform_double 0x3fc3786b09654f63 fnv 0x9114164d95fe57a8
// EXPECT: host: mrg32k3a 1234/1000/7 curand_uniform_double 0x3fe5537847e92533 fnv 0xd52a3a8c5a618085
// EXPECT: host: mrg32k3a 1311768467463790320/1099511627783/12345 curand_uniform_double 0x3fd8ef21d21b3a9d fnv 0xaf6a20e912933346
// EXPECT: host: mrg32k3a 42/3/8589934597 curand_uniform_double 0x3fea9c3a7c998bc0 fnv 0xa6a147d294978e7f
// EXPECT: host: mrg32k3a 0/0/0 curand after skipahead_sequence(5) 0x549b9b58 fnv 0xe8bb49a4c2f1b51c
// EXPECT: host: mrg32k3a 1234/0/0 curand after skipahead_sequence(5) 0xdb34ec2c fnv 0x925c5ee7c5951008
// EXPECT: host: mrg32k3a 1234/1/0 curand after skipahead_sequence(5) 0x1a102dc fnv 0xa02622516f500803
// EXPECT: host: mrg32k3a 1234/1000/7 curand after skipahead_sequence(5) 0xb11b35f8 fnv 0xe5b733f744166f4b
// EXPECT: host: mrg32k3a 1311768467463790320/1099511627783/12345 curand after skipahead_sequence(5) 0xa759e783 fnv 0x8b27d386de77ad6f
// EXPECT: host: mrg32k3a 42/3/8589934597 curand after skipahead_sequence(5) 0x94efe666 fnv 0x6366487928af5ec7
// EXPECT: host: skipping ahead gives the values of curand_init's subsequence and offset: ok
#include <curand_kernel.h>

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "check.cuh"

constexpr int kValues = 10000;

struct Config {
  unsigned long long seed, subsequence, offset;
};
constexpr Config kConfigs[] = {
    {0, 0, 0},        {1234, 0, 0},           {1234, 1, 0}, {1234, 1000, 7}, {0x123456789abcdef0ull, (1ull << 40) + 7, 12345},
    {42, 3, (1ull << 33) + 5},
};
constexpr int kCount = sizeof kConfigs / sizeof kConfigs[0];

enum Series { raw, uniform, uniform_double, raw4, uniform4, raw_after_sequences };
const char* const kSeriesNames[] = {"curand",  "curand_uniform",  "curand_uniform_double",
                                    "curand4", "curand_uniform4", "curand after skipahead_sequence(5)"};

__device__ unsigned long long bits_of(float f) {
  unsigned u;
  memcpy(&u, &f, sizeof u);
  return u;
}
__device__ unsigned long long bits_of(double d) {
  unsigned long long u;
  memcpy(&u, &d, sizeof u);
  return u;
}

// Thread t draws series `what` from configuration t % kCount, set up directly (t < kCount) or by
// skipping ahead from the sequence's start (t >= kCount); curand_init's subsequences are
// skipahead_sequence's for XORWOW and Philox, skipahead_subsequence's for MRG32k3a.
template <class State>
__global__ void draw(const Config* configs, Series what, unsigned long long* out) {
  const int t = threadIdx.x;
  if (t >= 2 * kCount) return;
  const Config c = configs[t % kCount];
  State s;
  if (t < kCount) {
    curand_init(c.seed, c.subsequence, c.offset, &s);
  } else {
    curand_init(c.seed, 0, 0, &s);
    if constexpr (std::is_same_v<State, curandStateMRG32k3a_t>) skipahead_subsequence(c.subsequence, &s);
    else skipahead_sequence(c.subsequence, &s);
    skipahead(c.offset, &s);
  }
  if (what == raw_after_sequences) skipahead_sequence(5, &s);
  unsigned long long* o = out + static_cast<std::size_t>(t) * kValues;
  for (int i = 0; i < kValues;) {
    if (what == raw || what == raw_after_sequences) o[i++] = curand(&s);
    else if (what == uniform) o[i++] = bits_of(curand_uniform(&s));
    else if (what == uniform_double) o[i++] = bits_of(curand_uniform_double(&s));
    if constexpr (std::is_same_v<State, curandStatePhilox4_32_10_t>) {
      if (what == raw4) {
        const uint4 v = curand4(&s);
        o[i++] = v.x, o[i++] = v.y, o[i++] = v.z, o[i++] = v.w;
      } else if (what == uniform4) {
        const float4 v = curand_uniform4(&s);
        o[i++] = bits_of(v.x), o[i++] = bits_of(v.y), o[i++] = bits_of(v.z), o[i++] = bits_of(v.w);
      }
    }
  }
}

template <class State>
int run(const char* generator, std::initializer_list<Series> series, const Config* configs, unsigned long long* out,
        unsigned long long* host) {
  int mismatches = 0;
  for (Series what : series) {
    draw<State><<<1, 2 * kCount>>>(configs, what, out);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaMemcpy(host, out, sizeof(unsigned long long) * kValues * 2 * kCount, cudaMemcpyDeviceToHost));
    for (int c = 0; c < kCount; ++c) {
      const unsigned long long* direct = host + static_cast<std::size_t>(c) * kValues;
      const unsigned long long* skipped = host + static_cast<std::size_t>(kCount + c) * kValues;
      if (std::memcmp(direct, skipped, sizeof(unsigned long long) * kValues) != 0) ++mismatches;
      std::printf("host: %s %llu/%llu/%llu %s 0x%llx fnv 0x%016llx\n", generator, kConfigs[c].seed,
                  kConfigs[c].subsequence, kConfigs[c].offset, kSeriesNames[what], direct[0],
                  static_cast<unsigned long long>(fnv1a(direct, sizeof(unsigned long long) * kValues)));
    }
  }
  return mismatches;
}

int main() {
  Config* configs = nullptr;
  unsigned long long* out = nullptr;
  CHECK_CUDA(cudaMalloc(&configs, sizeof kConfigs));
  CHECK_CUDA(cudaMemcpy(configs, kConfigs, sizeof kConfigs, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMalloc(&out, sizeof(unsigned long long) * kValues * 2 * kCount));
  static unsigned long long host[kValues * 2 * kCount];
  int mismatches = run<curandStateXORWOW_t>("xorwow", {raw, uniform, uniform_double, raw_after_sequences}, configs, out, host);
  mismatches += run<curandStatePhilox4_32_10_t>(
      "philox", {raw, uniform, uniform_double, raw4, uniform4, raw_after_sequences}, configs, out, host);
  mismatches += run<curandStateMRG32k3a_t>("mrg32k3a", {raw, uniform, uniform_double, raw_after_sequences}, configs, out, host);
  report("host: skipping ahead gives the values of curand_init's subsequence and offset", mismatches, 0);
  CHECK_CUDA(cudaFree(out));
  CHECK_CUDA(cudaFree(configs));
  return 0;
}
