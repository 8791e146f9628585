// CUDA's double exp2, exp10, expm1, sinh, cosh, tanh, log2, log10 and log1p, step for step as
// libdevice (nvvm/libdevice/libdevice.10.bc) computes them for sm_90 without fast math, so that a
// simulated kernel gets the GPU's bits, not the C library's. They share exp's and log's pieces
// (libdevice_math.hpp): exp's polynomial for e^r, |r| <= ln 2 / 2, and log itself, which log2,
// log10 and log1p (but near 0) call and scale. Every step is an IEEE operation the CPU performs as
// the GPU does (std::fma for fma.rn, mul_rn for a product that must not fuse into the add after
// it), except:
// - tanh's 2^k for an integer k, the special-function unit's ex2.approx.ftz.f32 (sfu::ex2);
// - rcp.approx.ftz.f64 (MUFU.RCP64H) in cosh's and tanh's reciprocals, and in log's, which
//   log2, log10 and log1p call: rcp_approx_ftz (libdevice_math.hpp), bit for bit.
// Checked against an H200 over 2^18 arguments a function, and by
// tests/plain_cuda/100_cuda_standard_math.cu.
#pragma once
#include <cusim/detail/libdevice_math.hpp>
#include <cusim/detail/sfu.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace cusim::libdevice {

namespace exp_log_detail {

inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr double kLog2e = 0x1.71547652b82fep0;
inline constexpr double kLn2Hi = 0x1.62e42fefa39efp-1;
inline constexpr double kLn2Lo = 0x1.abc9e3b39803fp-56;
inline constexpr double kShifter = 0x1.8p52;  // 1.5 2^52: adding it rounds to an integer in the low word

// x with its high word plus k (modulo 2^32, as the GPU's integer add): x 2^(k / 2^20) where that
// stays a normal number.
inline double add_hi(double x, std::uint32_t k) {
  return from_words(lo32(x), static_cast<std::int32_t>(static_cast<std::uint32_t>(hi32(x)) + k));
}
inline std::uint32_t shl20(std::int32_t i) { return static_cast<std::uint32_t>(i) << 20; }
// 2^j for an integer j of the exponent's range, as a word pair.
inline double pow2(std::int32_t j) { return from_words(0, static_cast<std::int32_t>(shl20(j) + 0x3ff00000u)); }
// |x| as a float's bits: the GPU's compare of a double's high word (__internal_fast_icmp_abs_lt).
inline float hi_as_float(double x) { return std::bit_cast<float>(hi32(x)); }

// The end of exp, exp2 and exp10: 2^i p, i from the shifted product's low word; outside |a| <
// fast (a's high word read as a float), 0 or inf (NaN for NaN) unless |a| < scaled, where 2^i is
// applied in two steps.
inline double exp_finish(double a, double p, std::int32_t i, std::uint32_t fast, std::uint32_t scaled) {
  const float magnitude = std::fabs(hi_as_float(a));
  if (magnitude < std::bit_cast<float>(fast)) return add_hi(p, shl20(i));
  double z = hi32(a) < 0 ? 0.0 : kInf;
  if (!(std::fabs(a) <= kInf)) z = a + a;
  if (magnitude < std::bit_cast<float>(scaled)) {
    const std::int32_t half = i / 2;
    z = add_hi(p, shl20(half)) * pow2(i - half);
  }
  return z;
}

// __internal_expm1_scaled's core: e^z - 1 for |z| <= ln 2 / 2 by a polynomial, q = z + z^2 P(z).
inline double expm1_poly(double z) {
  double p = std::fma(0x1.1f4076acd15b6p-29, z, 0x1.af86d8ebd13cdp-26);
  p = std::fma(p, z, 0x1.27e5092ba033dp-22);
  p = std::fma(p, z, 0x1.71dde6c5f9da1p-19);
  p = std::fma(p, z, 0x1.a01a018d034e6p-16);
  p = std::fma(p, z, 0x1.a01a01b3b6940p-13);
  p = std::fma(p, z, 0x1.6c16c16c1b5ddp-10);
  p = std::fma(p, z, 0x1.111111110f74dp-7);
  p = std::fma(p, z, 0x1.555555555554dp-5);
  p = std::fma(p, z, 0x1.5555555555557p-3);
  p = std::fma(p, z, 0.5);
  return std::fma(p * z, z, z);
}

// __internal_expm1_scaled(a, scale): 2^scale (e^a - 1), as 2^i (e^r - 1) + (2^i - 2^scale) for
// a = (i - scale) ln 2 + r (doubled in two steps for i = 1024); for |a| below about 0.406 r is a
// and i is 0, and a zero or tiny a (its high word, doubled, zero) is returned as it is.
inline double expm1_scaled(double a, std::int32_t scale) {
  const std::uint32_t twice_hi = static_cast<std::uint32_t>(hi32(a)) * 2u;
  const double shifted = std::fma(a, kLog2e, kShifter);
  std::int32_t i = static_cast<std::int32_t>(static_cast<std::uint32_t>(lo32(shifted)) + static_cast<std::uint32_t>(scale));
  const double k = shifted + -kShifter;
  double z = std::fma(k, -kLn2Hi, a);
  z = std::fma(k, -kLn2Lo, z);
  if (twice_hi < 2142496327u) {  // |a| below 0x3fd9f323 in the high word
    z = a;
    i = 0;
  }
  const double q = expm1_poly(z);
  const std::int32_t j = i == 1024 ? 1023 : i;
  const double s = pow2(j);
  double t = std::fma(q, s, s - pow2(scale));
  if (i == 1024) t = t + t;
  if (twice_hi == 0) t = z;
  return t;
}

}  // namespace exp_log_detail

