// CUDA's double lgamma and tgamma (__nv_lgamma, __nv_tgamma), step for step as libdevice
// (nvvm/libdevice/libdevice.10.bc) computes them for sm_90 without fast math, so that a simulated
// kernel gets the GPU's bits, not the C library's. They reuse the pieces already ported: log, exp,
// sinpi and the Newton-refined reciprocal (libdevice_math.hpp), and pow's extended-precision log
// and __internal_accurate_pow (libdevice_double_pow.hpp); libdevice inlines the same IR for each.
// - lgamma: __internal_lgamma_pos on |a| (below 0.7 -log(a + a^2 P(a)), to 1.5 (1 - a) P(1 - a), to
//   3 (a - 2) P(a - 2), to 8 a - 3 + P(a - 3)/Q(a - 3) (div.rn), from 8 Stirling's series with
//   log(a)/2 through the high word); for a negative non-integer a the reflection
//   log(pi / (|sinpi(a)| |a|)) - lgamma_pos(|a|) (just -log|a| below 2^-63).
// - tgamma: below 4 a rational form by a polynomial in the reduced argument; from 4 Stirling's
//   formula with e^((a - 1/2) log a - a) from a log in two parts, times sqrt(2 pi) (two parts) and
//   a series in 1/a, inf from 171.624; for -185 < a <= -4 the reflection pi / (|a| sinpi(a) gamma(|a|))
//   with |a|^-(|a| - 1/2) from accurate_pow (applied twice, halved, from -143.125 down), below -185
//   a signed zero by the parity of floor(a).
// Every step is an IEEE operation the CPU performs as the GPU does (std::fma for fma.rn, mul_rn for
// mul.rn, plain / for div.rn), except rcp.approx.ftz.f64 (MUFU.RCP64H) behind the reciprocals:
// rcp_approx_ftz (libdevice_math.hpp), bit for bit. libdevice's range checks on a's high word read
// as a float (__internal_fast_icmp_abs_lt style) are made the same way. No product in these two
// functions is followed, in its own basic block, by an add that nvcc could contract it into,
// beyond those inside log, exp and log_ext_prec, which their ports carry; lgamma_pos's last
// product (x P(x) below 3), which the reflection subtracts after a call and a branch merge, is
// kept apart (mul_rn). The results do not depend on the host's contraction (-ffp-contract=fast or
// off, -O0 to -O3, g++ and clang++ give the same bits).
// Checked against an H200 over 2^18 arguments (negative integers and their neighbours, lgamma's
// zeros, tgamma's overflow, the reflection's ranges, subnormals, NaNs): every result's bits equal,
// NaN payloads included; and by tests/plain_cuda/100_cuda_standard_math.cu.
#pragma once
#include <cusim/detail/libdevice_double_exp_log.hpp>
#include <cusim/detail/libdevice_double_pow.hpp>
#include <cusim/detail/libdevice_math.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace cusim::libdevice {

