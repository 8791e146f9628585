// CUDA's SIMD-within-a-word intrinsics (__vadd2, __vsubss4, __vcmpgtu2, __vsads4...: 2 halfwords
// or 4 bytes per unsigned int) with the GPU's exact results: each is applied to 32768 pairs of
// words (lanes at their limits, then pseudo-random ones) and the hash of its results compared with
// the one an H100 gave (include/intrinsics_hash.cuh). Recorded with
//   nvcc -arch=sm_90 -O2 -DRECORD_GOLDENS -I. -o rec 59_simd_intrinsics.cu && ./rec
// EXPECT: halfwords: ok
// EXPECT: bytes: ok
#include "check.cuh"
#include "include/intrinsics_hash.cuh"

// (group, name, expression of the inputs x and y)
#define SIMD_OPS(OP) \
  OP(halfwords, vadd2, __vadd2(x, y)) \
  OP(halfwords, vaddss2, __vaddss2(x, y)) \
  OP(halfwords, vaddus2, __vaddus2(x, y)) \
  OP(halfwords, vsub2, __vsub2(x, y)) \
  OP(halfwords, vsubss2, __vsubss2(x, y)) \
  OP(halfwords, vsubus2, __vsubus2(x, y)) \
  OP(halfwords, vavgs2, __vavgs2(x, y)) \
  OP(halfwords, vavgu2, __vavgu2(x, y)) \
  OP(halfwords, vhaddu2, __vhaddu2(x, y)) \
  OP(halfwords, vabsdiffs2, __vabsdiffs2(x, y)) \
  OP(halfwords, vabsdiffu2, __vabsdiffu2(x, y)) \
  OP(halfwords, vmaxs2, __vmaxs2(x, y)) \
  OP(halfwords, vmaxu2, __vmaxu2(x, y)) \
  OP(halfwords, vmins2, __vmins2(x, y)) \
  OP(halfwords, vminu2, __vminu2(x, y)) \
  OP(halfwords, vcmpeq2, __vcmpeq2(x, y)) \
  OP(halfwords, vseteq2, __vseteq2(x, y)) \
  OP(halfwords, vcmpne2, __vcmpne2(x, y)) \
  OP(halfwords, vsetne2, __vsetne2(x, y)) \
  OP(halfwords, vcmpges2, __vcmpges2(x, y)) \
  OP(halfwords, vsetges2, __vsetges2(x, y)) \
  OP(halfwords, vcmpgts2, __vcmpgts2(x, y)) \
  OP(halfwords, vsetgts2, __vsetgts2(x, y)) \
  OP(halfwords, vcmples2, __vcmples2(x, y)) \
  OP(halfwords, vsetles2, __vsetles2(x, y)) \
  OP(halfwords, vcmplts2, __vcmplts2(x, y)) \
  OP(halfwords, vsetlts2, __vsetlts2(x, y)) \
  OP(halfwords, vcmpgeu2, __vcmpgeu2(x, y)) \
  OP(halfwords, vsetgeu2, __vsetgeu2(x, y)) \
  OP(halfwords, vcmpgtu2, __vcmpgtu2(x, y)) \
  OP(halfwords, vsetgtu2, __vsetgtu2(x, y)) \
  OP(halfwords, vcmpleu2, __vcmpleu2(x, y)) \
  OP(halfwords, vsetleu2, __vsetleu2(x, y)) \
  OP(halfwords, vcmpltu2, __vcmpltu2(x, y)) \
  OP(halfwords, vsetltu2, __vsetltu2(x, y)) \
  OP(halfwords, vsads2, __vsads2(x, y)) \
  OP(halfwords, vsadu2, __vsadu2(x, y)) \
  OP(halfwords, vabs2, __vabs2(x)) \
  OP(halfwords, vabsss2, __vabsss2(x)) \
  OP(halfwords, vneg2, __vneg2(x)) \
  OP(halfwords, vnegss2, __vnegss2(x)) \
  OP(bytes, vadd4, __vadd4(x, y)) \
  OP(bytes, vaddss4, __vaddss4(x, y)) \
  OP(bytes, vaddus4, __vaddus4(x, y)) \
  OP(bytes, vsub4, __vsub4(x, y)) \
  OP(bytes, vsubss4, __vsubss4(x, y)) \
  OP(bytes, vsubus4, __vsubus4(x, y)) \
  OP(bytes, vavgs4, __vavgs4(x, y)) \
  OP(bytes, vavgu4, __vavgu4(x, y)) \
  OP(bytes, vhaddu4, __vhaddu4(x, y)) \
  OP(bytes, vabsdiffs4, __vabsdiffs4(x, y)) \
  OP(bytes, vabsdiffu4, __vabsdiffu4(x, y)) \
  OP(bytes, vmaxs4, __vmaxs4(x, y)) \
  OP(bytes, vmaxu4, __vmaxu4(x, y)) \
  OP(bytes, vmins4, __vmins4(x, y)) \
  OP(bytes, vminu4, __vminu4(x, y)) \
  OP(bytes, vcmpeq4, __vcmpeq4(x, y)) \
  OP(bytes, vseteq4, __vseteq4(x, y)) \
  OP(bytes, vcmpne4, __vcmpne4(x, y)) \
  OP(bytes, vsetne4, __vsetne4(x, y)) \
  OP(bytes, vcmpges4, __vcmpges4(x, y)) \
  OP(bytes, vsetges4, __vsetges4(x, y)) \
  OP(bytes, vcmpgts4, __vcmpgts4(x, y)) \
  OP(bytes, vsetgts4, __vsetgts4(x, y)) \
  OP(bytes, vcmples4, __vcmples4(x, y)) \
  OP(bytes, vsetles4, __vsetles4(x, y)) \
  OP(bytes, vcmplts4, __vcmplts4(x, y)) \
  OP(bytes, vsetlts4, __vsetlts4(x, y)) \
  OP(bytes, vcmpgeu4, __vcmpgeu4(x, y)) \
  OP(bytes, vsetgeu4, __vsetgeu4(x, y)) \
  OP(bytes, vcmpgtu4, __vcmpgtu4(x, y)) \
  OP(bytes, vsetgtu4, __vsetgtu4(x, y)) \
  OP(bytes, vcmpleu4, __vcmpleu4(x, y)) \
  OP(bytes, vsetleu4, __vsetleu4(x, y)) \
  OP(bytes, vcmpltu4, __vcmpltu4(x, y)) \
  OP(bytes, vsetltu4, __vsetltu4(x, y)) \
  OP(bytes, vsads4, __vsads4(x, y)) \
  OP(bytes, vsadu4, __vsadu4(x, y)) \
  OP(bytes, vabs4, __vabs4(x)) \
  OP(bytes, vabsss4, __vabsss4(x)) \
  OP(bytes, vneg4, __vneg4(x)) \
  OP(bytes, vnegss4, __vnegss4(x))

