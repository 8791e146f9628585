// CUDA's float inverse trigonometric functions and hypotf: asinf, acosf, atanf, atan2f and hypotf,
// step for step as libdevice (nvvm/libdevice/libdevice.10.bc: __nv_asinf, __nv_acosf, __nv_atanf,
// __nv_atan2f, __nv_hypotf) computes them for sm_90 without fast math (no flush to zero, IEEE
// division and square root), so that a simulated kernel gets the GPU's bits. Every step is an IEEE
// float operation that the CPU performs as the GPU does (std::fma for libdevice's fma.rn.f32; no
// product here feeds a plain add, so contraction cannot change a result), except the
// special-function unit's rsqrt.approx.ftz.f32 (asinf, acosf) and rcp.approx.ftz.f32 (atanf), which
// are the unit's own results bit for bit (sfu.hpp). A NaN result is whatever NaN the steps give;
// the GPU writes 0x7fffffff (canonical_nan).
#pragma once
#include <cusim/detail/libdevice_math.hpp>
#include <cusim/detail/sfu.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace cusim::libdevice {

// asinf and acosf's common start: for |a| above 0.56, sqrt((1 - |a|)/2) from the unit's reciprocal
// square root and one Newton step (0 at |a| = 1); below, |a| itself.
inline float asinf_reduced(float x) {
  if (!(x > 0x1.1eb852p-1f)) return x;
  const float t = std::fma(0.5f, -x, 0.5f);
  const float r = cusim::sfu::rsqrt(t);  // rsqrt.approx.ftz.f32
  const float s = r * t;
  const float h = 0.5f * r;
  const float e = std::fma(-s, h, 0.5f);
  const float y = std::fma(s, e, s);
  return x == 1.0f ? 0.0f : y;
}

// __nv_asinf: for |a| <= 0.56 asin(|a|) = z + z^3 p(z^2); above, pi/2 - 2 asin(sqrt((1 - |a|)/2)),
// pi/2 as the exact product of two floats in an fma; the sign of a copied.
inline float asinf(float a) {
  const float x = std::fabs(a);
  const float z = asinf_reduced(x);
  const float z2 = z * z;
  float p = std::fma(0x1.9ba5eep-5f, z2, 0x1.33952ep-6f);
  p = std::fma(p, z2, 0x1.7f21d0p-5f);
  p = std::fma(p, z2, 0x1.32799ep-4f);
  p = std::fma(p, z2, 0x1.555808p-3f);
  p = p * z2;
  const float k = std::fma(p, z, z);
  float r = k;
  if (x > 0x1.1eb852p-1f) r = std::fma(0x1.ddcb02p-1f, 0x1.aee9d6p+0f, -2.0f * k);
  if (r <= std::numeric_limits<float>::infinity()) r = std::copysign(r, a);  // not NaN
  return r;
}

// __nv_acosf: for |a| <= 0.56 pi/2 - asin(a), asin(a) = z + z^3 p(z^2); above, 2 asin(sqrt((1 -
// |a|)/2)) for a > 0, 2 (pi/2 - asin(...)) for a < 0.
inline float acosf(float a) {
  const float x = std::fabs(a);
  const float z = std::copysign(asinf_reduced(x), a);
  const float z2 = z * z;
  float p = std::fma(0x1.21d9dep-5f, z2, 0x1.163576p-6f);
  p = std::fma(p, z2, 0x1.f80518p-6f);
  p = std::fma(p, z2, 0x1.6e4272p-5f);
  p = std::fma(p, z2, 0x1.3327b6p-4f);
  p = std::fma(p, z2, 0x1.55558cp-3f);
  p = p * z2;
  const float k = std::fma(p, z, z);
  const bool large = x > 0x1.1eb852p-1f;
  const float w = std::fma(0x1.ddcb02p-1f, 0x1.aee9d6p+0f, large ? k : -k);
  const float r = a > 0x1.1eb852p-1f ? k : w;
  return large ? 2.0f * r : r;
}