namespace gamma_detail {

inline constexpr double kInf = std::numeric_limits<double>::infinity();

// a's high word read as a float, as libdevice compares it with float thresholds.
inline float hi_float(double a) { return std::bit_cast<float>(hi32(a)); }
inline float bits_float(std::uint32_t b) { return std::bit_cast<float>(b); }

using exp_log_detail::add_hi;

// __internal_lgamma_pos: lgamma(a) for a >= 0 (or +inf, which it returns).
inline double lgamma_pos(double a) {
  const std::int32_t hi = hi32(a);
  if (hi >= 0x40080000) {    // a >= 3
    if (hi >= 0x40200000) {  // a >= 8: Stirling, (a - 1/2) log a - a + log(2 pi)/2 + s P(s^2), s = 1/a
      const double s = reciprocal(a);
      const double s2 = s * s;
      double p = std::fma(-0x1.ac321034783f9p-10, s2, 0x1.b68b992738fbfp-11);
      p = std::fma(p, s2, -0x1.380d01e4f7b8cp-11);
      p = std::fma(p, s2, 0x1.a019fa29f7264p-11);
      p = std::fma(p, s2, -0x1.6c16c16b2acecp-9);
      p = std::fma(p, s2, 0x1.5555555555545p-4);
      p = std::fma(p, s, 0x1.d67f1c864beaep-1);
      const double half_log = add_hi(log(a), 0xfff00000u);  // log(a) / 2 through the high word
      const double x = a - 0.5;
      const double t1 = std::fma(half_log, x, p);
      const double t2 = std::fma(half_log, x, -a);
      const double t = t2 + t1;
      return a == kInf ? a : t;
    }
    // 3 <= a < 8: x + P(x)/Q(x), x = a - 3
    const double x = a - 3.0;
    double n = std::fma(-0x1.f7040bb18fb05p+11, x, -0x1.22b7730207ef3p+18);
    n = std::fma(n, x, -0x1.85a0db81de7d0p+22);
    n = std::fma(n, x, -0x1.a992b8ba94677p+25);
    n = std::fma(n, x, -0x1.ac5cb6957cc20p+27);
    n = std::fma(n, x, -0x1.c0e2b308774bep+28);
    n = std::fma(n, x, -0x1.6ba13dcae7f67p+29);
    n = std::fma(n, x, -0x1.cf33b9c3d120cp+29);
    double d = x - 0x1.ff62e0be189fep+9;
    d = std::fma(d, x, -0x1.074face10c93fp+17);
    d = std::fma(d, x, -0x1.1b662f8d75791p+22);
    d = std::fma(d, x, -0x1.ee64ab4d207f7p+25);
    d = std::fma(d, x, -0x1.9051687c9951ap+28);
    d = std::fma(d, x, -0x1.2b866bf0b853dp+30);
    d = std::fma(d, x, -0x1.4e2130e9dc133p+30);
    return n / d + x;
  }
  if (hi >= 0x3ff80000) {  // 1.5 <= a < 3: x P(x), x = a - 2
    const double x = a - 2.0;
    double p = std::fma(0x1.52636124338b3p-27, x, -0x1.1fa71d78c0ee2p-24);
    for (const double c : {0x1.d111f31e61306p-23, -0x1.0502bbe1b2706p-21, 0x1.06850b2970292p-20, -0x1.108474875033dp-19,
                           0x1.24accc62909dcp-18, -0x1.3cb25209e63bep-17, 0x1.581cbbc8cdc7bp-16, -0x1.78e04b85c7597p-15,
                           0x1.a12730cf45051p-14, -0x1.d3fd354062012p-13, 0x1.0b36b0b4de323p-11, -0x1.38ac5c6d0317ap-10,
                           0x1.7add6eaab19fcp-9, -0x1.e404fc20e4d5bp-8, 0x1.51322ac7da390p-6, -0x1.13e001a5578a3p-4,
                           0x1.4a34cc4a60fa3p-2, 0x1.b0ee6072093cfp-2})
      p = std::fma(p, x, c);
    return mul_rn(p, x);
  }
  if (hi >= 0x3fe66666) {  // 0.7 <= a < 1.5: x P(x), x = 1 - a
    const double x = 1.0 - a;
    double p = std::fma(0x1.81f6d2a4c4310p-7, x, 0x1.3eb504359eb88p-5);
    for (const double c : {0x1.e35d8deb06317p-5, 0x1.ed469a8b6eccep-5, 0x1.cc1b1c357befep-5, 0x1.d7154db67f79fp-5,
                           0x1.fcc622cf2f7bbp-5, 0x1.11747a4d1cc43p-4, 0x1.24ce16a21b8acp-4, 0x1.3b1c21a7bcb00p-4,
                           0x1.556723452ed57p-4, 0x1.748c00891544fp-4, 0x1.9a0207808cf40p-4, 0x1.c80673b8ae26bp-4,
                           0x1.010b364b7e555p-3, 0x1.2703a1d239658p-3, 0x1.5b40cb1137e6ep-3, 0x1.a8b9c17ac4f03p-3,
                           0x1.151322ac7cb52p-2, 0x1.9a4d55beab1d4p-2, 0x1.a51a6625307d6p-1, 0x1.2788cfc6fb619p-1})
      p = std::fma(p, x, c);
    return mul_rn(p, x);
  }
  // a < 0.7: -log(a + a^2 P(a))
  double p = std::fma(-0x1.844988bfe6590p-24, a, 0x1.7b77ceb0625e8p-21);
  for (const double c : {-0x1.98c69c8710cc4p-22, -0x1.6527a5a11cf6ep-16, 0x1.0ec2950b1b5dep-13, -0x1.c4d80c24ba278p-13,
                         -0x1.315b4e8cc0d09p-10, 0x1.d917f15d50020p-8, -0x1.3b4abb41cb6fap-7, -0x1.59af1275b7120p-5,
                         0x1.5512321a168a0p-3, -0x1.5815e8fdce74cp-5, -0x1.4fcf4026add1ap-1, 0x1.2788cfc6fb5c8p-1})
    p = std::fma(p, a, c);
  return -log(std::fma(p * a, a, a));
}

// tgamma's polynomial on the reduced argument t in [-1/2, 1/2): 1/gamma(1 + t) = 1 + t P(t), P here.
inline double tgamma_poly(double t) {
  double p = std::fma(0x1.81b4960fcf5c9p-28, t, -0x1.af7049ae8a594p-23);
  for (const double c : {0x1.301d46d4b22f5p-20, -0x1.50272aeed0fc4p-20, -0x1.51ce1a40516f8p-16, 0x1.0c8aa7419084cp-13,
                         -0x1.c3650196bad8ap-13, -0x1.31711365a3e26p-10, 0x1.d919c52a7df35p-8, -0x1.3b4af28386f4dp-7,
                         -0x1.59af103c37b4dp-5, 0x1.5512320b439efp-3, -0x1.5815e8fa26f4fp-5, -0x1.4fcf4026afa2bp-1,
                         0x1.2788cfc6fb619p-1})
    p = std::fma(p, t, c);
  return p;
}

// Stirling's series in s = 1/a: 1 + s P(s) - 1, as the product s P(s).
inline double stirling_series(double s) {
  double p = std::fma(-0x1.4bee47c38a637p-9, s, 0x1.3c25da81303d5p-8);
  for (const double c : {-0x1.b7c37a96cfc72p-9, 0x1.5a85abde1e324p-12, 0x1.a8b28f07b3f05p-11, -0x1.a15d1d45a282fp-15,
                         -0x1.367d3468cb5bep-11, 0x1.2471b0e9f1005p-14, 0x1.9b1004744d5c4p-11, -0x1.e13ce69ab4b7fp-13,
                         -0x1.5f7268ecf8a01p-9, 0x1.c71c71c71ace0p-9, 0x1.5555555555556p-4})
    p = std::fma(p, s, c);
  return p * s;
}

// __internal_tgamma_stirling for a >= 4 (or +inf): e^((a - 1/2) log a - a) sqrt(2 pi) (1 + s P(s)).
inline double tgamma_stirling(double a) {
  const pow_detail::LogExt l = pow_detail::log_ext_prec(a);
  const double x = a - 0.5;
  // (a - 1/2) log a as head and tail
  const double ph = mul_rn(l.hi, x);
  double pl = std::fma(l.hi, x, -ph);
  pl = std::fma(l.lo, x, pl);
  const double sh = ph + pl;
  const double sl = (ph - sh) + pl;
  // minus a, as head and tail
  const double d = sh - a;
  const double e = ((sh - d) - a) + sl;
  const double h = d + e;
  const double lo = (d - h) + e;
  const double z = exp(h);
  const double w = std::fma(lo, z, z);
  const double y = std::fma(w, 0x1.40d931ff62706p+1, w * -0x1.a6a0d6f814637p-53);  // times sqrt(2 pi)
  const double r = std::fma(stirling_series(reciprocal(a)), y, y);
  return a >= 0x1.573fae561f648p+7 ? kInf : r;
}

}  // namespace gamma_detail

