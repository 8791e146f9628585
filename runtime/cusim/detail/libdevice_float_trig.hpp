// CUDA's float sine, cosine and tangent, sinf, cosf, tanf and sincosf, step for step as libdevice
// (nvvm/libdevice/libdevice.10.bc: __nv_sinf, __nv_cosf, __nv_tanf, __nv_sincosf) computes them
// for sm_90 without fast math (no flush to zero), so that a simulated kernel gets the GPU's bits.
// The argument is reduced to t = a - j pi/2, |t| <= pi/4 or so: below 105615 by j = a 2/pi rounded
// and pi/2 in three parts (Cody-Waite); from 105615 on by Payne-Hanek, the 24-bit significand
// times 2/pi's bits (__cudart_i2opi_f) in 32-bit words, the fraction's 62 bits times pi/2 in
// double. Then the sine and cosine of t by polynomials in t^2 and the quadrant j mod 4; the
// tangent by one polynomial and, in odd quadrants, -1/tan(t) from the special-function unit
// (rcp.approx.ftz.f32, sfu.hpp). Every other step is an IEEE operation the CPU performs as the GPU
// does (std::fma for fma.rn.f32, mul_rn for libdevice's mul.rn.f32). A NaN result is the GPU's
// 0x7fffffff.
#pragma once
#include <cusim/detail/libdevice_math.hpp>
#include <cusim/detail/sfu.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace cusim::libdevice {

// __cudart_i2opi_f: 2/pi's first 192 fraction bits, the least significant word first.
inline constexpr std::uint32_t kTwoOverPiWordsF[6] = {0x3c439041u, 0xdb629599u, 0xf534ddc0u,
                                                      0xfc2757d1u, 0x4e441529u, 0xa2f9836eu};

// __internal_trig_reduction_slowpath (float): for a finite |a| >= 105615, a = q pi/2 + r with
// |r| <= pi/4, q the quadrant (of either sign; its low two bits are what count).
inline float trig_reduction_slowpathf(float a, std::int32_t* quadrant) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(a);
  std::uint32_t sign = bits & 0x80000000u;
  const std::uint32_t e = ((bits >> 23) & 255u) - 128u;  // at least 15 here
  const std::uint32_t m = (bits << 8) | 0x80000000u;
  const std::uint32_t idx = 4u - (e >> 5);
  std::uint32_t result[7];
  std::uint32_t carry = 0;
  for (int i = 0; i < 6; ++i) {  // mad.lo.cc.u32 / madc.hi.u32
    const std::uint64_t p = static_cast<std::uint64_t>(kTwoOverPiWordsF[i]) * m + carry;
    result[i] = static_cast<std::uint32_t>(p);
    carry = static_cast<std::uint32_t>(p >> 32);
  }
  result[6] = carry;
  const std::uint32_t s = e & 31u;
  std::uint32_t hi = result[idx + 2], lo = result[idx + 1];
  if (s != 0) {
    hi = (hi << s) + (lo >> (32u - s));
    lo = (lo << s) + (result[idx] >> (32u - s));
  }
  std::uint32_t q = hi >> 30;
  hi = (hi << 2) + (lo >> 30);
  lo <<= 2;
  const std::uint32_t up = hi >> 31;  // fraction >= 1/2: the next quadrant, r negative
  q += up;
  if (sign != 0) q = 0u - q;
  if (up != 0) {
    hi = ~hi;
    lo = ~lo;
    sign ^= 0x80000000u;
  }
  const std::int64_t f = static_cast<std::int64_t>(static_cast<std::uint64_t>(hi) << 32 | lo);
  const double d = mul_rn(static_cast<double>(f), 0x1.921fb54442d19p-64);
  float r = static_cast<float>(d);
  if (sign != 0) r = -r;
  *quadrant = static_cast<std::int32_t>(q);
  return r;
}

// f2i.rn (cvt.rni.s32.f32): to the nearest integer, ties to even, NaN to 0, saturated.
inline std::int32_t to_int_rn(float x) {
  if (x != x) return 0;
  if (x >= 0x1p31f) return std::numeric_limits<std::int32_t>::max();
  if (x <= -0x1p31f) return std::numeric_limits<std::int32_t>::min();
  return static_cast<std::int32_t>(std::nearbyint(x));
}