// __nv_exp2: a = i + f (i by the 1.5 2^52 shift), 2^f = e^(f ln 2), ln 2 in two parts.
inline double exp2(double a) {
  using namespace exp_log_detail;
  const double shifted = a + kShifter;
  const double k = shifted + -kShifter;
  const std::int32_t i = lo32(shifted);
  const double f = a - k;
  const double r = std::fma(f, kLn2Hi, f * kLn2Lo);
  return exp_finish(a, exp_poly(r), i, 0x408ff000u, 0x4090cc00u);
}

// __nv_exp10: a = i log10(2) + f, log10(2) in two parts; 10^f = e^(f ln 10), ln 10 in two parts.
inline double exp10(double a) {
  using namespace exp_log_detail;
  const double shifted = std::fma(a, 0x1.a934f0979a371p1, kShifter);
  const std::int32_t i = lo32(shifted);
  const double k = shifted + -kShifter;
  double f = std::fma(k, -0x1.34413509f79ffp-2, a);
  f = std::fma(k, 0x1.9dc1da994fd21p-59, f);
  const double r = std::fma(f, 0x1.26bb1bbb55516p1, f * -0x1.f48ad494ea3e9p-53);
  return exp_finish(a, exp_poly(r), i, 0x40733a71u, 0x407439b8u);
}

// __nv_expm1: a between -53 and about 709.78 (high words read as floats) by expm1_scaled;
// otherwise -1 or +inf (NaN for NaN).
inline double expm1(double a) {
  using namespace exp_log_detail;
  const float h = hi_as_float(a);
  if (h < std::bit_cast<float>(0x40862e43u) && h > std::bit_cast<float>(0xc04a8000u)) return expm1_scaled(a, 0);
  double t = hi32(a) < 0 ? -1.0 : kInf;
  if (!(std::fabs(a) <= kInf)) t = a + a;
  return t;
}

// __nv_cosh: for |a| below about 710.48, e^|a| / 4 (exp's steps, the scale 2^(i-2)) plus its
// reciprocal (rcp.approx.ftz.f64 and a Newton step) / 16, doubled; above, +inf (NaN for NaN).
inline double cosh(double a) {
  using namespace exp_log_detail;
  const double x = from_words(lo32(a), hi32(a) & 0x7fffffff);
  double v;
  if (static_cast<std::uint32_t>(hi32(x)) < 0x408633cfu) {
    const double shifted = std::fma(x, kLog2e, kShifter);
    const std::int32_t i = lo32(shifted);
    const double k = shifted + -kShifter;
    double r = std::fma(k, -kLn2Hi, x);
    r = std::fma(k, -kLn2Lo, r);
    const double quarter = add_hi(exp_poly(r), shl20(i - 2));
    v = std::fma(reciprocal(quarter), 0.0625, quarter);
  } else {
    v = a <= kInf ? kInf : a;
  }
  return v + v;
}

// __nv_sinh: below 1 an odd polynomial; above, t = (e^x - 1) / 2 (expm1_scaled with scale -1) and
// t + t / (2t + 1), +inf from about 710.48 on; the sign of a copied.
inline double sinh(double a) {
  using namespace exp_log_detail;
  const double x = from_words(lo32(a), hi32(a) & 0x7fffffff);
  double z;
  if ((hi32(a) & 0x7fffffff) < 0x3ff00000) {
    const double x2 = x * x;
    double p = std::fma(0x1.b4c75ab274c53p-41, x2, 0x1.611a561d87defp-33);
    p = std::fma(p, x2, 0x1.ae64671b18f5cp-26);
    p = std::fma(p, x2, 0x1.71de3a465b1e4p-19);
    p = std::fma(p, x2, 0x1.a01a01a02899dp-13);
    p = std::fma(p, x2, 0x1.11111111110a6p-7);
    p = std::fma(p, x2, 0x1.5555555555556p-3);
    z = std::fma(p * x2, x, x);
  } else {
    const double t = expm1_scaled(x, -1);
    const double e = std::fma(2.0, t, 1.0);
    z = t + t / e;
    if (x >= 0x1.633ce8fb9f87ep9) z = kInf;
  }
  return std::copysign(z, a);
}

