// libdevice's float powf and cbrtf (__nv_powf, __nv_cbrtf), step for step as nvcc compiles them for
// sm_90 without fast math (no flush to zero), so that a simulated kernel gets the GPU's bits. The
// IEEE steps are the CPU's own (std::fma for an fma.rn, mul_rn for a product kept apart from the add
// after it); the special-function unit's steps are sfu.hpp's bit-exact models: powf's reciprocal
// (rcp.approx.ftz.f32, an inline asm in libdevice) and cbrtf's lg2.approx.f32 and ex2.approx.ftz.f32.
#pragma once
#include <cusim/detail/libdevice_math.hpp>
#include <cusim/detail/sfu.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace cusim::libdevice {

// __internal_log2_ep: log2|a| as a head and a tail (hi + lo), |a| = 2^e m, m in [0.707, 1.414):
// 2 atanh((m-1)/(m+1)) / ln 2, the quotient u = 2(m-1)/(m+1) from the unit's reciprocal with its
// error d/(m+1) carried apart, an odd polynomial in u^2, and e plus u log2(e) in two parts.
struct Log2Ep {
  float hi, lo;
};
inline Log2Ep powf_log2_ep(float a) {
  float x = std::fabs(a), expo = 0.0f;
  if (x < 0x1p-126f) {  // denormal (or zero): scale by 2^24
    x = mul_rn(x, 0x1p24f);
    expo = -24.0f;
  }
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(x);
  const std::uint32_t e = (bits - 0x3f3504f3u) & 0xff800000u;
  const float m = std::bit_cast<float>(bits - e);
  const float ef = std::fma(static_cast<float>(static_cast<std::int32_t>(e)), 0x1p-23f, expo);
  const float f = m - 1.0f;
  const float g = m + 1.0f;
  const float r = cusim::sfu::rcp(g);  // rcp.approx.ftz.f32
  const float f2 = f + f;
  const float u = mul_rn(f2, r);
  const float v = mul_rn(u, u);
  // f - u with u rounded: PTX has mul.f32 then sub.f32, which ptxas leaves apart (an H200's results
  // say so: fused, 6% of powf's results differ, by up to 67 units in the last place).
  const float w = f - u;
  const float d = std::fma(-u, f, w + w);
  const float dr = mul_rn(r, d);  // mul.rn
  float p = std::fma(0x1.5865c8p-11f, v, 0x1.a5cfb6p-9f);
  p = std::fma(p, v, 0x1.2776e6p-6f);
  p = std::fma(p, v, 0x1.ec709ep-4f);
  const float pv = mul_rn(p, v);  // mul.rn
  const float head = std::fma(u, 0x1.715476p0f, ef);
  float tail = std::fma(u, 0x1.715476p0f, ef - head);
  tail = std::fma(dr, 0x1.715476p0f, tail);
  tail = std::fma(u, 0x1.4abc68p-26f, tail);
  tail = std::fma(pv * 3.0f, dr, tail);
  tail = std::fma(pv, u, tail);
  const float hi = head + tail;  // add.rn
  const float lo = tail - (hi - head);
  return {hi, lo};
}

// __internal_accurate_powf's 2^(hi + lo): n = hi rounded (to even), 2^(hi - n + lo) by a
// polynomial, times 2^n in two factors; 0 or +inf beyond |hi| = 152.
inline float powf_exp2(float hi, float lo) {
  const float n = std::nearbyint(hi);  // cvt.rni
  const float f = (hi - n) + lo;
  float q = std::fma(0x1.3f971cp-13f, f, 0x1.5f0bdap-10f);
  q = std::fma(q, f, 0x1.3b30acp-7f);
  q = std::fma(q, f, 0x1.c6af76p-5f);
  q = std::fma(q, f, 0x1.ebfbd8p-3f);
  q = std::fma(q, f, 0x1.62e430p-1f);
  q = std::fma(q, f, 1.0f);
  const std::uint32_t bias = n > 0.0f ? 0u : 0x83000000u;
  const float s1 = std::bit_cast<float>(0x7f000000u + bias);  // 2^127 or 2^-123
  const float s2 = std::bit_cast<float>((static_cast<std::uint32_t>(to_int_rz(n)) << 23) - bias);
  float t = mul_rn(mul_rn(q, s1), s2);
  if (std::fabs(hi) > 152.0f) t = hi < 0.0f ? 0.0f : std::numeric_limits<float>::infinity();
  return t;
}

// __nv_powf: 2^(b log2|a|) with log2|a| and the product in two parts, then C's special cases: 1 for
// a = 1 or b = 0, NaN (a + b) for a NaN, zeros and infinities of a by the signs, 1 for (-1)^+-inf, the
// sign of a negative a to an odd integer, NaN for a negative a to a non-integer.
inline float powf(float a, float b) {
  const float half = std::trunc(mul_rn(0.5f, b));
  const bool odd = std::fabs(b - (half + half)) == 1.0f;
  const Log2Ep l = powf_log2_ep(a);
  const float ph = mul_rn(l.hi, b);  // mul.rn
  const float pl = std::fma(l.lo, b, std::fma(l.hi, b, -ph));
  const float t = powf_exp2(ph, pl);
  if (a == 1.0f || b == 0.0f) return 1.0f;
  if (std::isnan(a) || std::isnan(b)) return canonical_nan(a + b);
  if (a == 0.0f || std::fabs(a) == std::numeric_limits<float>::infinity()) {
    std::uint32_t bits = std::bit_cast<std::uint32_t>(a + a);
    if (b < 0.0f) bits ^= 0x7f800000u;
    if (!odd) bits &= 0x7fffffffu;
    return std::bit_cast<float>(bits);
  }
  if (a == -1.0f && std::fabs(b) == std::numeric_limits<float>::infinity()) return 1.0f;
  if (a < 0.0f) {
    if (b != std::floor(b)) return canonical_nan(std::numeric_limits<float>::quiet_NaN());
    return odd ? -t : t;
  }
  return t;
}

// __nv_cbrtf: r = 2^(-2/3 log2|a|) from the unit (lg2.approx.f32, ex2.approx.ftz.f32), s = |a| r,
// then one step s + (s/3) (1 - s^2 r); the sign of a copied; zeros, infinities and NaN as a + a.
inline float cbrtf(float a) {
  const float x = std::fabs(a);
  const float r = cusim::sfu::ex2(mul_rn(cusim::sfu::lg2_f32(x), -0x1.555556p-1f));
  const float s = mul_rn(x, r);
  const float c = std::fma(s, -mul_rn(r, s), 1.0f);
  float t = std::fma(s, mul_rn(c, 0x1.555556p-2f), s);
  if (a < 0.0f) t = -t;
  const float twice = a + a;
  return canonical_nan(twice == a ? twice : t);
}

}  // namespace cusim::libdevice
