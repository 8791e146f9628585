// CUDA's float exponentials and hyperbolic functions, step for step as libdevice
// (nvvm/libdevice/libdevice.10.bc) computes them for sm_90 without fast math (__CUDA_FTZ 0):
// expf, exp2f, exp10f, sinhf, coshf, tanhf; expm1f is libdevice_math.hpp's. Every step is an IEEE
// operation the CPU performs as the GPU does (std::fma for fma.rn, mul_rn for mul.rn, a plain
// product where libdevice's is a plain fmul, which nvcc may contract with an add after it as the
// host compiler does), except the special-function unit's ex2.approx.ftz.f32 and rcp.approx.ftz.f32
// (sfu.hpp, bit for bit) and ex2.approx.f32 (sfu::ex2_f32, ptxas's expansion around the unit).
// A NaN result is the GPU's canonical NaN 0x7fffffff.
#pragma once
#include <cusim/detail/libdevice_math.hpp>
#include <cusim/detail/sfu.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace cusim::libdevice {

// expf and exp10f's scale: fma.rm.f32(cvt.sat(fma(a, c / 252, 0.5)), 252, 2^23 + 2^22 + 1), an
// integer 2^23 + 2^22 + 1 + floor(252 s) (s in [0, 1], 252 s exact in double; the sum is below
// 2^24, where a float's unit in the last place is 1).
inline float exp_scale_rm(float a, float c252) {
  const float u = std::fma(a, c252, 0.5f);
  const float s = u > 0.0f ? (u < 1.0f ? u : 1.0f) : 0.0f;  // cvt.sat.f32: NaN to +0
  return static_cast<float>(std::floor(static_cast<double>(s) * 252.0) + 12582913.0);  // 0x4b400001
}

// __internal_accurate_expf / __internal_accurate_exp10f: a = (k + f) / c with k an integer in
// [-126, 126] (the saturated fma.rm above, minus 2^23 + 2^22 + 127), f = a c - k with c in two
// parts; the unit's 2^f times 2^k, 2^k the exponent field of the rounded integer's bits shifted up.
inline float exp_accurate(float a, float c_hi, float c_lo, float c252) {
  const float n = exp_scale_rm(a, c252);
  const float k = n + std::bit_cast<float>(0xcb40007fu);  // add.f32, -(2^23 + 2^22 + 127): exact
  float f = std::fma(a, c_hi, -k);
  f = std::fma(a, c_lo, f);
  const float scale = std::bit_cast<float>(std::bit_cast<std::uint32_t>(n) << 23);
  return canonical_nan(cusim::sfu::ex2(f) * scale);  // a plain mul.f32, as in libdevice
}

// __nv_expf: log2(e) = 0x3fb8aa3b + 0x32a57060; log2(e) / 252 folded at compile time (0x3bbb989d).
inline float expf(float a) {
  constexpr float c_hi = std::bit_cast<float>(0x3fb8aa3bu);
  return exp_accurate(a, c_hi, std::bit_cast<float>(0x32a57060u), c_hi / 252.0f);
}

// __nv_exp10f: log2(10) = 0x40549a78 + 0x33979a37; log2(10) / 252 folded (0x3c57fa62).
inline float exp10f(float a) {
  constexpr float c_hi = std::bit_cast<float>(0x40549a78u);
  return exp_accurate(a, c_hi, std::bit_cast<float>(0x33979a37u), c_hi / 252.0f);
}

// __nv_exp2f: ex2.approx.f32, the unit's 2^x (arguments below -126 as the square of 2^(x/2)).
inline float exp2f(float a) { return canonical_nan(cusim::sfu::ex2_f32(a)); }

// div.approx.ftz.f32: a times the unit's reciprocal of b, operands and product flushed to zero
// (for |b| above 2^126 the reciprocal flushes to zero, so the quotient is zero).
inline float div_approx_ftz(float a, float b) {
  const auto flush = [](float x) { return std::fabs(x) < 0x1p-126f ? std::copysign(0.0f, x) : x; };
  return flush(mul_rn(flush(a), cusim::sfu::rcp(flush(b))));
}

// sinhf and coshf's e^|a| / 4, from __internal_expf_kernel: j = trunc(|a| log2(e)) (mul.rn, then
// cvt.rzi) at most 126, f = |a| - j ln 2 in two parts, the unit's 2^(f log2(e)) times 2^(j - 2),
// 2^(j - 2) the exponent field of the bits of j + 2^23 + 2^22 + 125.
inline float exp_quarter(float x) {
  constexpr float log2e = std::bit_cast<float>(0x3fb8aa3bu);
  float j = std::trunc(mul_rn(x, log2e));
  if (std::fabs(j) > 126.0f) j = std::copysign(126.0f, j);
  float f = std::fma(j, -std::bit_cast<float>(0x3f317218u), x);
  f = std::fma(j, std::bit_cast<float>(0x3102e308u), f);
  const float scale = std::bit_cast<float>(std::bit_cast<std::uint32_t>(j + std::bit_cast<float>(0x4b40007du)) << 23);
  return cusim::sfu::ex2(f * log2e) * scale;  // plain mul.f32 twice
}

// __nv_sinhf: from |a| = 1 on, 2 (e^|a| / 4) - (1/8) / (e^|a| / 4) (div.approx.ftz), the sign of a
// copied; below, a + a^3 p(a^2).
inline float sinhf(float a) {
  const float x = std::fabs(a);
  if (x >= 1.0f) {
    const float e = exp_quarter(x);
    return canonical_nan(std::copysign(std::fma(2.0f, e, div_approx_ftz(-0.125f, e)), a));
  }
  const float a2 = a * a;
  float p = std::fma(std::bit_cast<float>(0x363d0adau), a2, std::bit_cast<float>(0x394fff49u));
  p = std::fma(p, a2, std::bit_cast<float>(0x3c08889au));
  p = std::fma(p, a2, std::bit_cast<float>(0x3e2aaaabu));
  return canonical_nan(std::fma(a2 * p, a, a));
}

// __nv_coshf: 2 (e^|a| / 4) + (1/8) / (e^|a| / 4) (div.approx.ftz) for every a.
inline float coshf(float a) {
  const float e = exp_quarter(std::fabs(a));
  return canonical_nan(std::fma(2.0f, e, div_approx_ftz(0.125f, e)));
}

// __nv_tanhf: from |a| = 0.6 on, 1 - 2 / (1 + 2^(2 |a| log2(e))) (the unit's 2^x and rcp.approx.ftz),
// 1 from 9.0109 on, the sign of a copied; below, a + a^3 p(a^2) (with an fma(p, a^2, +0) that keeps
// tanhf(-0) = -0).
inline float tanhf(float a) {
  const float x = std::fabs(a);
  if (x >= std::bit_cast<float>(0x3f19999au)) {
    const float e = cusim::sfu::ex2(x * std::bit_cast<float>(0x4038aa3bu));
    const float r = cusim::sfu::rcp(1.0f + e);
    const float s = x >= std::bit_cast<float>(0x41102cb4u) ? 1.0f : std::fma(r, -2.0f, 1.0f);
    return std::copysign(s, a);
  }
  const float a2 = a * a;
  float p = std::fma(std::bit_cast<float>(0x3c80f082u), a2, std::bit_cast<float>(0xbd563caeu));
  p = std::fma(p, a2, std::bit_cast<float>(0x3e085941u));
  p = std::fma(p, a2, std::bit_cast<float>(0xbeaaa9edu));
  p = std::fma(p, a2, 0.0f);
  return canonical_nan(std::fma(p, a, a));
}

}  // namespace cusim::libdevice