// __nv_atanf: for |a| > 1, pi/2 - atan(1/|a|), 1/|a| from the unit (rcp.approx.ftz.f32, inline PTX in
// libdevice; above 2^126 it flushes to 0); atan(t) = t + t^3 p(t^2); the sign of a copied.
inline float atanf(float a) {
  const float x = std::fabs(a);
  const float t = x > 1.0f ? cusim::sfu::rcp(x) : x;
  const float s = t * t;
  float p = std::fma(0x1.412154p-9f, s, -0x1.d7c29ep-7f);
  p = std::fma(p, s, 0x1.4672fcp-5f);
  p = std::fma(p, s, -0x1.2914f4p-4f);
  p = std::fma(p, s, 0x1.aed642p-4f);
  p = std::fma(p, s, -0x1.223d10p-3f);
  p = std::fma(p, s, 0x1.995ec0p-3f);
  p = std::fma(p, s, -0x1.55544ep-2f);
  p = p * s;
  float r = std::fma(p, t, t);
  if (x > 1.0f) r = std::fma(0x1.ddcb02p-1f, 0x1.aee9d6p+0f, -r);
  if (x <= std::numeric_limits<float>::infinity()) r = std::copysign(r, a);  // not NaN
  return r;
}

// __nv_atan2f: atan of the smaller magnitude over the larger (div.rn.f32) by a polynomial, then the
// octant (pi/2 and pi as exact products of two floats in an fma); a zero larger magnitude gives 0
// or pi, equal magnitudes pi/4 or 3 pi/4; the sign of a copied; NaN if either argument is.
inline float atan2f(float a, float b) {
  const float bx = std::fabs(b), ax = std::fabs(a);
  const bool steep = ax > bx;
  const float big = steep ? ax : bx, small = steep ? bx : ax;
  const float q = small / big;
  const float s = q * q;
  float p = std::fma(0x1.66e216p-9f, s, -0x1.00ee90p-6f);
  p = std::fma(p, s, 0x1.59b564p-5f);
  p = std::fma(p, s, -0x1.325a20p-4f);
  p = std::fma(p, s, 0x1.b3d4d8p-4f);
  p = std::fma(p, s, -0x1.22f962p-3f);
  p = std::fma(p, s, 0x1.9979c0p-3f);
  p = std::fma(p, s, -0x1.5554fap-2f);
  p = p * s;
  const float k = std::fma(p, q, q);
  const bool negative_b = std::bit_cast<std::int32_t>(b) < 0;
  float t;
  if (steep)
    t = std::fma(0x1.ddcb02p-1f, 0x1.aee9d6p+0f, negative_b ? k : -k);
  else
    t = negative_b ? std::fma(0x1.ddcb02p+0f, 0x1.aee9d6p+0f, -k) : k;
  if (big == 0.0f)
    t = negative_b ? 0x1.921fb6p+1f : 0.0f;
  else if (bx == ax)
    t = negative_b ? 0x1.2d97c8p+1f : 0x1.921fb6p-1f;
  const float sum = bx + ax;
  if (!(std::fabs(sum) <= std::numeric_limits<float>::infinity())) return sum;  // a NaN argument
  return std::copysign(t, a);
}

// __nv_hypotf: both magnitudes scaled by a power of 2 from the larger's exponent (rounded down to
// even), sqrt.rn of the sum of squares (one fma), scaled back; the larger if the smaller is 0,
// +inf if the smaller is infinite (so inf beats NaN).
inline float hypotf(float a, float b) {
  const std::int32_t ia = std::bit_cast<std::int32_t>(std::fabs(a)), ib = std::bit_cast<std::int32_t>(std::fabs(b));
  const float lo = std::bit_cast<float>(ib <= ia ? ib : ia);
  const float hi = std::bit_cast<float>(ia >= ib ? ia : ib);
  const std::uint32_t d = (std::bit_cast<std::uint32_t>(hi) & 0xfe000000u) - 0x3f800000u + 0x00800000u;
  const float scale = std::bit_cast<float>(0x3f800000u - d);
  const float l = lo * scale, h = hi * scale;
  const float root = std::sqrt(std::fma(h, h, l * l));
  float r = root * std::bit_cast<float>(d + 0x3f800000u);
  if (lo == 0.0f) r = hi;
  if (lo == std::numeric_limits<float>::infinity()) r = std::numeric_limits<float>::infinity();
  return r;
}

}  // namespace cusim::libdevice