// __nv_lgamma: lgamma_pos(|a|); for a negative a inf at the integers (and -0), else the reflection
// log(pi / (|sinpi(|a|)| |a|)) - lgamma_pos(|a|) (-log|a| - lgamma_pos(|a|) below 2^-63). NaN: a + a.
inline double lgamma(double a) {
  using gamma_detail::kInf;
  if (!(std::fabs(a) <= kInf)) return a + a;
  const double x = std::fabs(a);
  const double t = gamma_detail::lgamma_pos(x);
  if (hi32(a) >= 0) return t;
  if (x == std::trunc(x)) return kInf;
  if (hi32(x) < 0x3c000000) return -log(x);
  const double u = 0x1.921fb54442d18p+1 / (std::fabs(sinpi(x)) * x);  // product apart: it feeds div.rn
  return log(u) - t;
}

// __nv_tgamma: below 4 s / (1 + t P(t)), t = a reduced by 1 to 4 into [-1/2, 1/2), s the
// factors (a - 1)(a - 2)... multiplied up as fma(t, s, -s) (below 1/2 the denominator times a);
// from 4 Stirling; for a negative a NaN at the integers, above -4 1 / (a (a + 1)... (1 + t P(t))),
// to -185 the reflection, below a zero signed by floor(a)'s parity. NaN: a + a.
inline double tgamma(double a) {
  using gamma_detail::bits_float;
  const float h = gamma_detail::hi_float(a);
  if (a >= 0.0) {
    if (!(h < bits_float(0x40100000u))) return gamma_detail::tgamma_stirling(a);  // a >= 4 (or inf)
    double s = 1.0, t = a;
    if (h >= bits_float(0x400c0000u)) {  // a >= 3.5
      s = std::fma(a, 1.0, -1.0);
      t = a - 1.0;
    }
    if (h >= bits_float(0x40040000u)) {  // 2.5
      s = std::fma(t, s, -s);
      t = t - 1.0;
    }
    if (h >= bits_float(0x3ff80000u)) {  // 1.5
      s = std::fma(t, s, -s);
      t = t - 1.0;
    }
    if (h >= bits_float(0x3fe00000u)) t = t - 1.0;  // 0.5
    double p = std::fma(gamma_detail::tgamma_poly(t), t, 1.0);
    if (!(h >= bits_float(0x3fe00000u))) p = p * a;
    return s / p;
  }
  if (!(a < 0.0)) return a + a;  // NaN
  if (a == std::trunc(a)) return std::bit_cast<double>(0xfff8000000000000ull);
  if (h > bits_float(0xc0100000u)) {  // -4 < a < 0
    double s = a, t = a;
    if (h <= bits_float(0xc00c0000u)) {  // a <= -3.5
      s = std::fma(a, a, a);
      t = a + 1.0;
    }
    if (h <= bits_float(0xc0040000u)) {  // -2.5
      s = std::fma(t, s, s);
      t = t + 1.0;
    }
    if (h <= bits_float(0xbff80000u)) {  // -1.5
      s = std::fma(t, s, s);
      t = t + 1.0;
    }
    if (h <= bits_float(0xbfe00000u)) {  // -0.5
      s = std::fma(t, s, s);
      t = t + 1.0;
    }
    const double p = std::fma(gamma_detail::tgamma_poly(t), t, 1.0);
    return 1.0 / (s * p);
  }
  if (h > bits_float(0xc0672000u)) {  // -185 < a <= -4: reflection
    const double sp = sinpi(a);
    const double x = std::fabs(a);
    const double q = std::fma(gamma_detail::stirling_series(reciprocal(x)), sp, sp) * x;
    // e^x sqrt(pi/2) (__internal_exp_kernel with its own scaling of 2^i)
    const double shifted = std::fma(x, 0x1.71547652b82fep0, 0x1.8p52);
    const std::int32_t i = lo32(shifted);
    const double k = shifted + -0x1.8p52;
    double r = std::fma(k, -0x1.62e42fefa39efp-1, x);
    r = std::fma(k, -0x1.abc9e3b39803fp-56, r);
    double z = exp_poly(r);
    std::uint32_t scale_hi;
    if ((i < 0 ? -i : i) < 1023) {
      scale_hi = (static_cast<std::uint32_t>(i) << 20) + 0x3ff00000u;
    } else {
      const std::uint32_t j = static_cast<std::uint32_t>(i + 2046), half = j / 2;
      scale_hi = (j << 20) - (half << 20);
      z = z * from_words(0, static_cast<std::int32_t>(half << 20));
    }
    const double ez = z * from_words(0, static_cast<std::int32_t>(scale_hi));
    const double g = std::fma(ez, 0x1.40d931ff62706p+0, -0x1.a6a0d6f814637p-54 * ez);
    const double quotient = g / q;
    double e = x - 0.5;
    const bool split = h <= bits_float(0xc061e400u);  // a <= -143.125: the power applied twice
    if (split) e = gamma_detail::add_hi(e, 0xfff00000u);
    const double pw = pow_detail::accurate_pow(x, -e);
    double v = quotient;
    if (split) v = v * pw;
    return v * pw;
  }
  // a <= -185: a zero, negative for an odd floor(a)
  const double fl = std::floor(a);
  return fl - 2.0 * std::floor(0.5 * fl) == 1.0 ? -0.0 : 0.0;
}

}  // namespace cusim::libdevice