enum Op {
#define ENUM_OP(group, name, expr) op_##name,
  SIMD_OPS(ENUM_OP)
#undef ENUM_OP
  op_count
};

__global__ void apply(int op, const unsigned int* xs, const unsigned int* ys, unsigned long long* out) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < kN; i += gridDim.x * blockDim.x) {
    const unsigned int x = xs[i], y = ys[i];
    unsigned long long r = 0;
    switch (op) {
#define CASE_OP(group, name, expr) \
  case op_##name: r = word(expr); break;
      SIMD_OPS(CASE_OP)
#undef CASE_OP
    }
    out[i] = r;
  }
}

// Recorded on an NVIDIA H100 (sm_90), CUDA 13.0.
const Golden kGoldens[] = {
    {"__vadd2", 0xd2f1629deaf306b0ull},
    {"__vaddss2", 0xbb33e704e8d345e5ull},
    {"__vaddus2", 0xdc0a519b1d336ae2ull},
    {"__vsub2", 0xeb3f796346670e9bull},
    {"__vsubss2", 0xa0140ee06f9c54d5ull},
    {"__vsubus2", 0xc4481a5b48eeb7cdull},
    {"__vavgs2", 0xb762237c2c6591c8ull},
    {"__vavgu2", 0x09c7d13594041692ull},
    {"__vhaddu2", 0x1937d06dd522860bull},
    {"__vabsdiffs2", 0x7ae782c9cc4aa01cull},
    {"__vabsdiffu2", 0xed85c5c3a317ad97ull},
    {"__vmaxs2", 0xa870c6d22aab903aull},
    {"__vmaxu2", 0xb6ea97452fcc5e35ull},
    {"__vmins2", 0xddefca0e6b5df75bull},
    {"__vminu2", 0x5da83c9853bdad40ull},
    {"__vcmpeq2", 0x9f71b5971ebedd99ull},
    {"__vseteq2", 0xf1aa65a836971f15ull},
    {"__vcmpne2", 0x056bb1df0dde12b1ull},
    {"__vsetne2", 0xc1c9d36106b9d535ull},
    {"__vcmpges2", 0xdb153c7ad5729a8bull},
    {"__vsetges2", 0x3b2a92601b28bd14ull},
    {"__vcmpgts2", 0x3136919b20679e17ull},
    {"__vsetgts2", 0x1f3276c9222265f4ull},
    {"__vcmples2", 0x818b242e86649233ull},
    {"__vsetles2", 0x30c7d54263d98e24ull},
    {"__vcmplts2", 0x93482f84c1118bbfull},
    {"__vsetlts2", 0xde65fff18ebff584ull},
    {"__vcmpgeu2", 0x5b26281ae2997f3bull},
    {"__vsetgeu2", 0xaefcfbd208bc7a64ull},
    {"__vcmpgtu2", 0x328cafdb26ee3cc7ull},
    {"__vsetgtu2", 0xb0c2f8fecb6ddec4ull},
    {"__vcmpleu2", 0x33522eefdf0b0983ull},
    {"__vsetleu2", 0x75663c29708a27b4ull},
    {"__vcmpltu2", 0x7e5f4d4bbb86f30full},
    {"__vsetltu2", 0x245e807d56a9b694ull},
    {"__vsads2", 0x40ede8edc6337d69ull},
    {"__vsadu2", 0x306b6e90f576f3bcull},
    {"__vabs2", 0x3110afb455fbe078ull},
    {"__vabsss2", 0x7906521447777ddcull},
    {"__vneg2", 0xa152037ffaa46842ull},
    {"__vnegss2", 0x5213e8b3cd30eceaull},
    {"__vadd4", 0x26637743a4c873d8ull},
    {"__vaddss4", 0x04aab58667e021b7ull},
    {"__vaddus4", 0x402239437e55b906ull},
    {"__vsub4", 0x54f98e04ded8a674ull},
    {"__vsubss4", 0x5a4eca32b591c87dull},
    {"__vsubus4", 0x28026613d97706a6ull},
    {"__vavgs4", 0xc12a8982160194ebull},
    {"__vavgu4", 0x5440a037fcf8f642ull},
    {"__vhaddu4", 0x49e6cba31b7c1acdull},
    {"__vabsdiffs4", 0xf6ce882adee3e99aull},
    {"__vabsdiffu4", 0x35b11dcd9749f83cull},
    {"__vmaxs4", 0xc1d9bc08a417e4e3ull},
    {"__vmaxu4", 0xc2a0422d15652b90ull},
    {"__vmins4", 0x92b66833f92c9cbaull},
    {"__vminu4", 0xe64b6accb8bcf15dull},
    {"__vcmpeq4", 0x92feea56333f52feull},
    {"__vseteq4", 0x08b6a6a54be4be48ull},
    {"__vcmpne4", 0x8ece63ac7f286b92ull},
    {"__vsetne4", 0xc3dd2cd7f54f7edcull},
    {"__vcmpges4", 0x64d968cbc7541a89ull},
    {"__vsetges4", 0x3e5cb198b1849bc1ull},
    {"__vcmpgts4", 0x383a67d2522adc4aull},
    {"__vsetgts4", 0xb29268cd6b06f594ull},
    {"__vcmples4", 0x0e0cdfcf492fd306ull},
    {"__vsetles4", 0xa9cb024c4a55f850ull},
    {"__vcmplts4", 0x0b1ee9f6a9546f41ull},
    {"__vsetlts4", 0x89b654c32adb4f09ull},
    {"__vcmpgeu4", 0x2f7bfa420f700342ull},
    {"__vsetgeu4", 0x9566068eff0c948cull},
    {"__vcmpgtu4", 0x5fd0c8ab0bc69271ull},
    {"__vsetgtu4", 0x3a566a665e8331d9ull},
    {"__vcmpleu4", 0xd7a995a6846d9fb9ull},
    {"__vsetleu4", 0xa0833fa42a6fe891ull},
    {"__vcmpltu4", 0xb681a1ee946ed146ull},
    {"__vsetltu4", 0xf68528c4dd30fe90ull},
    {"__vsads4", 0x9a2dae366dbf6d0full},
    {"__vsadu4", 0x7fc14a1711728ca6ull},
    {"__vabs4", 0xb7a3600db8f4c928ull},
    {"__vabsss4", 0xe728eb127d11a76bull},
    {"__vneg4", 0x537c661b6ec0e11eull},
    {"__vnegss4", 0x69cf116c8de247cdull},
};