// __internal_trig_reduction_kernel (float): t = a - q pi/2 and the quadrant q. Infinity gives NaN
// (a times 0) in quadrant 0.
struct TrigReducedF {
  float t;
  std::int32_t q;
};
inline TrigReducedF trig_reducef(float a) {
  if (std::fabs(a) >= 105615.0f) {
    if (std::fabs(a) == std::numeric_limits<float>::infinity()) return {mul_rn(a, 0.0f), 0};
    std::int32_t q;
    const float r = trig_reduction_slowpathf(a, &q);
    return {r, q};
  }
  const std::int32_t q = to_int_rn(mul_rn(a, 0x1.45f306p-1f));
  const float j = static_cast<float>(q);
  float t = std::fma(j, -0x1.921fb4p0f, a);
  t = std::fma(j, -0x1.4442d0p-24f, t);
  t = std::fma(j, -0x1.84698ap-48f, t);
  return {t, q};
}

// __internal_accurate_sinf's kernel: sin(t) (q even) or cos(t) (q odd), negated as fma(v, -1, 0)
// for q & 2 (a zero comes out +0).
inline float sinf_quadrant(float t, std::int32_t q) {
  const bool odd = (q & 1) != 0;
  const float t2 = mul_rn(t, t);
  const float x = odd ? 1.0f : t;
  const float u = std::fma(t2, x, 0.0f);
  float p = odd ? std::fma(0x1.9758p-16f, t2, -0x1.6c0fdap-10f) : -0x1.9a82a6p-13f;
  p = std::fma(p, t2, odd ? 0x1.555576p-5f : 0x1.110bc8p-7f);
  p = std::fma(p, t2, odd ? -0x1.fffffep-2f : -0x1.55555p-3f);
  float r = std::fma(p, u, x);
  if (q & 2) r = std::fma(r, -1.0f, 0.0f);
  return r;
}

// __nv_sinf.
inline float sinf(float a) {
  const TrigReducedF k = trig_reducef(a);
  return canonical_nan(sinf_quadrant(k.t, k.q));
}

// __nv_cosf: sinf's kernel a quadrant on.
inline float cosf(float a) {
  const TrigReducedF k = trig_reducef(a);
  return canonical_nan(sinf_quadrant(k.t, k.q + 1));
}

// __nv_sincosf: one reduction; cos(t) and sin(t) by the same polynomials as sinf's, swapped for
// an odd quadrant, their signs flipped (a sign-bit negation, not sinf's fma) by the quadrant.
inline void sincosf(float a, float* sptr, float* cptr) {
  const TrigReducedF k = trig_reducef(a);
  const float t = k.t;
  const float t2 = mul_rn(t, t);
  float c = std::fma(0x1.9758p-16f, t2, -0x1.6c0fdap-10f);
  c = std::fma(c, t2, 0x1.555576p-5f);
  c = std::fma(c, t2, -0x1.fffffep-2f);
  c = std::fma(c, t2, 1.0f);
  const float u = std::fma(t2, t, 0.0f);
  float sp = std::fma(-0x1.9a82a6p-13f, t2, 0x1.110bc8p-7f);
  sp = std::fma(sp, t2, -0x1.55555p-3f);
  float s = std::fma(sp, u, t);
  if (k.q & 1) {
    const float w = s;
    s = c;
    c = w;
  }
  if (k.q & 2) s = -s;
  if ((k.q + 1) & 2) c = -c;
  *sptr = canonical_nan(s);
  *cptr = canonical_nan(c);
}

// __nv_tanf: tan(t) = t + t^3 p(t^2) (t itself at |t| = 0x1.016878p-11); in an odd quadrant
// -1/tan(t) by rcp.approx.ftz.f32.
inline float tanf(float a) {
  const TrigReducedF k = trig_reducef(a);
  const float t = k.t;
  const float t2 = mul_rn(t, t);
  float p = std::fma(0x1.32p-7f, t2, 0x1.acp-9f);
  p = std::fma(p, t2, 0x1.8ep-6f);
  p = std::fma(p, t2, 0x1.b6p-5f);
  p = std::fma(p, t2, 0x1.112870p-3f);
  p = std::fma(p, t2, 0x1.55551p-2f);
  float r = std::fma(p, mul_rn(t2, t), t);
  if (std::fabs(t) == 0x1.016878p-11f) r = t;
  if (k.q & 1) r = cusim::sfu::rcp(-r);
  return canonical_nan(r);
}

}  // namespace cusim::libdevice
