// CUDA's integer intrinsics with the GPU's exact results: each is applied to 32768 inputs
// (special values, then pseudo-random ones) and the hash of its results compared with the one an
// H100 gave (include/intrinsics_hash.cuh). Recorded with
//   nvcc -arch=sm_90 -O2 -DRECORD_GOLDENS -I. -o rec 53_integer_intrinsics.cu && ./rec
// EXPECT: bit_counts: ok
// EXPECT: multiplies: ok
// EXPECT: averages: ok
// EXPECT: byte_perm: ok
// EXPECT: funnel_shifts: ok
// EXPECT: find_nth_set: ok
// EXPECT: dot_products: ok
// EXPECT: min_max: ok
// EXPECT: spot_values: ok
#include "check.cuh"
#include "include/intrinsics_hash.cuh"

struct Inputs {
  const unsigned int *x, *y, *z, *w;
  const unsigned long long *X, *Y;
};

// (group, name, expression of the inputs x, y, z, w (unsigned int), ix, iy, iz (int) and X, Y
// (unsigned long long), lX, lY (long long)).
#define INTEGER_OPS(OP)                                                           \
  OP(bit_counts, popc, __popc(x))                                                 \
  OP(bit_counts, popcll, __popcll(X))                                             \
  OP(bit_counts, clz, __clz(ix))                                                  \
  OP(bit_counts, clzll, __clzll(lX))                                              \
  OP(bit_counts, ffs, __ffs(ix))                                                  \
  OP(bit_counts, ffsll, __ffsll(lX))                                              \
  OP(bit_counts, brev, __brev(x))                                                 \
  OP(bit_counts, brevll, __brevll(X))                                             \
  OP(multiplies, mul24, __mul24(ix, iy))                                          \
  OP(multiplies, umul24, __umul24(x, y))                                          \
  OP(multiplies, mulhi, __mulhi(ix, iy))                                          \
  OP(multiplies, umulhi, __umulhi(x, y))                                          \
  OP(multiplies, mul64hi, __mul64hi(lX, lY))                                      \
  OP(multiplies, umul64hi, __umul64hi(X, Y))                                      \
  OP(averages, hadd, __hadd(ix, iy))                                              \
  OP(averages, rhadd, __rhadd(ix, iy))                                            \
  OP(averages, uhadd, __uhadd(x, y))                                              \
  OP(averages, urhadd, __urhadd(x, y))                                            \
  OP(averages, sad, __sad(ix, iy, z))                                             \
  OP(averages, usad, __usad(x, y, z))                                             \
  OP(byte_perm, byte_perm, __byte_perm(x, y, w))                                  \
  OP(funnel_shifts, funnelshift_l, __funnelshift_l(x, y, z))                      \
  OP(funnel_shifts, funnelshift_lc, __funnelshift_lc(x, y, z))                    \
  OP(funnel_shifts, funnelshift_r, __funnelshift_r(x, y, z))                      \
  OP(funnel_shifts, funnelshift_rc, __funnelshift_rc(x, y, z))                    \
  OP(find_nth_set, fns, __fns(x, y & 31u, static_cast<int>(z % 67u) - 33))        \
  OP(dot_products, dp4a, __dp4a(ix, iy, iz))                                      \
  OP(dot_products, dp4a_u, __dp4a(x, y, z))                                       \
  OP(dot_products, dp2a_lo, __dp2a_lo(ix, iy, iz))                                \
  OP(dot_products, dp2a_lo_u, __dp2a_lo(x, y, z))                                 \
  OP(dot_products, dp2a_hi, __dp2a_hi(ix, iy, iz))                                \
  OP(dot_products, dp2a_hi_u, __dp2a_hi(x, y, z))                                 \
  OP(min_max, min_int, min(ix, iy))                                               \
  OP(min_max, max_int, max(ix, iy))                                               \
  OP(min_max, min_uint, min(x, y))                                                \
  OP(min_max, max_uint, max(x, y))                                                \
  OP(min_max, min_int_uint, min(ix, y))                                           \
  OP(min_max, max_uint_int, max(x, iy))                                           \
  OP(min_max, min_long, min(static_cast<long>(lX), static_cast<long>(lY)))        \
  OP(min_max, max_ulong, max(static_cast<unsigned long>(X), static_cast<unsigned long>(Y))) \
  OP(min_max, min_long_ulong, min(static_cast<long>(lX), static_cast<unsigned long>(Y)))    \
  OP(min_max, max_ulong_long, max(static_cast<unsigned long>(X), static_cast<long>(lY)))    \
  OP(min_max, min_ll, min(lX, lY))                                                \
  OP(min_max, max_ll, max(lX, lY))                                                \
  OP(min_max, min_ull, min(X, Y))                                                 \
  OP(min_max, max_ull, max(X, Y))                                                 \
  OP(min_max, min_ll_ull, min(lX, Y))                                             \
  OP(min_max, max_ull_ll, max(X, lY))                                             \
  OP(min_max, umin, umin(x, y))                                                   \
  OP(min_max, umax, umax(x, y))                                                   \
  OP(min_max, llmin, llmin(lX, lY))                                               \
  OP(min_max, llmax, llmax(lX, lY))                                               \
  OP(min_max, ullmin, ullmin(X, Y))                                               \
  OP(min_max, ullmax, ullmax(X, Y))

