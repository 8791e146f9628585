// The functions 51_half.cu and 52_bfloat16.cu check (tests/plain_cuda/include/fp16_golden.cuh):
// each X(expression) is run over its set; its name is its text.
#pragma once
#define FP_T __nv_bfloat16
#define FP_T2 __nv_bfloat162
#define FP_FROM_BITS(u) __ushort_as_bfloat16(u)
#define FP_BITS(h) __bfloat16_as_ushort(h)

#define UNARY_OPS(X)                                                                               \
  X(__bfloat162float(a)) X(static_cast<float>(a)) X(__bfloat1622float2(a2)) X(__low2float(a2))             \
  X(__high2float(a2)) X(__bfloat162int_rn(a)) X(__bfloat162int_rz(a)) X(__bfloat162int_rd(a))                  \
  X(__bfloat162int_ru(a)) X(__bfloat162uint_rn(a)) X(__bfloat162uint_rz(a)) X(__bfloat162uint_rd(a))               \
  X(__bfloat162uint_ru(a)) X(__bfloat162ll_rn(a)) X(__bfloat162ll_rz(a)) X(__bfloat162ll_rd(a)) X(__bfloat162ll_ru(a)) \
  X(__bfloat162ull_rn(a)) X(__bfloat162ull_rz(a)) X(__bfloat162ull_rd(a)) X(__bfloat162ull_ru(a))                  \
  X(__bfloat162short_rn(a)) X(__bfloat162short_rz(a)) X(__bfloat162short_rd(a)) X(__bfloat162short_ru(a))          \
  X(__bfloat162ushort_rn(a)) X(__bfloat162ushort_rz(a)) X(__bfloat162ushort_rd(a)) X(__bfloat162ushort_ru(a))      \
  X(__bfloat162char_rz(a)) X(__bfloat162uchar_rz(a)) X(__bfloat16_as_short(a)) X(__bfloat16_as_ushort(a))          \
  X(static_cast<int>(a)) X(static_cast<unsigned>(a)) X(static_cast<short>(a))                      \
  X(static_cast<long long>(a)) X(static_cast<bool>(a))                                             \
  X(__low2bfloat16(a2)) X(__high2bfloat16(a2)) X(__bfloat162bfloat162(a)) X(__lowhigh2highlow(a2))                 \
  X(__low2bfloat162(a2)) X(__high2bfloat162(a2)) X(__hneg(a)) X(__habs(a)) X(-a) X(+a)                     \
  X(__hneg2(a2)) X(__habs2(a2)) X(-a2) X(__hisnan(a)) X(__hisinf(a)) X(__hisnan2(a2))             \
  X(hsqrt(a)) X(hrsqrt(a)) X(hrcp(a)) X(hexp(a)) X(hexp2(a)) X(hexp10(a)) X(hlog(a)) X(hlog2(a))   \
  X(hlog10(a)) X(hsin(a)) X(hcos(a)) X(htanh(a)) X(htanh_approx(a)) X(htrunc(a)) X(hceil(a))       \
  X(hfloor(a)) X(hrint(a)) X(h2sqrt(a2)) X(h2rsqrt(a2)) X(h2rcp(a2)) X(h2exp(a2)) X(h2exp2(a2))    \
  X(h2exp10(a2)) X(h2log(a2)) X(h2log2(a2)) X(h2log10(a2)) X(h2sin(a2)) X(h2cos(a2))              \
  X(h2tanh(a2)) X(h2tanh_approx(a2)) X(h2trunc(a2)) X(h2ceil(a2)) X(h2floor(a2)) X(h2rint(a2))

#define FLOAT_OPS(X)                                                                               \
  X(__float2bfloat16(f)) X(__float2bfloat16_rn(f)) X(__float2bfloat16_rz(f)) X(__float2bfloat16_rd(f))             \
  X(__float2bfloat16_ru(f)) X(__float2bfloat162_rn(f)) X(__floats2bfloat162_rn(f, fp))                         \
  X(__float22bfloat162_rn(make_float2(f, fp))) X(__double2bfloat16(d)) X(__nv_bfloat16(f)) X(__nv_bfloat16(d))

