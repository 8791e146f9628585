// CUDA's double cbrt, hypot, asinh, acosh and atanh, step for step as libdevice
// (nvvm/libdevice/libdevice.10.bc: __nv_cbrt, __nv_hypot, __nv_asinh, __nv_acosh, __nv_atanh)
// computes them for sm_90 without fast math, so that a simulated kernel gets the GPU's bits, not
// the C library's. asinh, acosh and atanh end in __nv_log1p, inlined, which is log1p here
// (libdevice_double_exp_log.hpp) and through it log (libdevice_math.hpp); hypot shares the double
// norms' scale (norm_scale, norm_unscale) and rsqrt_refined's Newton step. Every step is an IEEE
// operation the CPU performs as the GPU does (std::fma for fma.rn, mul_rn for a product that must
// not fuse into the add after it), except:
// - cbrt's first estimate, 2^(log2(m) / 3) in float: the special-function unit's
//   lg2.approx.ftz.f32 and ex2.approx.ftz.f32 (sfu::lg2, sfu::ex2), k by cvt.rni (ties to even);
// - rcp.approx.ftz.f64 (MUFU.RCP64H) in cbrt's and asinh's reciprocals and in log's:
//   rcp_approx_ftz (libdevice_math.hpp), bit for bit;
// - rsqrt.approx.ftz.f64 (MUFU.RSQ64H) in hypot, asinh and acosh: rsqrt_approx, bit for bit.
// Checked against an H200 over 2^18 arguments a function (pairs for hypot): every result's bits
// equal, NaN payloads included; and by tests/plain_cuda/100_cuda_standard_math.cu.
#pragma once
#include <cusim/detail/libdevice_double_exp_log.hpp>
#include <cusim/detail/libdevice_math.hpp>
#include <cusim/detail/sfu.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace cusim::libdevice {

// __nv_cbrt: |a| = m 2^(3k), m in about [1/2, 4) (a subnormal scaled by 2^54 first); r = m^(1/3)
// in float from the unit, then one Halley step r + r (m - r^3) / (2 r^3 + m), times 2^k, the sign
// of a copied; a zero, infinity or NaN gives a + a.
inline double cbrt(double a) {
  std::int32_t lo = lo32(a), hi = hi32(a) & 0x7fffffff;
  std::int32_t expo = static_cast<std::int32_t>(static_cast<std::uint32_t>(hi) >> 20), denorm = 0;
  if (expo == 0) {  // zero or subnormal: scale by 2^54
    const double s = from_words(lo, hi) * 0x1p54;
    lo = lo32(s);
    hi = hi32(s);
    expo = static_cast<std::int32_t>(static_cast<std::uint32_t>(hi) >> 20);
    denorm = 18;
  }
  const std::int32_t k = static_cast<std::int32_t>(std::nearbyint(static_cast<float>(expo - 1022) * 0x1.555556p-2f));
  const double m = from_words(lo, static_cast<std::int32_t>(static_cast<std::uint32_t>(hi) -
                                                            (static_cast<std::uint32_t>(3 * k) << 20)));
  const double r = cusim::sfu::ex2(cusim::sfu::lg2(static_cast<float>(m)) * 0x1.555556p-2f);  // the .ftz forms
  const double r2 = r * r;  // exact: r has 24 bits
  const double twice_r2 = exp_log_detail::add_hi(r2, 0x100000u);
  const double q = reciprocal(std::fma(twice_r2, r, m));
  const double y = std::fma(r, q * std::fma(r2, -r, m), r);
  const double t = exp_log_detail::add_hi(y, static_cast<std::uint32_t>(k - denorm) << 20);
  const double twice = a + a;
  // setp.equ: unordered or equal, i.e. NaN, zero or infinity.
  if (twice != twice || twice == a) return twice;
  return std::copysign(t, a);
}

// __nv_hypot: the magnitudes ordered by their bits, both scaled by the double norms' power of 2
// (an exponent a multiple of 4 bringing the larger near 1); the sum of squares (capped at the
// largest double, so a NaN becomes that) times its refined reciprocal square root, scaled back.
// A zero smaller gives the larger; an infinite or NaN smaller (so both are) gives the smaller.
inline double hypot(double a, double b) {
  const std::uint64_t ia = std::bit_cast<std::uint64_t>(magnitude(a)), ib = std::bit_cast<std::uint64_t>(magnitude(b));
  const double small = std::bit_cast<double>(ib <= ia ? ib : ia), large = std::bit_cast<double>(ia >= ib ? ia : ib);
  const double scale = norm_scale(hi32(large));
  const double s = small * scale, l = large * scale;
  const double sum = std::fma(l, l, mul_rn(s, s));
  const double x = std::fmin(sum, std::numeric_limits<double>::max());
  const double y = rsqrt_refined(x);
  double res = mul_rn(sum, y) * norm_unscale(hi32(large));
  if (small == 0.0) res = large;
  if (static_cast<std::uint32_t>(hi32(small)) >= 0x7ff00000u) res = small;
  return res;
}

// __nv_asinh: t = |a| + a^2 / (1 + sqrt(1 + a^2)) (the square root as (1 + a^2) times its refined
// reciprocal square root, the quotient by rcp.approx and a Newton step), or |a| from 2^63 on;
// log1p(t), plus ln 2 from 2^63 on; the sign of a copied.
inline double asinh(double a) {
  const std::int32_t h = hi32(a) & 0x7fffffff;
  const double x = from_words(lo32(a), h);
  const double w = std::fma(a, a, 1.0);
  const double y = rsqrt_refined(w);
  const double q = reciprocal(std::fma(w, y, 1.0));
  double t = std::fma(x, x * q, x);
  const bool huge = static_cast<std::uint32_t>(h) >= 0x43e00000u;
  if (huge) t = x;
  double z = log1p(t);
  if (huge) z = z + 0x1.62e42fefa39efp-1;
  return std::copysign(z, a);
}

// __nv_acosh: d = a - 1 (add.rn); t = d + sqrt(a^2 - 1) (rsqrt.approx and two Newton steps of
// the square root), t = d where d's high word is zero, t = d - (1 + 2^-52) from d >= 2^52 (or d
// negative, read unsigned), where ln 2 is added to log1p(t) after.
inline double acosh(double a) {
  const double d = a + -1.0;
  const std::uint32_t dh = static_cast<std::uint32_t>(hi32(d));
  const bool big = dh >= 0x43300000u;
  const double w = std::fma(a, a, -1.0);
  const double r = rsqrt_approx(w);
  const double half_r = exp_log_detail::add_hi(r, 0u - 0x100000u);
  const double s0 = w * r;
  const double s1 = std::fma(std::fma(s0, -s0, w), half_r, s0);
  const double g = std::fma(std::fma(r, -s1, 1.0), half_r, half_r);
  double tred = std::fma(std::fma(s1, -s1, w), g, s1);
  if (dh == 0) tred = 0.0;
  if (big) tred = -std::bit_cast<double>(std::uint64_t{0x3ff0000000000001});
  double z = log1p(d + tred);
  if (big) z = z + 0x1.62e42fefa39efp-1;
  return z;
}

// __nv_atanh: log1p(2|a| / (1 - |a|)) / 2 (div.rn), the sign of a copied.
inline double atanh(double a) {
  const double x = std::fabs(a);
  const double z = log1p((2.0 * x) / (1.0 - x));
  return std::copysign(0.5 * z, a);
}

}  // namespace cusim::libdevice
