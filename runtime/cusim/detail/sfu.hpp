// The GPU's special-function unit (MUFU) for sine, cosine, base-2 powers and logarithms,
// reciprocal square roots and reciprocals, bit for bit as an H200 computes them: __sinf, __cosf,
// __sincosf (sin.approx.f32, cos.approx.f32), ex2.approx.ftz.f32, lg2.approx.ftz.f32,
// rsqrt.approx.ftz.f32 and rcp.approx.ftz.f32, on which cuRAND's float normals, log-normals and
// Poisson counts and CUDA's expf rest.
//
// What the unit does, measured (tools/gpu-probes/mufu_probe.cu, mufu_check_probe.cu):
// - sin.approx(x) is MUFU.SIN of x times 1/(2 pi) (0x3e22f983) rounded toward zero: the angle in
//   turns. The unit keeps the turns' fraction in 25 bits, truncated (T = floor(|t| 2^25) mod
//   2^25). Within a half turn (24 bits, F) the sine of F and of 2^24 - 1 - F are one result (the
//   mirror is a ones' complement), the second half turn is the first negated, and a negative angle
//   negates the result. Cosine is the sine a quarter turn on (T + 2^23), whatever the sign.
// - ex2.approx.ftz(x) truncates x toward zero to 23 fraction bits; 2^x is the table value of the
//   fraction times 2 to the integer part, with separate tables for positive and negative x
//   (2^-f is not 2^(1-f)/2 in the unit). Results below 2^-126 flush to +0.
// - lg2.approx.ftz(x), x = 2^e m, m in [1, 2): the unit's log2 of m is a fixed-point L with 36
//   fraction bits; the result is e + L with its magnitude truncated to a float, a negative sum's
//   magnitude being the ones' complement 2^36 |e| - L - 1 (in units of 2^-36). lg2(1) is +0 (not
//   L(0), about 1.07e-7); a denormal is -inf, a negative number NaN.
// - rsqrt.approx.ftz(x) is 2^-floor(e/2) times the unit's value for m (e even) or 2m (e odd);
//   rcp.approx.ftz(x) is 2^-e times its value for m, the sign kept and a result below 2^-126
//   flushed to zero. The unit's NaN is 0x7fffffff, whatever its argument's.
// - The first quadrant's 2^23 sines, the 2^23 values each of 2^f, 2^-f, 1/sqrt(m), 1/sqrt(2m)
//   and 1/m, and L for every m, are a piecewise
//   model fitted to the unit's results over every one of those inputs (tools/gpu-probes/sfu_fit.py):
//   a quadratic in each segment plus terms in the bits, and pairs of bits, of the offset into the
//   segment, which is how the unit's truncated multipliers and squarer err. Every input gives the
//   GPU's result; 2^20 random arguments of every sign and size, infinities and NaNs included, were
//   checked against the H200 through the whole path above.
//
// The GPU's compiler (ptxas) evaluates one of these instructions whose argument is a constant when
// it compiles, correctly rounded, not as the unit would (tools/gpu-probes/sfu_fold_probe.cu: 256
// constants of each function, every one the correctly rounded value): cuRAND's __cr_log(lambda)
// for a literal lambda is such a case. The inline functions below do the same where the host
// compiler's optimiser knows the argument (__builtin_constant_p, after inlining, at -O1 and
// above); the unit:: functions are the unit's run-time results.
#pragma once

#include <cmath>

namespace cusim::sfu {
namespace unit {

// sin.approx.f32 / cos.approx.f32 (__sinf, __cosf): the angle in radians.
float sin(float radians);
float cos(float radians);
// __sincosf: both from one reduction of the angle.
void sincos(float radians, float* sine, float* cosine);
// ex2.approx.ftz.f32, lg2.approx.ftz.f32, rsqrt.approx.ftz.f32, rcp.approx.ftz.f32.
float ex2(float x);
float lg2(float x);
float rsqrt(float x);
float rcp(float x);

}  // namespace unit

[[gnu::always_inline]] inline float sin(float x) {
  return __builtin_constant_p(x) ? static_cast<float>(std::sin(static_cast<double>(x))) : unit::sin(x);
}
[[gnu::always_inline]] inline float cos(float x) {
  return __builtin_constant_p(x) ? static_cast<float>(std::cos(static_cast<double>(x))) : unit::cos(x);
}
[[gnu::always_inline]] inline void sincos(float x, float* sine, float* cosine) {
  if (__builtin_constant_p(x)) {
    *sine = static_cast<float>(std::sin(static_cast<double>(x)));
    *cosine = static_cast<float>(std::cos(static_cast<double>(x)));
  } else {
    unit::sincos(x, sine, cosine);
  }
}
[[gnu::always_inline]] inline float ex2(float x) {
  return __builtin_constant_p(x) ? static_cast<float>(std::exp2(static_cast<double>(x))) : unit::ex2(x);
}
[[gnu::always_inline]] inline float lg2(float x) {
  return __builtin_constant_p(x) ? static_cast<float>(std::log2(static_cast<double>(x))) : unit::lg2(x);
}
[[gnu::always_inline]] inline float rsqrt(float x) {
  return __builtin_constant_p(x) ? static_cast<float>(1.0 / std::sqrt(static_cast<double>(x))) : unit::rsqrt(x);
}
[[gnu::always_inline]] inline float rcp(float x) {
  return __builtin_constant_p(x) ? static_cast<float>(1.0 / static_cast<double>(x)) : unit::rcp(x);
}

// The .approx.f32 forms without .ftz (CUDA's fast-math intrinsics use them), as ptxas expands
// them around the unit, which flushes denormals (read from an H200's SASS of
// tests/plain_cuda/95_fast_math_intrinsics_exact.cu): a denormal argument scaled by 2^24 first,
// and 2^x below 2^-126 as the square of 2^(x/2).
inline constexpr float kFloatMin = 0x1p-126f;
[[gnu::always_inline]] inline float lg2_f32(float x) {
  return std::fabs(x) < kFloatMin ? lg2(x * 0x1p24f) + -24.0f : lg2(x);
}
[[gnu::always_inline]] inline float rsqrt_f32(float x) {
  return std::fabs(x) < kFloatMin ? rsqrt(x * 0x1p24f) * 4096.0f : rsqrt(x);
}
[[gnu::always_inline]] inline float ex2_f32(float x) {
  if (x < -126.0f) {
    const float half = ex2(x * 0.5f);
    return half * half;
  }
  return ex2(x);
}
// div.approx.f32 (__fdividef): a times the reciprocal of b, both scaled by 2^24 where b is denormal
// or zero; for |b| above 2^126 the reciprocal flushes to zero.
[[gnu::always_inline]] inline float div_f32(float a, float b) {
  if (std::fabs(b) < kFloatMin) {
    a *= 0x1p24f;
    b *= 0x1p24f;
  }
  return rcp(b) * a;
}

}  // namespace cusim::sfu