int main() {
  const unsigned int special[] = {0x00000000u, 0xffffffffu, 0x7f7f7f7fu, 0x80808080u, 0x01010101u, 0xfefefefeu,
                                  0x7fff7fffu, 0x80008000u, 0x0001ffffu, 0xffff0000u, 0x00ff7f80u, 0x807f01ffu,
                                  0x8000ffffu, 0x7fff0001u, 0x81017ffeu, 0x12345678u};
  constexpr int kS = sizeof special / sizeof special[0];
  const unsigned int edge[] = {0x00u, 0x01u, 0x7fu, 0x80u, 0x81u, 0xfeu, 0xffu};
  unsigned int *x, *y;
  unsigned long long* out;
  CHECK_CUDA(cudaMallocManaged(&x, kN * sizeof *x));
  CHECK_CUDA(cudaMallocManaged(&y, kN * sizeof *y));
  CHECK_CUDA(cudaMallocManaged(&out, kN * sizeof *out));
  for (int i = 0; i < kN; ++i) {
    if (i < kS * kS) {  // every pair of special words
      x[i] = special[i / kS];
      y[i] = special[i % kS];
      continue;
    }
    unsigned long long r = mix64(i);
    unsigned int w[2] = {static_cast<unsigned int>(r), static_cast<unsigned int>(r >> 32)};
    const unsigned long long s = mix64(i + (1ull << 40));
    for (int k = 0; k < 8; ++k)  // about half the bytes at a lane's edge
      if ((s >> (2 * k)) & 1) {
        unsigned int& v = w[k / 4];
        const int at = 8 * (k % 4);
        v = (v & ~(0xffu << at)) | (edge[(s >> (16 + 3 * k)) % 7] << at);
      }
    x[i] = w[0];
    y[i] = w[1];
  }
  const char* names[] = {
#define NAME_OP(group, name, expr) "__" #name,
      SIMD_OPS(NAME_OP)
#undef NAME_OP
  };
  const char* groups[] = {
#define GROUP_OP(group, name, expr) #group,
      SIMD_OPS(GROUP_OP)
#undef GROUP_OP
  };
  check_groups(op_count, names, groups, out, kGoldens, sizeof kGoldens / sizeof kGoldens[0], [&](int op) {
    apply<<<16, 128>>>(op, x, y, out);
    CHECK_CUDA(cudaDeviceSynchronize());
  });
  return 0;
}
