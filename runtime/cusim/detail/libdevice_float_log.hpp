// CUDA's float logarithms and inverse hyperbolic functions, step for step as libdevice
// (nvvm/libdevice/libdevice.10.bc) computes them and nvcc compiles them for sm_90 without fast
// math (no flush to zero): log2f, log10f, log1pf, asinhf, acoshf and atanhf. Every step is an IEEE
// operation that the CPU performs exactly as the GPU does (std::fma for fma.rn.f32; no product here
// is followed by an add that the host compiler could fuse), except:
// - add.rz.f32 (log1pf's 1 + x rounded toward zero): the sum rounded to nearest, its exact error
//   (Knuth's two-sum) telling whether it was rounded away from zero, then one step back;
// - the special-function unit's rsqrt.approx.ftz.f32 (asinhf, acoshf) and rcp.approx.ftz.f32
//   (asinhf, atanhf), its own results bit for bit (sfu.hpp).
// libdevice's logf is libdevice_math.hpp's logf; log10f is that logarithm times log10(e).
// A NaN result is the GPU's canonical 0x7fffffff (canonical_nan), as the unit and FMA give it.
#pragma once
#include <cusim/detail/libdevice_math.hpp>
#include <cusim/detail/sfu.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace cusim::libdevice {

// add.rz.f32: a + b rounded toward zero (no flush to zero).
inline float add_rz(float a, float b) {
  const float s = a + b;
  if (!std::isfinite(s)) {  // NaN, an infinite operand, or an overflow (rounded toward zero: the largest float)
    if (std::isinf(s) && std::isfinite(a) && std::isfinite(b)) return std::copysign(std::numeric_limits<float>::max(), s);
    return s;
  }
  const float bb = s - a;
  const float err = (a - (s - bb)) + (b - bb);  // s + err is a + b exactly
  if (err != 0.0f && std::signbit(err) != std::signbit(s)) return std::nextafter(s, 0.0f);
  return s;
}

// __nv_log2f (no flush to zero): m in [0.71, 1.41) times 2^e; log2(m) = f/ln 2 + f^2 P(f), f = m - 1.
inline float log2f(float a) {
  float x = a, e = 0.0f;
  if (a < 0x1p-126f) {  // subnormal (or not positive): scale by 2^23
    x = a * 0x1p23f;
    e = -23.0f;
  }
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(x);
  const std::uint32_t exponent = (bits - 0x3f3504f3u) & 0xff800000u;
  const float m = std::bit_cast<float>(bits - exponent);
  const float ef = std::fma(static_cast<float>(static_cast<std::int32_t>(exponent)), 0x1p-23f, e);
  const float f = m - 1.0f;
  float p = std::fma(0x1.8d64fep-4f, f, -0x1.58fe60p-3f);
  p = std::fma(p, f, 0x1.5f9e54p-3f);
  p = std::fma(p, f, -0x1.6e9c86p-3f);
  p = std::fma(p, f, 0x1.a417e8p-3f);
  p = std::fma(p, f, -0x1.ec7916p-3f);
  p = std::fma(p, f, 0x1.277f32p-2f);
  p = std::fma(p, f, -0x1.715492p-2f);
  p = std::fma(p, f, 0x1.ec7094p-2f);
  p = std::fma(p, f, -0x1.715476p-1f);
  const float q = std::fma(f, 0x1.715476p0f, (p * f) * f);
  float r = q + ef;
  if (bits >= 0x7f800000u)  // negative, infinite or NaN
    r = std::fma(x, std::numeric_limits<float>::infinity(), std::numeric_limits<float>::infinity());
  if (x == 0.0f) r = -std::numeric_limits<float>::infinity();
  return canonical_nan(r);
}

// __nv_log10f: logf's steps (libdevice_math.hpp), the result times log10(e); a zero gives -inf.
inline float log10f(float a) { return canonical_nan(logf(a) * 0x1.bcb7b2p-2f); }