enum Op {
#define ENUM_OP(group, name, expr) op_##name,
  INTEGER_OPS(ENUM_OP)
#undef ENUM_OP
  op_count
};

__global__ void apply(int op, Inputs in, unsigned long long* out) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < kN; i += gridDim.x * blockDim.x) {
    const unsigned int x = in.x[i], y = in.y[i], z = in.z[i], w = in.w[i];
    const int ix = static_cast<int>(x), iy = static_cast<int>(y), iz = static_cast<int>(z);
    const unsigned long long X = in.X[i], Y = in.Y[i];
    const long long lX = static_cast<long long>(X), lY = static_cast<long long>(Y);
    unsigned long long r = 0;
    switch (op) {
#define CASE_OP(group, name, expr) \
  case op_##name: r = word(expr); break;
      INTEGER_OPS(CASE_OP)
#undef CASE_OP
    }
    (void)ix; (void)iy; (void)iz; (void)w; (void)lX; (void)lY;
    out[i] = r;
  }
}

__global__ void spot_values(long long* wrong) {
  long long n = 0;
  n += __byte_perm(0x33221100u, 0x77665544u, 0x4321u) != 0x44332211u;
  n += __funnelshift_l(0x80000000u, 0x1u, 1u) != 0x3u;
  n += __funnelshift_rc(0x0u, 0x5u, 40u) != 0x5u;
  n += __hadd(0x7fffffff, 0x7fffffff) != 0x7fffffff;
  n += __sad(-5, 7, 1u) != 13u;
  n += min(-1, 1u) != 1u;
  n += __umul64hi(~0ull, ~0ull) != ~0ull - 1;
  n += __brevll(1ull) != (1ull << 63);
  n += __fns(0xf0f0u, 0u, 3) != 6u;
  *wrong = n;
}

// Recorded on an NVIDIA H100 (sm_90), CUDA 13.0.
const Golden kGoldens[] = {
    {"popc", 0xeca2f4d80c12adf2ull},
    {"popcll", 0x9250a2a025ee43bfull},
    {"clz", 0x0e4a11bf1c8ccd65ull},
    {"clzll", 0xcde9950fd0aa1000ull},
    {"ffs", 0xc1f2a3527e6b6502ull},
    {"ffsll", 0xac6b301c4a6ba829ull},
    {"brev", 0x7edbc32f8ef046deull},
    {"brevll", 0xb170bf45a322d087ull},
    {"mul24", 0x31a2bcee0a9657abull},
    {"umul24", 0x25bcf3b87cddba96ull},
    {"mulhi", 0xe3735f0bef304f68ull},
    {"umulhi", 0x61bf6db1f0dcbdbcull},
    {"mul64hi", 0x8e45ee5701008ab3ull},
    {"umul64hi", 0xe2bf4b9bb5284d81ull},
    {"hadd", 0xa405c479ddc4766dull},
    {"rhadd", 0x0b17c8efff66c2cdull},
    {"uhadd", 0x312c9ad2ed8ced6dull},
    {"urhadd", 0x2b271cd4b6d0d6cdull},
    {"sad", 0x5d851fffdad794a6ull},
    {"usad", 0x8ea710fc8b6ee505ull},
    {"byte_perm", 0x362529ebf88ed367ull},
    {"funnelshift_l", 0xffaeb75815378d78ull},
    {"funnelshift_lc", 0xfcbe459a324fa99full},
    {"funnelshift_r", 0x216216b8b65a5ed7ull},
    {"funnelshift_rc", 0x99aaeb97d3c825e1ull},
    {"fns", 0x4be8572169cffb42ull},
    {"dp4a", 0x15fe54b7927451e7ull},
    {"dp4a_u", 0x87e8991e2adadd4bull},
    {"dp2a_lo", 0x8e9c3c6c6529bd33ull},
    {"dp2a_lo_u", 0xb8a0d03d6eb2a4f0ull},
    {"dp2a_hi", 0x3314a56de57682d4ull},
    {"dp2a_hi_u", 0xb4384f26fbdacd96ull},
    {"min_int", 0xf0fba2e6d93dc61dull},
    {"max_int", 0xe2f888001e1b1164ull},
    {"min_uint", 0x93e0d4ee456ff9ebull},
    {"max_uint", 0x47f40ecba26814d2ull},
    {"min_int_uint", 0x93e0d4ee456ff9ebull},
    {"max_uint_int", 0x47f40ecba26814d2ull},
    {"min_long", 0x4fb4779a12842d70ull},
    {"max_ulong", 0x49c348a83a77b6a5ull},
    {"min_long_ulong", 0xf60adce2470a5877ull},
    {"max_ulong_long", 0x49c348a83a77b6a5ull},
    {"min_ll", 0x4fb4779a12842d70ull},
    {"max_ll", 0x3707175bb9ab9a76ull},
    {"min_ull", 0xf60adce2470a5877ull},
    {"max_ull", 0x49c348a83a77b6a5ull},
    {"min_ll_ull", 0xf60adce2470a5877ull},
    {"max_ull_ll", 0x49c348a83a77b6a5ull},
    {"umin", 0x93e0d4ee456ff9ebull},
    {"umax", 0x47f40ecba26814d2ull},
    {"llmin", 0x4fb4779a12842d70ull},
    {"llmax", 0x3707175bb9ab9a76ull},
    {"ullmin", 0xf60adce2470a5877ull},
    {"ullmax", 0x49c348a83a77b6a5ull},
};