#define INT_OPS(X)                                                                                 \
  X(__int2bfloat16_rn(static_cast<int>(v))) X(__int2bfloat16_rz(static_cast<int>(v)))                      \
  X(__int2bfloat16_rd(static_cast<int>(v))) X(__int2bfloat16_ru(static_cast<int>(v)))                      \
  X(__uint2bfloat16_rn(static_cast<unsigned>(v))) X(__uint2bfloat16_rz(static_cast<unsigned>(v)))          \
  X(__uint2bfloat16_rd(static_cast<unsigned>(v))) X(__uint2bfloat16_ru(static_cast<unsigned>(v)))          \
  X(__ll2bfloat16_rn(static_cast<long long>(v))) X(__ll2bfloat16_rz(static_cast<long long>(v)))            \
  X(__ll2bfloat16_rd(static_cast<long long>(v))) X(__ll2bfloat16_ru(static_cast<long long>(v)))            \
  X(__ull2bfloat16_rn(v)) X(__ull2bfloat16_rz(v)) X(__ull2bfloat16_rd(v)) X(__ull2bfloat16_ru(v))                  \
  X(__short2bfloat16_rn(static_cast<short>(v))) X(__short2bfloat16_rz(static_cast<short>(v)))              \
  X(__short2bfloat16_rd(static_cast<short>(v))) X(__short2bfloat16_ru(static_cast<short>(v)))              \
  X(__ushort2bfloat16_rn(static_cast<unsigned short>(v))) X(__ushort2bfloat16_rz(static_cast<unsigned short>(v))) \
  X(__ushort2bfloat16_rd(static_cast<unsigned short>(v))) X(__ushort2bfloat16_ru(static_cast<unsigned short>(v))) \
  X(__short_as_bfloat16(static_cast<short>(v))) X(__ushort_as_bfloat16(static_cast<unsigned short>(v)))    \
  X(__nv_bfloat16(static_cast<int>(v))) X(__nv_bfloat16(static_cast<unsigned>(v))) X(__nv_bfloat16(static_cast<short>(v))) \
  X(__nv_bfloat16(static_cast<long long>(v))) X(__nv_bfloat16(v))

#define BINARY_OPS(X)                                                                              \
  X(__hadd(a, b)) X(__hsub(a, b)) X(__hmul(a, b)) X(__hdiv(a, b)) X(__hadd_sat(a, b))              \
  X(__hsub_sat(a, b)) X(__hmul_sat(a, b)) X(__hadd_rn(a, b)) X(__hsub_rn(a, b)) X(__hmul_rn(a, b)) \
  X(__hmax(a, b)) X(__hmin(a, b)) X(__hmax_nan(a, b)) X(__hmin_nan(a, b)) X(a + b) X(a - b)        \
  X(a * b) X(a / b) X(__heq(a, b)) X(__hne(a, b)) X(__hle(a, b)) X(__hge(a, b)) X(__hlt(a, b))     \
  X(__hgt(a, b)) X(__hequ(a, b)) X(__hneu(a, b)) X(__hleu(a, b)) X(__hgeu(a, b)) X(__hltu(a, b))   \
  X(__hgtu(a, b)) X(a == b) X(a != b) X(a < b) X(a > b) X(a <= b) X(a >= b)                        \
  X(__hadd2(a2, b2)) X(__hsub2(a2, b2)) X(__hmul2(a2, b2)) X(__h2div(a2, b2))                      \
  X(__hadd2_sat(a2, b2)) X(__hsub2_sat(a2, b2)) X(__hmul2_sat(a2, b2)) X(__hadd2_rn(a2, b2))       \
  X(__hsub2_rn(a2, b2)) X(__hmul2_rn(a2, b2)) X(__hmax2(a2, b2)) X(__hmin2(a2, b2))                \
  X(__hmax2_nan(a2, b2)) X(__hmin2_nan(a2, b2)) X(a2 + b2) X(a2 - b2) X(a2 * b2) X(a2 / b2)       \
  X(a2 == b2) X(a2 != b2) X(a2 < b2) X(a2 > b2) X(a2 <= b2) X(a2 >= b2)                            \
  X(__heq2(a2, b2)) X(__hne2(a2, b2)) X(__hle2(a2, b2)) X(__hge2(a2, b2)) X(__hlt2(a2, b2))        \
  X(__hgt2(a2, b2)) X(__hequ2(a2, b2)) X(__hneu2(a2, b2)) X(__hleu2(a2, b2)) X(__hgeu2(a2, b2))    \
  X(__hltu2(a2, b2)) X(__hgtu2(a2, b2)) X(__hbeq2(a2, b2)) X(__hbne2(a2, b2)) X(__hble2(a2, b2))   \
  X(__hbge2(a2, b2)) X(__hblt2(a2, b2)) X(__hbgt2(a2, b2)) X(__hbequ2(a2, b2)) X(__hbneu2(a2, b2)) \
  X(__hbleu2(a2, b2)) X(__hbgeu2(a2, b2)) X(__hbltu2(a2, b2)) X(__hbgtu2(a2, b2))                  \
  X(__heq2_mask(a2, b2)) X(__hne2_mask(a2, b2)) X(__hle2_mask(a2, b2)) X(__hge2_mask(a2, b2))      \
  X(__hlt2_mask(a2, b2)) X(__hgt2_mask(a2, b2)) X(__hequ2_mask(a2, b2)) X(__hneu2_mask(a2, b2))    \
  X(__hleu2_mask(a2, b2)) X(__hgeu2_mask(a2, b2)) X(__hltu2_mask(a2, b2)) X(__hgtu2_mask(a2, b2))  \
  X(__lows2bfloat162(a2, b2)) X(__highs2bfloat162(a2, b2)) X(__halves2bfloat162(a, b)) X(make_bfloat162(a, b))

#define TERNARY_OPS(X)                                                                             \
  X(__hfma(a, b, c)) X(__hfma_sat(a, b, c)) X(__hfma_relu(a, b, c)) X(__hfma2(a2, b2, c2))         \
  X(__hfma2_sat(a2, b2, c2)) X(__hfma2_relu(a2, b2, c2)) X(__hcmadd(a2, b2, c2))