// __nv_tanh: from |a| = 0.655 on, 1 - 2 / (e^(2|a|) + 1), e^(2|a|) as 2^k (the unit's ex2 of the
// float k) times e^r, k = 2|a| log2(e) rounded in float; 1 from about 19.06 on; the sign of a
// copied. Below, an odd polynomial.
inline double tanh(double a) {
  using namespace exp_log_detail;
  const std::int32_t h = hi32(a) & 0x7fffffff;
  const double x = from_words(lo32(a), h);
  if (x >= 0x1.4f92224dd2f1ap-1) {
    const double two = x + x;
    const float kf = std::nearbyint(static_cast<float>(two) * 0x1.715476p0f);  // cvt.rni: ties to even
    const double kd = static_cast<double>(kf);
    const double r = std::fma(-kd, kLn2Hi, two);
    double p = std::fma(0x1.ae904a4741b81p-26, r, 0x1.28a27f89b6999p-22);
    p = std::fma(p, r, 0x1.71de715ff7e07p-19);
    p = std::fma(p, r, 0x1.a019a6b0ac45ap-16);
    p = std::fma(p, r, 0x1.a01a017eed94fp-13);
    p = std::fma(p, r, 0x1.6c16c17f2a71bp-10);
    p = std::fma(p, r, 0x1.11111111173c4p-7);
    p = std::fma(p, r, 0x1.555555555211ap-5);
    p = std::fma(p, r, 0x1.5555555555540p-3);
    p = std::fma(p, r, 0x1.0000000000005p-1);
    const double u = std::fma(p * r, r, r);  // e^r - 1
    const double s = static_cast<double>(cusim::sfu::ex2(kf));
    const double d = std::fma(-u, s, 1.0 - s);  // 1 - e^(2x)
    const double q = reciprocal(2.0 - d);
    const double t = h >= 1077088194 ? 1.0 : std::fma(2.0, -q, 1.0);
    return std::copysign(t, a);
  }
  const double x2 = a * a;
  double p = std::fma(-0x1.0bc46e2f5e964p-16, x2, 0x1.4359f420afc3dp-14);
  p = std::fma(p, x2, -0x1.df9f0728c5d84p-13);
  p = std::fma(p, x2, 0x1.337d1cec4f033p-11);
  p = std::fma(p, x2, -0x1.7d6e9674335b3p-10);
  p = std::fma(p, x2, 0x1.d6d000d7aad3dp-9);
  p = std::fma(p, x2, -0x1.226e1f3cf1ef5p-7);
  p = std::fma(p, x2, 0x1.664f47ec0c8cfp-6);
  p = std::fma(p, x2, -0x1.ba1ba1b80ab40p-5);
  p = std::fma(p, x2, 0x1.111111110fa4ap-3);
  p = std::fma(p, x2, -0x1.5555555555550p-2);
  p = std::fma(p, x2, 0.0);
  return std::fma(p, a, a);
}

// __nv_log2: log(a) times log2(e) in two parts.
inline double log2(double a) {
  const double q = log(a);
  return std::fma(q, 0x1.71547652b82fep0, q * 0x1.777d0ffda0d24p-56);
}

// __nv_log10: log(a) times log10(e) in two parts.
inline double log10(double a) {
  const double q = log(a);
  return std::fma(q, 0x1.bcb7b1526e50ep-2, q * 0x1.95355baaafad3p-57);
}

// __nv_log1p: for a in (-0.4, 0.667) (high words read as floats) 2 atanh(a / (a + 2)) by a
// polynomial, the quotient (div.rn) corrected; otherwise log(a + 1).
inline double log1p(double a) {
  using namespace exp_log_detail;
  const float h = hi_as_float(a);
  if (h < std::bit_cast<float>(0x3fe55555u) && h > std::bit_cast<float>(0xbfd99999u)) {
    const double q = a / (a + 2.0);
    const double aq = mul_rn(a, q);
    const double t = a - aq;  // a (1 - q) = 2a / (a + 2)
    const double t2 = t * t;
    double p = std::fma(0x1.372fb2fbe14b5p-20, t2, 0x1.087ffceb2dc44p-18);
    p = std::fma(p, t2, 0x1.3b9ff890f468cp-16);
    p = std::fma(p, t2, 0x1.7457efd51baf8p-14);
    p = std::fma(p, t2, 0x1.c71c8de3ce825p-12);
    p = std::fma(p, t2, 0x1.249248fa4661fp-9);
    p = std::fma(p, t2, 0x1.99999999d70c4p-7);
    p = std::fma(p, t2, 0x1.5555555555462p-4);
    return std::fma(p * t2, t, -aq) + a;
  }
  return log(a + 1.0);
}

}  // namespace cusim::libdevice