// __nv_log1pf (no flush to zero): 1 + a rounded toward zero picks e, 1 + a = 2^e (1 + t), t in
// [-1/4, 1/2), t = (a - (2^e - 1)) 2^-e formed exactly from a's bits; log1p(t) by a polynomial,
// plus e ln 2. Below -1, +inf and NaN through fma(a, inf, inf); -0 kept.
inline float log1pf(float a) {
  const std::uint32_t s = std::bit_cast<std::uint32_t>(add_rz(a, 1.0f));
  const std::uint32_t exponent = (s - 0x3f400000u) & 0xff800000u;
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(a);
  const float m = std::bit_cast<float>(bits - exponent);
  const float scale = std::bit_cast<float>(0x40800000u - exponent);  // 4 2^-e
  const float t = std::fma(0.25f, scale, -1.0f) + m;
  const float ef = static_cast<float>(static_cast<std::int32_t>(exponent)) * 0x1p-23f;
  float p = std::fma(-0x1.737ef0p-5f, t, 0x1.b00024p-4f);
  p = std::fma(p, t, -0x1.0ef1c0p-3f);
  p = std::fma(p, t, 0x1.28c8eap-3f);
  p = std::fma(p, t, -0x1.54d1bap-3f);
  p = std::fma(p, t, 0x1.995f3cp-3f);
  p = std::fma(p, t, -0x1.000084p-2f);
  p = std::fma(p, t, 0x1.5555ccp-2f);
  p = std::fma(p, t, -0.5f);
  const float q = std::fma(t * p, t, t);
  float r = std::fma(ef, 0x1.62e430p-1f, q);
  if (bits >= 0x7f800000u) {  // negative, infinite or NaN
    if (static_cast<std::int32_t>(bits) > static_cast<std::int32_t>(0xbf800000u))  // below -1, +-inf, NaN
      r = std::fma(a, std::numeric_limits<float>::infinity(), std::numeric_limits<float>::infinity());
    if (a == 0.0f) r = -0.0f;
  }
  return canonical_nan(r);
}

// __nv_asinhf: log1p(|a| + a^2 / (1 + sqrt(1 + a^2))), sqrt(1 + a^2) + 1 as fma(w, rsqrt(w), 1) and
// the quotient by the unit's reciprocal; above 2^23 log1p(|a|) + ln 2. The sign of a copied (NaN
// left as it is).
inline float asinhf(float a) {
  const float z = std::fabs(a);
  const float w = std::fma(a, a, 1.0f);
  const float d = std::fma(w, cusim::sfu::rsqrt(w), 1.0f);
  const float q = z * cusim::sfu::rcp(d);
  const bool large = z > 0x1p23f;
  const float x = large ? z : std::fma(z, q, z);
  float r = log1pf(x);
  if (large) r = r + 0x1.62e430p-1f;
  return canonical_nan(z <= std::numeric_limits<float>::infinity() ? std::copysign(r, a) : r);
}

// __nv_acoshf: log1p((a - 1) + sqrt(a^2 - 1)), the root as w rsqrt(w) with one Newton step (the
// unit's rsqrt.approx.ftz); for a - 1 above 2^23 (or negative, or NaN) log1p((a - 1) - (1 + 2^-23))
// + ln 2.
inline float acoshf(float a) {
  const float d = a - 1.0f;
  const bool large = std::bit_cast<std::uint32_t>(d) > 0x4b000000u;
  const float w = std::fma(a, a, -1.0f);
  const float rs = cusim::sfu::rsqrt(w);
  const float s = w * rs;
  const float h = rs * 0.5f;
  const float e = std::fma(-s, s, w);
  float root = std::fma(e, h, s);
  if (w == 0.0f) root = 0.0f;
  if (large) root = -0x1.000002p0f;
  float r = log1pf(d + root);
  if (large) r = r + 0x1.62e430p-1f;
  return canonical_nan(r);
}

// __nv_atanhf: copysign(1/2, a) log1p(2|a| / (1 - |a|)), the quotient by the unit's reciprocal;
// above 2^126 log1p(-2) (NaN).
inline float atanhf(float a) {
  const float z = std::fabs(a);
  const float r = cusim::sfu::rcp(1.0f - z);
  const float t = z > 0x1p126f ? -2.0f : z * (r + r);
  return canonical_nan(std::copysign(0.5f, a) * log1pf(t));
}

}  // namespace cusim::libdevice