int main() {
  const unsigned int special[] = {0u, 1u, 2u, 3u, 0x7fu, 0x80u, 0xffu, 0x7fffu, 0x8000u, 0xffffu, 0x00800000u,
                                  0x00ffffffu, 0xff800000u, 0x12345678u, 0x87654321u, 0x7fffffffu, 0x80000000u,
                                  0x80000001u, 0xfffffffeu, 0xffffffffu};
  constexpr int kS = sizeof special / sizeof special[0];
  unsigned int *x, *y, *z, *w;
  unsigned long long *X, *Y, *out;
  CHECK_CUDA(cudaMallocManaged(&x, kN * sizeof *x));
  CHECK_CUDA(cudaMallocManaged(&y, kN * sizeof *y));
  CHECK_CUDA(cudaMallocManaged(&z, kN * sizeof *z));
  CHECK_CUDA(cudaMallocManaged(&w, kN * sizeof *w));
  CHECK_CUDA(cudaMallocManaged(&X, kN * sizeof *X));
  CHECK_CUDA(cudaMallocManaged(&Y, kN * sizeof *Y));
  CHECK_CUDA(cudaMallocManaged(&out, kN * sizeof *out));
  for (int i = 0; i < kN; ++i) {
    const unsigned long long r1 = mix64(i), r2 = mix64(i + (1ull << 40)), r3 = mix64(i + (2ull << 40));
    if (i < kS * kS) {  // every pair of special values
      x[i] = special[i / kS];
      y[i] = special[i % kS];
      z[i] = i % 70;
      w[i] = static_cast<unsigned int>(r3);
      X[i] = (static_cast<unsigned long long>(x[i]) << 32) | y[i];
      Y[i] = (static_cast<unsigned long long>(y[i]) << 32) | (i % 3 == 0 ? 0u : x[i]);
    } else {
      x[i] = static_cast<unsigned int>(r1);
      y[i] = static_cast<unsigned int>(r1 >> 32);
      z[i] = (r2 & 3) == 0 ? static_cast<unsigned int>(r2 >> 32) : static_cast<unsigned int>((r2 >> 32) % 70);
      w[i] = static_cast<unsigned int>(r3);
      X[i] = mix64(r1) >> ((r2 >> 8) & 1 ? (r2 >> 10) & 63 : 0);
      Y[i] = mix64(r2) >> ((r2 >> 16) & 1 ? (r2 >> 18) & 63 : 0);
    }
  }
  const Inputs in{x, y, z, w, X, Y};
  const char* names[] = {
#define NAME_OP(group, name, expr) #name,
      INTEGER_OPS(NAME_OP)
#undef NAME_OP
  };
  const char* groups[] = {
#define GROUP_OP(group, name, expr) #group,
      INTEGER_OPS(GROUP_OP)
#undef GROUP_OP
  };
  check_groups(op_count, names, groups, out, kGoldens, sizeof kGoldens / sizeof kGoldens[0], [&](int op) {
    apply<<<16, 128>>>(op, in, out);
    CHECK_CUDA(cudaDeviceSynchronize());
  });
  // A few values by hand, for readable failures.
  long long* spots;
  CHECK_CUDA(cudaMallocManaged(&spots, sizeof *spots));
  spot_values<<<1, 1>>>(spots);
  CHECK_CUDA(cudaDeviceSynchronize());
  report("spot_values", *spots, 0);
  return 0;
}
