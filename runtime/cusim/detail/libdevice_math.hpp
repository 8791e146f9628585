// CUDA's own algorithms for the math functions whose exact results cuRAND's distributions depend
// on, and for those CUDA adds to <cmath> that kernels call by name (device_intrinsics.hpp): double
// log, exp, sincospi, rsqrt and float logf, erfcinv(f), normcdfinv(f), sinpi(f), cospi(f), sincospif,
// rcbrt(f), rhypot(f), the norms norm3d(f), rnorm3d(f), norm4d(f), rnorm4d(f), norm(f), rnorm(f),
// erfinv(f), erfc, normcdf(f), erfcx(f) and cyl_bessel_i0(f), cyl_bessel_i1(f), step for step as libdevice
// (the bitcode that nvcc links into every kernel, nvvm/libdevice/libdevice.10.bc) computes them
// for sm_90 without fast math, so that a simulated kernel gets the GPU's bits, not the C library's
// (which differs in the last place for some arguments). Every step is an IEEE operation that the
// CPU performs exactly as the GPU does (std::fma is the GPU's fused multiply-add; a product that
// libdevice keeps apart from the add after it is mul_rn, since kernels are compiled with
// contraction on), or one of the special-function unit's approximations, modelled bit for bit:
// - the float unit's lg2, ex2, rsqrt and rcp (sfu.hpp);
// - rcp.approx.ftz.f64 (MUFU.RCP64H: log's, erfc's and the Bessel functions' first reciprocal)
//   and rsqrt.approx.f64 (MUFU.RSQ64H: rsqrt, erfcinv's tails, the double norms and Bessel
//   functions), which are the float unit's rcp and rsqrt of the high word's fraction (below).
// The C library's other functions, as CUDA computes them, are in the libdevice_float_*.hpp and
// libdevice_double_*.hpp beside this file, and device_math.hpp gives kernels all of them.
// tests/plain_cuda/88_curand_distributions.cu, 90_curand_mtgp32.cu, 98_erfcinv_exact.cu,
// 99_cuda_math_additions.cu and 100_cuda_standard_math.cu compare the results with an H200's.
#pragma once
#include <cusim/detail/sfu.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>

namespace cusim::libdevice {

inline std::int32_t hi32(double x) { return static_cast<std::int32_t>(std::bit_cast<std::uint64_t>(x) >> 32); }
inline std::int32_t lo32(double x) { return static_cast<std::int32_t>(std::bit_cast<std::uint64_t>(x)); }
inline double from_words(std::int32_t lo, std::int32_t hi) {
  return std::bit_cast<double>(static_cast<std::uint64_t>(static_cast<std::uint32_t>(hi)) << 32 |
                               static_cast<std::uint32_t>(lo));
}

// The special-function unit's f64 approximations, bit for bit as an H200 gives them (checked on
// it for every one of the 2^32 high words, each with a zero and a random low word, against the
// float unit's own instructions). The unit reads only the argument's high word and writes only
// the result's, the low word zero: MUFU.RCP64H and MUFU.RSQ64H are the float unit's rcp and rsqrt
// (sfu.hpp) of 1.f (rsqrt: of 2 x 1.f at an odd exponent), f the high word's 20 fraction bits,
// scaled by the exponent and truncated to 20 fraction bits. Denormals are read as zeros (.ftz), a
// result below 2^-1022 flushes to zero, and a NaN (or a negative number's square root) is
// 0x7fffffff00000000.
namespace mufu64_detail {
inline constexpr std::uint64_t kNaN = 0x7fffffff00000000ull;
inline float mantissa(std::int32_t high, std::uint32_t biased_float_exponent) {
  return std::bit_cast<float>(biased_float_exponent << 23 | (static_cast<std::uint32_t>(high) & 0xfffffu) << 3);
}
}  // namespace mufu64_detail

// rcp.approx.ftz.f64 (MUFU.RCP64H).
inline double rcp_approx_ftz(double x) {
  const std::int32_t high = hi32(x);
  const std::int32_t biased = (high >> 20) & 2047;
  const bool negative = high < 0;
  if (biased == 2047) {
    if ((high & 0xfffff) != 0) return std::bit_cast<double>(mufu64_detail::kNaN);
    return negative ? -0.0 : 0.0;
  }
  if (biased == 0) return negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  const float r = cusim::sfu::unit::rcp(mufu64_detail::mantissa(high, 127));  // in (1/2, 1]
  const double scaled = std::ldexp(static_cast<double>(r), 1023 - biased);
  if (scaled < 0x1p-1022) return negative ? -0.0 : 0.0;
  return from_words(0, hi32(negative ? -scaled : scaled));
}

// rsqrt.approx.ftz.f64 (MUFU.RSQ64H).
inline double rsqrt_approx(double x) {
  const std::int32_t high = hi32(x);
  const std::int32_t biased = (high >> 20) & 2047;
  if (biased == 0) return high < 0 ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  if (high < 0 || (biased == 2047 && (high & 0xfffff) != 0)) return std::bit_cast<double>(mufu64_detail::kNaN);
  if (biased == 2047) return 0.0;
  const std::int32_t e = biased - 1023, odd = e & 1;
  const float r = cusim::sfu::unit::rsqrt(mufu64_detail::mantissa(high, static_cast<std::uint32_t>(127 + odd)));
  return from_words(0, hi32(std::ldexp(static_cast<double>(r), -((e - odd) / 2))));
}

// 1/g as log and erfcinv compute it: rcp.approx, then one Newton step with its error squared in.
inline double reciprocal(double g) {
  const double r = rcp_approx_ftz(g);
  double t = std::fma(-g, r, 1.0);
  t = std::fma(t, t, t);
  return std::fma(t, r, r);
}

// __nv_log: m in [sqrt(1/2), sqrt(2)) times 2^e; log(m) = 2 atanh((m-1)/(m+1)) by a polynomial in
// u^2, with the quotient's error carried separately, plus e ln 2 in two parts.
inline double log(double a) {
  std::int32_t hi = hi32(a), lo = lo32(a), e = -1023;
  double x = a;
  if (hi < 0x00100000) {  // subnormal (or not positive): scale by 2^54
    x = a * 0x1p54;
    e -= 54;
    hi = hi32(x);
    lo = lo32(x);
  }
  if (hi <= 0 || hi >= 0x7ff00000) {  // zero, negative, infinite or NaN
    double q = std::fma(x, std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity());
    if (std::bit_cast<float>(hi32(x)) == 0.0f) q = -std::numeric_limits<double>::infinity();
    return q;
  }
  e += static_cast<std::int32_t>(static_cast<std::uint32_t>(hi) >> 20);
  double m = from_words(lo, (hi & static_cast<std::int32_t>(0x800fffff)) | 0x3ff00000);
  if (hi32(m) > 0x3ff6a09e) {
    m = from_words(lo32(m), hi32(m) - 0x00100000);
    ++e;
  }
  const double f = m - 1.0, g = m + 1.0;
  const double r = reciprocal(g);
  const double u = std::fma(f, r, f * r);  // nvcc contracts (f*r) + (f*r) into one fused operation
  const double v = u * u;
  double p = std::fma(0x1.1380b3ae80f1ep-20, v, 0x1.0ee258b7a8b04p-18);
  p = std::fma(p, v, 0x1.3b2669f02676fp-16);
  p = std::fma(p, v, 0x1.745cba9ab0956p-14);
  p = std::fma(p, v, 0x1.c71c72d1b5154p-12);
  p = std::fma(p, v, 0x1.24924923be72dp-9);
  p = std::fma(p, v, 0x1.999999999a3c4p-7);
  p = std::fma(p, v, 0x1.5555555555554p-4);
  const double d = std::fma(-u, f, 2.0 * (f - u));
  const double tail = std::fma(p * v, u, r * d);
  const double ed = static_cast<double>(e);
  const double hi_part = std::fma(ed, 0x1.62e42fefa39efp-1, u);
  const double lost = std::fma(-ed, 0x1.62e42fefa39efp-1, hi_part) - u;
  return hi_part + std::fma(ed, 0x1.abc9e3b39803fp-56, tail - lost);
}

// exp's polynomial: e^r for |r| <= ln 2 / 2 (__nv_exp, exp2, exp10, cosh).
inline double exp_poly(double r) {
  double p = std::fma(0x1.ade1569ce2bdfp-26, r, 0x1.28af3fca213eap-22);
  for (const double c : {0x1.71dee62401315p-19, 0x1.a01997c89eb71p-16, 0x1.a01a014761f65p-13, 0x1.6c16c1852b7afp-10,
                         0x1.1111111122322p-7, 0x1.55555555502a1p-5, 0x1.5555555555511p-3, 0x1.000000000000bp-1, 1.0})
    p = std::fma(p, r, c);
  return std::fma(p, r, 1.0);
}

// __nv_exp: 2^i by the exponent field times e^r, r = a - i ln 2 in two parts, by a polynomial.
inline double exp(double a) {
  const double shifted = std::fma(a, 0x1.71547652b82fep0, 0x1.8p52);
  const std::int32_t i = lo32(shifted);
  const double k = shifted + -0x1.8p52;
  double r = std::fma(k, -0x1.62e42fefa39efp-1, a);
  r = std::fma(k, -0x1.abc9e3b39803fp-56, r);
  const double p = exp_poly(r);
  const float magnitude = std::fabs(std::bit_cast<float>(hi32(a)));
  if (magnitude < std::bit_cast<float>(0x4086232b)) return from_words(lo32(p), hi32(p) + (i << 20));
  double z = a < 0.0 ? 0.0 : a + std::numeric_limits<double>::infinity();
  if (magnitude < std::bit_cast<float>(0x40874800)) {  // near the ends of the range: scale in two steps
    const std::int32_t half = i / 2;
    z = from_words(lo32(p), hi32(p) + (half << 20)) * from_words(0, 0x3ff00000 + ((i - half) << 20));
  }
  return z;
}

// __nv_logf (no flush to zero): m in [0.67, 1.33) times 2^e; log(m) by a polynomial in m - 1.
inline float logf(float a) {
  float x = a, e = 0.0f;
  if (a < 0x1p-126f) {  // subnormal (or not positive): scale by 2^23
    x = a * 0x1p23f;
    e = -23.0f;
  }
  const std::int32_t bits = std::bit_cast<std::int32_t>(x);
  const std::int32_t exponent = (bits - 0x3f2aaaab) & static_cast<std::int32_t>(0xff800000);
  const float m = std::bit_cast<float>(bits - exponent);
  const float ef = std::fma(static_cast<float>(exponent), 0x1p-23f, e);
  const float f = m - 1.0f;
  float p = std::fma(-0x1.0aa04ep-3f, f, 0x1.2073ecp-3f);
  p = std::fma(p, f, -0x1.f19b98p-4f);
  p = std::fma(p, f, 0x1.1e52aap-3f);
  p = std::fma(p, f, -0x1.55b172p-3f);
  p = std::fma(p, f, 0x1.99da16p-3f);
  p = std::fma(p, f, -0x1.fffe44p-3f);
  p = std::fma(p, f, 0x1.5554fp-2f);
  p = std::fma(p, f, -0.5f);
  float r = std::fma(p * f, f, f);
  r = std::fma(ef, 0x1.62e43p-1f, r);
  if (static_cast<std::uint32_t>(bits) >= 0x7f800000u)  // negative, infinite or NaN
    r = std::fma(x, std::numeric_limits<float>::infinity(), std::numeric_limits<float>::infinity());
  if (x == 0.0f) r = -std::numeric_limits<float>::infinity();
  return r;
}

// x * y rounded on its own, as libdevice's mul.rn.f32 and mul.rn.f64: kernels are compiled with
// -ffp-contract=fast (nvcc's -fmad=true), and the empty asm on the product keeps the host compiler
// from fusing it into an add that follows.
template <class T>
[[gnu::always_inline]] inline T mul_rn(T x, T y) {
  T p = x * y;
#if !defined(CUSIM_TRANSLATOR_PARSE)
  asm("" : "+x"(p));
#endif
  return p;
}

// __internal_sin_cos_kerneld's polynomials in z^2 (mul.rn): sin z = z + z^3 p(z^2), cos z =
// 1 + z^2 p(z^2) (the last coefficient -1/2). sincospi here and sin, cos and tan
// (libdevice_double_trig.hpp) evaluate them.
inline double sin_poly(double z) {
  const double w = mul_rn(z, z);
  double p = std::fma(0x1.5db65f9785ebap-33, w, -0x1.ae5f12cb0d246p-26);
  p = std::fma(p, w, 0x1.71de369ace392p-19);
  p = std::fma(p, w, -0x1.a01a019db62a1p-13);
  p = std::fma(p, w, 0x1.1111111110818p-7);
  p = std::fma(p, w, -0x1.5555555555554p-3);
  p = std::fma(p, w, 0.0);
  return std::fma(p, z, z);
}
inline double cos_poly(double z) {
  const double w = mul_rn(z, z);
  double p = std::fma(-0x1.8ff8320fd8164p-37, w, 0x1.1eea7c1ef8528p-29);
  p = std::fma(p, w, -0x1.27e4f8e06e6d9p-22);
  p = std::fma(p, w, 0x1.a01a019ddbce9p-16);
  p = std::fma(p, w, -0x1.6c16c16c15d47p-10);
  p = std::fma(p, w, 0x1.5555555555551p-5);
  p = std::fma(p, w, -0.5);
  return std::fma(p, w, 1.0);
}

// __nv_sincospi: a = k/2 + r, |r| <= 1/4; sin and cos of pi r by the polynomials, then the quadrant.
inline void sincospi(double a, double* s, double* c) {
  double x = a;
  if (static_cast<std::uint32_t>(hi32(a)) * 2u > 0x86800000u) x = a * 0.0;  // |a| >= 2^52: an integer (or inf/NaN)
  const double k = std::nearbyint(from_words(lo32(x), hi32(x) + 0x00100000));  // 2x, rounded (ties to even)
  const std::int32_t q = static_cast<std::int32_t>(static_cast<std::int64_t>(k));
  const double r = std::fma(-k, 0.5, x);
  const double pr = std::fma(r, 0x1.921fb54442d18p1, r * 0x1.1a62633145c07p-53);
  const double cp = cos_poly(pr), sp = sin_poly(pr);
  double sv = sp, cv = cp;
  if (q & 1) {
    sv = cp;
    cv = -sp;
  }
  if (q & 2) {
    sv = -sv;
    cv = -cv;
  }
  *c = cv + 0.0;
  *s = x == std::trunc(x) ? x * 0.0 : sv;
}

// rsqrt.approx.ftz.f64 refined by one Newton step with its error squared in, r + r e (1/2 + 3/8 e)
// for e = 1 - x r^2: what erfcinv, the norms and the Bessel functions compute after the unit, and
// what ptxas makes of rsqrt.approx.f64 without .ftz (for a positive, finite, normal x). A NaN
// argument comes out as it went in, quieted: the GPU's fma passes on x's NaN, not the unit's
// (erfcinv's NaN outside its domain, tests/plain_cuda/98_erfcinv_exact.cu), where the host's may
// pick either.
inline double rsqrt_refined(double x) {
  if (x != x) return x + x;
  const double r = rsqrt_approx(x);
  const double e = std::fma(x, -(r * r), 1.0);
  return std::fma(std::fma(0.375, e, 0.5), e * r, r);
}

// __nv_rsqrt: rsqrt.approx.f64, which ptxas expands as the unit's estimate and rsqrt_refined's
// Newton step, a denormal scaled by 2^54 first; zeros and infinity as the unit gives them (+-inf,
// +0), a NaN quieted, as rsqrt_refined passes it on, a negative number the GPU's invalid NaN
// (0xfff8000000000000, measured on an H200).
inline double rsqrt(double x) {
  if (x != x) return x + x;
  if (x < 0.0) return -std::numeric_limits<double>::quiet_NaN();
  if (x != 0.0 && x < 0x1p-1022) return rsqrt_refined(x * 0x1p54) * 0x1p27;
  if (!(x > 0.0 && x < std::numeric_limits<double>::infinity())) return rsqrt_approx(x);
  return rsqrt_refined(x);
}

// erfcinv's logarithm of x, m in [0.5, 2) times 2^e: 2 atanh((m-1)/(m+1)) by a polynomial, with the
// quotient refined once, plus e ln 2.
inline double erfcinv_log(double x) {
  const std::int32_t hi = hi32(x), lo = lo32(x);
  const std::int32_t e = static_cast<std::int32_t>((static_cast<std::uint32_t>(hi) >> 20) & 2046u) - 1022;
  const double ed = from_words(static_cast<std::int32_t>(0x80000000u ^ static_cast<std::uint32_t>(e)), 0x43300000) -
                    from_words(static_cast<std::int32_t>(0x80000000u), 0x43300000);
  const double m = from_words(lo, static_cast<std::int32_t>((static_cast<std::uint32_t>(hi) & 0x801fffffu) + 0x3fe00000u));
  const double f = m - 1.0, g = m + 1.0;
  const double r = reciprocal(g);
  double u = f * r;
  const double d = std::fma(-u, f, std::fma(-2.0, u, f));
  u = std::fma(d, r, u);
  const double v = u * u;
  double p = std::fma(0x1.5c5c218c775c9p-4, v, 0x1.55cf59cdc5d89p-5);
  p = std::fma(p, v, 0x1.efd18cf6ebb9cp-5);
  p = std::fma(p, v, 0x1.10682edcb8d1bp-4);
  p = std::fma(p, v, 0x1.3b1dd3ac7fc96p-4);
  p = std::fma(p, v, 0x1.745cb459b54a6p-4);
  p = std::fma(p, v, 0x1.c71c741a0669fp-4);
  p = std::fma(p, v, 0x1.249249209112ep-3);
  p = std::fma(p, v, 0x1.99999999a06c1p-3);
  p = std::fma(p, v, 0x1.5555555555535p-2);
  double q = std::fma(p * v, u, u);
  q = q + q;
  return std::fma(ed, 0x1.62e42fefa39efp-1, q);
}

// The central polynomial of erfcinv and erfinv: erfinv(y)/y for w = -log(1 - y^2) - 3.125.
inline double erfinv_central(double w) {
  double p = std::fma(-0x1.135d2e746e627p-68, w, -0x1.8ddf93324d327p-63);
  for (const double c : {0x1.7b83eef0b7c9fp-60, 0x1.9ba72cd589b91p-57, -0x1.33689090a6b96p-53, 0x1.82e11898132e0p-56,
                         0x1.de4acfd9e26bap-48, -0x1.6d33eed66c487p-45, -0x1.6f2167040d8e2p-44, 0x1.72a22c2d77e20p-39,
                         -0x1.c8859c4e5c0afp-37, -0x1.dc583d118a561p-35, 0x1.20f47ccf46b3cp-30, -0x1.1a9e38dc84d60p-28,
                         -0x1.f36cd6d3d46a9p-26, 0x1.c6b4f5d03b787p-22, -0x1.6e8a5434ae8a2p-20, -0x1.d1d1f7b8736f6p-17,
                         0x1.879c2a212f024p-13, -0x1.845769484fca8p-11, -0x1.8b6c33114f909p-8, 0x1.ebd80d9b13e28p-3,
                         0x1.a755e7c99ae86p0})
    p = std::fma(p, w, c);
  return p;
}

// __nv_erfcinv. For a in [2^-10, 2 - 2^-10] a polynomial in -log(a (2 - a)) - 3.125 times (1 - a);
// in the tails, with p the smaller of a and 2 - a, a rational function of 1/sqrt(-log p).
inline double erfcinv(double a) {
  const double two_minus_a = 2.0 + -a;
  if (a >= 0x1.fa4d2ad8f904dp-11 && a <= 0x1.ffc0b65aa4e0ep0) {
    const double w = -erfcinv_log(two_minus_a * a) - 3.125;
    const double p = erfinv_central(w);
    return std::fma(p, -a, p);
  }
  const double p = hi32(a) >= 0x3ff00000 ? two_minus_a : a;
  double t;
  if (std::bit_cast<float>(hi32(p)) >= std::bit_cast<float>(0x2b2bff2f)) {  // p above about 2^-333
    const double s = -erfcinv_log(p);
    const double y = rsqrt_refined(s);
    double num = std::fma(0x1.be9222591afabp-1, y, 0x1.0a0e7333839aap1);
    for (const double c : {0x1.8768cf7e57d5cp1, 0x1.b77e7e28da583p1, 0x1.34f26a4f99cf9p0, 0x1.1f674adb019edp-3,
                           0x1.5ddae9506431dp-8, 0x1.ada49aa32489cp-15})
      num = std::fma(num, y, c);
    double den = y + 0x1.1e90ff51c2197p1;
    for (const double c : {0x1.11ea3a7cf3820p2, 0x1.1a0e4a4749594p2, 0x1.d4e977d38c14dp1, 0x1.37fd567ec0d5fp0,
                           0x1.1fb9d7f676033p-3, 0x1.5ddcdf98946e4p-8, 0x1.ada42d79d8dbbp-15})
      den = std::fma(den, y, c);
    t = num / (den * y);
  } else {
    const double y = rsqrt(-log(p));  // rsqrt.approx.f64
    double num = std::fma(0x1.8e2101c71b0bfp-1, y, 0x1.a2013964e259cp0);
    for (const double c : {0x1.abfe90921be68p-2, 0x1.7e41314de00d4p-6, 0x1.11bd487102e94p-12}) num = std::fma(num, y, c);
    double den = y + 0x1.59895c30baa54p0;
    for (const double c : {0x1.ae8e5956a143fp0, 0x1.acce85ff7383dp-2, 0x1.7e43b6cac34fep-6, 0x1.11bd08289eb12p-12})
      den = std::fma(den, y, c);
    t = num / (den * y);
  }
  return hi32(a) >= 0x3ff00000 ? -t : t;
}

// __nv_erfcinvf: the same two regions in float, the logarithm from the special-function unit.
inline float erfcinvf(float a) {
  const float two_minus_a = 2.0f + -a;
  if (a >= 0x1.bda512p-9f && a <= 0x1.ff212ep0f) {
    const float w = -cusim::sfu::lg2(two_minus_a * a);  // lg2.approx.ftz: the product is normal
    float p = std::fma(-0x1.14c6ep-32f, w, 0x1.43ec8ap-27f);
    for (const float c : {-0x1.02dfb4p-23f, 0x1.d1f08cp-23f, 0x1.0e8554p-17f, -0x1.09b69ap-15f, -0x1.95fd42p-11f,
                          0x1.6b804ep-8f, 0x1.495c1ep-3f, 0x1.c5bf88p-1f})
      p = std::fma(p, w, c);
    return std::fma(p, -a, p);
  }
  // lg2.approx.f32 without .ftz (nvcc's default): a denormal argument scaled into range first.
  const float s = -cusim::sfu::lg2_f32(a > 1.0f ? two_minus_a : a);
  const float r = cusim::sfu::rsqrt(s);
  float p = std::fma(-0x1.f8e7e2p5f, r, 0x1.fdf052p6f);
  for (const float c : {-0x1.c86c38p6f, 0x1.e29b36p5f, -0x1.5ca366p4f, 0x1.9dea08p2f, -0x1.d53c0ap0f, -0x1.f0e3e8p-6f,
                        0x1.aa6eeap-1f})
    p = std::fma(p, r, c);
  float t = s == std::numeric_limits<float>::infinity() ? s : r * s;
  if (a > 1.0f) t = -t;
  return p * t;
}

// __nv_normcdfinvf: -sqrt(2) erfcinvf(2a), the product an fma with +0 (so -0 becomes +0).
inline float normcdfinvf(float a) { return std::fma(-0x1.6a09e6p0f, erfcinvf(a + a), 0.0f); }

// __nv_normcdfinv: -sqrt(2) erfcinv(2a), sqrt(2) in two parts, plus +0.
inline double normcdfinv(double a) {
  const double t = erfcinv(a + a);
  return std::fma(-0x1.6a09e667f3bccp0, t, -0x1.21165f626cdd5p-53 * t) + 0.0;
}

// cvt.rzi.s32.f32: toward zero, out-of-range values to the nearest end, NaN to 0.
inline std::int32_t to_int_rz(float x) {
  if (x != x) return 0;
  if (x >= 0x1p31f) return std::numeric_limits<std::int32_t>::max();
  if (x <= -0x1p31f) return std::numeric_limits<std::int32_t>::min();
  return static_cast<std::int32_t>(x);
}

// A float NaN result as the GPU writes it: the canonical NaN 0x7fffffff.
inline float canonical_nan(float x) { return x != x ? std::bit_cast<float>(0x7fffffffu) : x; }

// sinpif, cospif and sincospif's common part: a = k/2 + r, k = 2a rounded to the nearest integer (ties
// to even), |r| <= 1/4; sin(pi r) = pi r + r^3 p(r^2) and cos(pi r) by polynomials in r^2.
struct SinCosPiF {
  float s, c;
  std::int32_t q;
};
inline SinCosPiF sincospif_reduced(float a) {
  const float k = std::nearbyint(a + a);
  const float r = std::fma(-k, 0.5f, a);
  const float w = r * r;
  float sp = std::fma(-0x1.2f5992p-1f, w, 0x1.466b2p1f);
  sp = std::fma(sp, w, -0x1.4abbecp2f);
  float cp = std::fma(0x1.d09c24p-3f, w, -0x1.55a5cp0f);
  cp = std::fma(cp, w, 0x1.03c19ep2f);
  cp = std::fma(cp, w, -0x1.3bd3ccp2f);
  const float r3 = std::fma(w, r, 0.0f);
  return {std::fma(0x1.921fb6p1f, r, std::fma(sp, r3, 0.0f)), std::fma(cp, w, 1.0f), to_int_rz(k)};
}

// __nv_sinpif: the quadrant k mod 4 picks +-sin(pi r) or +-cos(pi r); an integer gives a signed zero.
inline float sinpif(float a) {
  const SinCosPiF t = sincospif_reduced(a);
  float v = t.q & 1 ? t.c : t.s;
  if (t.q & 2) v = 0.0f - v;
  if (a == std::trunc(a)) v = a * 0.0f;
  return canonical_nan(v);
}

// __nv_cospif: sinpif's reduction with the quadrant one on; above 2^24 (an even integer) a is
// replaced by a signed zero, infinity by NaN.
inline float cospif(float a) {
  const float x = std::fabs(a) > 0x1p24f ? a * 0.0f : a;
  const SinCosPiF t = sincospif_reduced(x);
  float v = (t.q + 1) & 1 ? t.c : t.s;
  if ((t.q + 1) & 2) v = 0.0f - v;
  return canonical_nan(v);
}

// __nv_sincospif: both from one reduction; an integer's sine is a signed zero, and above 2^24 the
// cosine is that zero plus 1 (NaN for infinity).
inline void sincospif(float a, float* s, float* c) {
  const SinCosPiF t = sincospif_reduced(a);
  float sv = t.q & 1 ? t.c : t.s;
  float cv = t.q & 1 ? t.s : t.c;
  if (t.q & 2) sv = -sv;
  if ((t.q + 1) & 2) cv = std::fma(cv, -1.0f, 0.0f);
  if (a == std::trunc(a)) sv = a * 0.0f;
  if (std::fabs(a) > 0x1p24f) cv = sv + 1.0f;
  *s = canonical_nan(sv);
  *c = canonical_nan(cv);
}

// __nv_sinpi and __nv_cospi: for sm_90 libdevice evaluates the same reduction and polynomials as
// __nv_sincospi (its coefficients from a table, the sign changes as fma(v, -1, 0) rather than a
// flip of the sign bit, which differ for no result), so both are sincospi's parts.
inline double sinpi(double a) {
  double s, c;
  sincospi(a, &s, &c);
  return s;
}
inline double cospi(double a) {
  double s, c;
  sincospi(a, &s, &c);
  return c;
}


// Reciprocal cube roots, (reciprocal) hypotenuses and Euclidean norms: libdevice's __nv_rcbrtf,
// __nv_rcbrt, __nv_rhypotf, __nv_rhypot, __nv_[r]norm3d[f], __nv_[r]norm4d[f], __nv_[r]normf and
// __nv_[r]norm, step for step as nvcc (sm_90, no fast math) compiles them.

// __nv_rcbrtf: r = 2^(-log2|a| / 3) from the special-function unit, then one step
// r + (r/3) (1 - |a| r^3); +-0 gives +-inf and +-inf gives +-0.
inline float rcbrtf(float a) {
  const float x = std::fabs(a);
  const float r = cusim::sfu::ex2(cusim::sfu::lg2_f32(x) * -0x1.555556p-2f);  // lg2.approx.f32, ex2.approx.ftz.f32
  const float e = std::fma(r * r, -(x * r), 1.0f);
  float t = std::fma(e, r * 0x1.555556p-2f, r);
  if (a < 0.0f) t = -t;
  const float twice = a + a;
  if (twice == a) t = std::bit_cast<float>(std::bit_cast<std::uint32_t>(twice) ^ 0x7f800000u);
  return t;
}

// __nv_rcbrt: a = m 2^(3k), m in about [1/4, 2); r = m^(-1/3) in float from the unit, then one step
// r + r e (1/3 + 2/9 e), e = 1 - m r^3 computed with the products' rounding errors, times 2^-k.
inline double rcbrt(double a) {
  std::int32_t lo = lo32(a), hi = hi32(a) & 0x7fffffff;
  std::int32_t expo = hi >> 20, denorm = 0;
  if (expo == 0) {  // zero or subnormal: scale by 2^54
    const double s = from_words(lo, hi) * 0x1p54;
    lo = lo32(s);
    hi = hi32(s);
    expo = hi >> 20;
    denorm = 18;
  }
  const std::int32_t k = static_cast<std::int32_t>(std::nearbyint(static_cast<float>(expo - 1022) * 0x1.555556p-2f));
  const double m = from_words(lo, static_cast<std::int32_t>(static_cast<std::uint32_t>(hi) - static_cast<std::uint32_t>(3 * k) * 0x100000u));
  const double r = cusim::sfu::ex2(cusim::sfu::lg2(static_cast<float>(m)) * -0x1.555556p-2f);  // the .ftz forms
  const double r2 = r * r, mr = m * r;
  double e = std::fma(r2, -mr, 1.0);
  e = std::fma(r2, -std::fma(m, r, -mr), e);
  e = std::fma(mr, -std::fma(r, r, -r2), e);
  const double y = std::fma(std::fma(0x1.c71c71c71c71cp-3, e, 0x1.5555555555555p-2), e * r, r);
  double t = from_words(lo32(y), static_cast<std::int32_t>(static_cast<std::uint32_t>(hi32(y)) +
                                                           (static_cast<std::uint32_t>(denorm - k) << 20)));
  const double twice = a + a;
  if (twice == a) {  // zero or infinite
    t = from_words(0, hi32(a) ^ 0x7ff00000);
  } else if (std::isnan(a)) {
    t = twice;
  }
  return std::copysign(t, a);
}

// The float norms' scale: the power of 2 (of exponent a multiple of 4) that brings the largest
// magnitude near 1 (its exponent bits `e`), and its inverse.
inline float norm_scalef(std::uint32_t e) { return std::bit_cast<float>(0x7e800000u - e); }
inline float norm_unscalef(std::uint32_t e) { return std::bit_cast<float>(e | 0x00800000u); }

// __nv_rhypotf: both magnitudes scaled by a power of 2 (of exponent a multiple of 4) that brings the
// larger near 1, then the unit's reciprocal square root of the sum of squares, scaled back; 0 where
// either is infinite.
inline float rhypotf(float a, float b) {
  const std::uint32_t ia = std::bit_cast<std::uint32_t>(std::fabs(a)), ib = std::bit_cast<std::uint32_t>(std::fabs(b));
  const float small = std::bit_cast<float>(ib <= ia ? ib : ia), large = std::bit_cast<float>(ia >= ib ? ia : ib);
  const float scale = norm_scalef(std::bit_cast<std::uint32_t>(large) & 0xfe000000u);
  const float s = small * scale, l = large * scale;
  const float r = cusim::sfu::rsqrt_f32(std::fma(l, l, s * s)) * scale;  // rsqrt.approx.f32
  return small == std::numeric_limits<float>::infinity() ? 0.0f : r;
}


// |x| as the GPU's abs gives it: a NaN quieted, its sign kept (the host's clears it), so that a
// norm of a NaN is that NaN.
template <class T>
inline T magnitude(T x) {
  return x != x ? x + x : std::fabs(x);
}

// The double norms' scale: the power of 2 (of exponent a multiple of 4) that brings the largest
// magnitude, of high word hi, near 1, and its inverse.
inline double norm_scale(std::int32_t hi) {
  return from_words(0, static_cast<std::int32_t>(0x7fd00000u - (static_cast<std::uint32_t>(hi) & 0xffc00000u)));
}
inline double norm_unscale(std::int32_t hi) {
  return from_words(0, static_cast<std::int32_t>((static_cast<std::uint32_t>(hi) & 0xffc00000u) | 0x00100000u));
}

// __nv_rhypot: as rhypotf, with a refined reciprocal square root; +inf for (0, 0) and tiny
// arguments, 0 where either is infinite, NaN where either is NaN (and neither infinite).
inline double rhypot(double a, double b) {
  const std::uint64_t ia = std::bit_cast<std::uint64_t>(magnitude(a)), ib = std::bit_cast<std::uint64_t>(magnitude(b));
  const double small = std::bit_cast<double>(ib <= ia ? ib : ia), large = std::bit_cast<double>(ia >= ib ? ia : ib);
  const double scale = norm_scale(hi32(large));
  const double s = small * scale, l = large * scale;
  double r = scale * rsqrt_refined(std::fma(l, l, s * s));
  if (static_cast<std::uint32_t>(hi32(r)) >= 0x7ff00000u) {  // overflow, or NaN from 0 or infinity
    if (std::isnan(large)) {
      r = large + small;
    } else {
      r = large != std::numeric_limits<double>::infinity() ? std::numeric_limits<double>::infinity() : 0.0;
    }
    if (small == std::numeric_limits<double>::infinity()) r = 0.0;
  }
  return r;
}

// A norm's magnitudes in order, smallest first, as libdevice orders them (fmin and fmax in turn),
// and their squares scaled by `scale` summed as it fuses them: the largest's last.
template <class T>
struct Ordered3 {
  T lo, mid, hi;
  T scaled_squares(T scale) const {
    const T sm = mid * scale, sl = lo * scale, sh = hi * scale;
    return std::fma(sh, sh, std::fma(sl, sl, sm * sm));
  }
};
template <class T>
inline Ordered3<T> ordered(T x, T y, T z) {
  const T xy = std::fmax(x, y);
  return {std::fmin(x, y), std::fmin(xy, z), std::fmax(xy, z)};
}
template <class T>
struct Ordered4 {
  T m0, m1, m2, hi;
  T scaled_squares(T scale) const {
    const T s2 = m2 * scale, s1 = m1 * scale, s0 = m0 * scale, sh = hi * scale;
    return std::fma(sh, sh, std::fma(s0, s0, std::fma(s1, s1, s2 * s2)));
  }
};
template <class T>
inline Ordered4<T> ordered(T x, T y, T z, T w) {
  const T t0 = std::fmax(x, y), t1 = std::fmax(t0, z);
  return {std::fmin(x, y), std::fmin(t0, z), std::fmin(t1, w), std::fmax(t1, w)};
}

// __nv_norm3df: magnitudes ordered, scaled by a power of 2 (of exponent a multiple of 4) that brings
// the largest near 1, sqrt of the fused sum of squares (smallest first), scaled back. The plain sum
// of magnitudes stands in where it is not above the largest (NaN, or the others zero); +inf where
// one is infinite.
inline float norm3df(float a, float b, float c) {
  const float x = std::fabs(a), y = std::fabs(b), z = std::fabs(c);
  const float sum = (x + y) + z;
  const Ordered3<float> o = ordered(x, y, z);
  const std::uint32_t e = std::bit_cast<std::uint32_t>(o.hi) & 0xfe000000u;
  const float r = std::sqrt(o.scaled_squares(norm_scalef(e))) * norm_unscalef(e);
  if (o.hi == std::numeric_limits<float>::infinity()) return o.hi;
  return sum > o.hi ? r : sum;
}

// __nv_rnorm3df: as norm3df, the unit's reciprocal square root in place of sqrt; NaN where one is
// NaN, 0 where one is infinite (+inf for three zeros).
inline float rnorm3df(float a, float b, float c) {
  const float x = std::fabs(a), y = std::fabs(b), z = std::fabs(c);
  const float sum = (x + y) + z;
  const Ordered3<float> o = ordered(x, y, z);
  const float scale = norm_scalef(std::bit_cast<std::uint32_t>(o.hi) & 0xfe000000u);
  float r = cusim::sfu::rsqrt_f32(o.scaled_squares(scale)) * scale;  // rsqrt.approx.f32
  if (std::isnan(sum)) r = sum;
  return o.hi == std::numeric_limits<float>::infinity() ? 0.0f : r;
}

// __nv_norm3d: as norm3df, sqrt(s) as s times its refined reciprocal square root (the argument of
// that capped at the largest double); the largest itself where it is infinite or NaN.
inline double norm3d(double a, double b, double c) {
  const double x = magnitude(a), y = magnitude(b), z = magnitude(c);
  const double sum = (x + y) + z;
  const Ordered3<double> o = ordered(x, y, z);
  const double s = o.scaled_squares(norm_scale(hi32(o.hi)));
  const double r = s * rsqrt_refined(std::fmin(s, std::numeric_limits<double>::max())) * norm_unscale(hi32(o.hi));
  if (static_cast<std::uint32_t>(hi32(o.hi)) >= 0x7ff00000u) return o.hi;
  return sum > o.hi ? r : sum;
}

// __nv_rnorm3d: as norm3d, the refined reciprocal square root scaled back; +inf for three zeros,
// NaN where one is NaN, 0 where one is infinite.
inline double rnorm3d(double a, double b, double c) {
  const double x = magnitude(a), y = magnitude(b), z = magnitude(c);
  const double sum = (x + y) + z;
  const Ordered3<double> o = ordered(x, y, z);
  const double scale = norm_scale(hi32(o.hi));
  const double r = scale * rsqrt_refined(o.scaled_squares(scale));
  if (o.hi == std::numeric_limits<double>::infinity()) return 0.0;
  return sum > 0.0 ? r : sum + std::numeric_limits<double>::infinity();
}

// __nv_norm4df: as norm3df for four; the plain sum adds the fourth magnitude before the third.
inline float norm4df(float a, float b, float c, float d) {
  const float x = std::fabs(a), y = std::fabs(b), z = std::fabs(c), w = std::fabs(d);
  const float sum = ((x + y) + w) + z;
  const Ordered4<float> o = ordered(x, y, z, w);
  const std::uint32_t e = std::bit_cast<std::uint32_t>(o.hi) & 0xfe000000u;
  const float r = std::sqrt(o.scaled_squares(norm_scalef(e))) * norm_unscalef(e);
  if (o.hi == std::numeric_limits<float>::infinity()) return o.hi;
  return sum > o.hi ? r : sum;
}

// __nv_rnorm4df: as rnorm3df for four.
inline float rnorm4df(float a, float b, float c, float d) {
  const float x = std::fabs(a), y = std::fabs(b), z = std::fabs(c), w = std::fabs(d);
  const float sum = ((x + y) + w) + z;
  const Ordered4<float> o = ordered(x, y, z, w);
  const float scale = norm_scalef(std::bit_cast<std::uint32_t>(o.hi) & 0xfe000000u);
  float r = cusim::sfu::rsqrt_f32(o.scaled_squares(scale)) * scale;  // rsqrt.approx.f32
  if (std::isnan(sum)) r = sum;
  return o.hi == std::numeric_limits<float>::infinity() ? 0.0f : r;
}

// __nv_norm4d: as norm3d for four.
inline double norm4d(double a, double b, double c, double d) {
  const double x = magnitude(a), y = magnitude(b), z = magnitude(c), w = magnitude(d);
  const double sum = ((x + y) + z) + w;
  const Ordered4<double> o = ordered(x, y, z, w);
  const double s = o.scaled_squares(norm_scale(hi32(o.hi)));
  const double r = s * rsqrt_refined(std::fmin(s, std::numeric_limits<double>::max())) * norm_unscale(hi32(o.hi));
  if (static_cast<std::uint32_t>(hi32(o.hi)) >= 0x7ff00000u) return o.hi;
  return sum > o.hi ? r : sum;
}

// __nv_rnorm4d: as rnorm3d for four.
inline double rnorm4d(double a, double b, double c, double d) {
  const double x = magnitude(a), y = magnitude(b), z = magnitude(c), w = magnitude(d);
  const double sum = ((x + y) + z) + w;
  const Ordered4<double> o = ordered(x, y, z, w);
  const double scale = norm_scale(hi32(o.hi));
  const double r = scale * rsqrt_refined(o.scaled_squares(scale));
  if (o.hi == std::numeric_limits<double>::infinity()) return 0.0;
  return sum > 0.0 ? r : sum + std::numeric_limits<double>::infinity();
}

// The array norms' sum of squares: every scaled magnitude's square fused in, in order, except the
// first that equals the scaled largest, whose square is added last.
template <class T>
inline T scaled_sum_of_squares(int dim, const T* p, T scale, T large, T* rest) {
  T acc = 0;
  int added = 0;
  for (int i = 0; i < dim; ++i) {
    const T v = magnitude(p[i]) * scale;
    if (v != large || i != added) {
      acc = std::fma(v, v, acc);
      ++added;
    }
  }
  *rest = acc;
  return std::fma(large, large, acc);
}

// __nv_normf: the largest magnitude (p[0] read even for dim < 1) sets a power-of-2 scale as in
// norm3df; sqrt of the scaled sum of squares, scaled back; the largest itself where the other
// squares sum to 0 or it is infinite.
inline float normf(int dim, const float* p) {
  float largest = std::fabs(p[0]);
  for (int i = 1; i < dim; ++i) largest = std::fmax(std::fabs(p[i]), largest);
  const std::uint32_t e = std::bit_cast<std::uint32_t>(largest) & 0xfe000000u;
  const float scale = norm_scalef(e);
  float rest;
  const float s = scaled_sum_of_squares(dim, p, scale, largest * scale, &rest);
  const float r = std::sqrt(s) * norm_unscalef(e);
  return rest == 0.0f || largest == std::numeric_limits<float>::infinity() ? largest : r;
}

// __nv_rnormf: as normf, the unit's reciprocal square root scaled back; 0 where the largest is
// infinite.
inline float rnormf(int dim, const float* p) {
  float largest = std::fabs(p[0]);
  for (int i = 1; i < dim; ++i) largest = std::fmax(std::fabs(p[i]), largest);
  const float scale = norm_scalef(std::bit_cast<std::uint32_t>(largest) & 0xfe000000u);
  float rest;
  const float r = cusim::sfu::rsqrt_f32(scaled_sum_of_squares(dim, p, scale, largest * scale, &rest)) * scale;
  return largest == std::numeric_limits<float>::infinity() ? 0.0f : r;
}

// __nv_norm: as normf in double, sqrt(s) as s times its refined reciprocal square root (as norm3d);
// the largest itself where the other squares sum to 0 or it is infinite or NaN.
inline double norm(int dim, const double* p) {
  double largest = magnitude(p[0]);
  for (int i = 1; i < dim; ++i) largest = std::fmax(magnitude(p[i]), largest);
  const double scale = norm_scale(hi32(largest));
  double rest;
  const double s = scaled_sum_of_squares(dim, p, scale, largest * scale, &rest);
  const double r = s * rsqrt_refined(std::fmin(s, std::numeric_limits<double>::max())) * norm_unscale(hi32(largest));
  return rest == 0.0 || static_cast<std::uint32_t>(hi32(largest)) >= 0x7ff00000u ? largest : r;
}

// __nv_rnorm: as norm, with libdevice's rsqrt (rsqrt.approx.f64, which ptxas follows with a Newton
// step) scaled back; 0 where the largest is infinite.
inline double rnorm(int dim, const double* p) {
  double largest = magnitude(p[0]);
  for (int i = 1; i < dim; ++i) largest = std::fmax(magnitude(p[i]), largest);
  const double scale = norm_scale(hi32(largest));
  double rest;
  const double sum = scaled_sum_of_squares(dim, p, scale, largest * scale, &rest);
  const double r = rsqrt(sum) * scale;  // rsqrt.approx.f64
  return largest == std::numeric_limits<double>::infinity() ? 0.0 : r;
}


// __nv_erfinvf: w = -log2(1 - a^2) from the special-function unit; a times a polynomial in w (the one
// erfcinvf uses), and for w above 8.2 w times r by a polynomial in r = 1/sqrt(w), with a's sign.
inline float erfinvf(float a) {
  const float w = -cusim::sfu::lg2(std::fma(a, -a, 1.0f));  // lg2.approx.ftz: 1 - a^2 is 0 or normal
  float p = std::fma(-0x1.14c6ep-32f, w, 0x1.43ec8ap-27f);
  for (const float c : {-0x1.02dfb4p-23f, 0x1.d1f08cp-23f, 0x1.0e8554p-17f, -0x1.09b69ap-15f, -0x1.95fd42p-11f,
                        0x1.6b804ep-8f, 0x1.495c1ep-3f, 0x1.c5bf88p-1f})
    p = std::fma(p, w, c);
  if (!(w > 0x1.066666p3f)) return a * p;
  const float r = cusim::sfu::rsqrt(w);  // rsqrt.approx.ftz
  float q = std::fma(-0x1.2e0942p-1f, r, -0x1.53754ap-1f);
  for (const float c : {0x1.98d5b8p0f, -0x1.59b5dap-1f, -0x1.860a6ep-4f, 0x1.abb372p-1f}) q = std::fma(q, r, c);
  const float t = w == std::numeric_limits<float>::infinity() ? w : q * (w * r);
  return std::copysign(t, a);
}

// __nv_erfinv: l = log(1 - a^2) by erfcinv's logarithm. For l above -6.25 a times a polynomial in
// -l - 3.125 (erfcinv's); below, a times a polynomial in sqrt(-l) - 3.25 (sqrt(-l) under 4) or in
// sqrt(-l) - 5.
inline double erfinv(double a) {
  double r;
  if ((hi32(a) & 0x7fffffff) < 0x3ff00000) {  // |a| < 1
    const double l = erfcinv_log(std::fma(a, -a, 1.0));
    if (static_cast<std::uint32_t>(hi32(l)) < 0xc0190000u) {  // l > -6.25 (or +0)
      const double w = -l - 3.125;
      r = erfinv_central(w);
    } else {
      const double s = std::sqrt(-l);
      if (hi32(s) < 0x40100000) {  // s < 4
        const double w = s - 3.25;
        r = std::fma(0x1.3040f87dbd932p-29, w, 0x1.85cbe52878635p-24);
        for (const double c : {-0x1.2777453dd3955p-22, 0x1.395abcd554c6cp-26, 0x1.936388a3790adp-20, -0x1.0d5db812b5083p-18,
                               0x1.8860cd5d652f6p-19, 0x1.a29a0cacdfb23p-17, -0x1.8cef1f80281f2p-15, 0x1.1e684d0b9188ap-14,
                               0x1.932cd54c8a222p-16, -0x1.7448a89ef8aa3p-12, 0x1.f3cc55ad40c25p-11, -0x1.ba924132f38b1p-10,
                               0x1.468eeca533cf8p-9, -0x1.ebadabb891bbdp-9, 0x1.5ffcfe5b76afcp-8, 0x1.0158a6d641d39p0,
                               0x1.8abcc380d5a48p1})
          r = std::fma(r, w, c);
      } else {
        const double w = s - 5.0;
        r = std::fma(-0x1.dcec3a7785389p-36, w, -0x1.18feec0e38727p-32);
        for (const double c : {0x1.9e6bf2dda45e3p-30, -0x1.0468fb24e2f5fp-28, 0x1.05ac6a8fba182p-27, -0x1.0102e495fb9c0p-26,
                               0x1.f4c20e1334af8p-26, -0x1.22d220fdf9c3ep-24, 0x1.ebc8bb824cb54p-23, -0x1.0a8d40ea372ccp-20,
                               0x1.2fbd29d093d2bp-18, -0x1.4a3497e1e0facp-16, 0x1.3ebf4eb00938fp-14, -0x1.c2f36a8fc5d53p-13,
                               -0x1.22ea5df04047cp-13, 0x1.02a30d1fba0dcp0, 0x1.3664ddd1ad7fbp2})
          r = std::fma(r, w, c);
      }
    }
  } else if (std::isnan(a)) {
    r = a;
  } else {
    r = std::fabs(a) == 1.0 ? std::numeric_limits<double>::infinity() : -std::numeric_limits<double>::quiet_NaN();
  }
  return r * a;
}

// erfc(z) e^(z^2) for z >= 0, as libdevice's erfcf, erfcxf and normcdff compute it: a polynomial in
// q = (z - 4)/(z + 4), the quotient refined once, divided by 1 + 2z with the quotient refined once;
// the reciprocals from the special-function unit (rcp.approx.ftz.f32).
inline float erfcx_kernelf(float z) {
  const float r = cusim::sfu::rcp(z + 4.0f);
  float q = (z - 4.0f) * r;
  const float e = std::fma(-q, z, std::fma(-4.0f, q + 1.0f, z));
  q = std::fma(r, e, q);
  float p = std::fma(0x1.d34122p-11f, q, 0x1.cdc0b6p-8f);
  for (const float c : {-0x1.03f696p-6f, 0x1.2a6e76p-5f, -0x1.10f8b4p-4f, 0x1.8043aap-4f, -0x1.9da848p-4f, 0x1.16e9bcp-4f,
                        0x1.f7e2e0p-7f, -0x1.1df1a8p-3f, 0x1.3ba592p0f})
    p = std::fma(p, q, c);
  const float rd = cusim::sfu::rcp(std::fma(2.0f, z, 1.0f));
  const float s = p * rd;
  const float t = std::fma(z, s * -2.0f, p) - s;
  return std::fma(t, rd, s);
}

// The same in double, as erfc, erfcx and normcdf compute it, the reciprocals by rcp.approx.ftz.f64
// and a Newton step (reciprocal).
inline double erfcx_kernel(double z) {
  const double r = reciprocal(z + 4.0);
  double q = (z - 4.0) * r;
  const double e = std::fma(-q, z, std::fma(-4.0, q + 1.0, z));
  q = std::fma(r, e, q);
  double p = std::fma(-0x1.8774ad4e0bfd7p-32, q, -0x1.4e1c6fd03d328p-27);
  for (const double c : {-0x1.330149f7a56b6p-27, 0x1.bedded8376273p-24, 0x1.f9254c3abf22bp-25, -0x1.b9068c2148cf0p-21,
                         0x1.4c6454db34009p-22, 0x1.7f1c378f2311dp-18, -0x1.78e051c6d5c58p-17, -0x1.995b4ead14a90p-16,
                         0x1.3be27cf0a29b2p-13, -0x1.a1def3e81672ep-13, -0x1.8d4abe68c1713p-11, 0x1.49c67210dd6b4p-8,
                         -0x1.096238568e357p-6, 0x1.3079edf8c2dc9p-5, -0x1.0fb06dff601fcp-4, 0x1.7fee004dfbcdcp-4,
                         -0x1.9ddb23c3db8c6p-4, 0x1.16ecefcfa5fdap-4, 0x1.f7f5df66fb6d6p-7, -0x1.1df1ad154a29dp-3,
                         0x1.3ba5916e9fd7fp0})
    p = std::fma(p, q, c);
  const double rd = reciprocal(std::fma(2.0, z, 1.0));
  const double s = p * rd;
  const double t = std::fma(z, s * -2.0, p) + -s;
  return std::fma(t, rd, s);
}

// __nv_normcdff: erfcf(t)/2, t = -a/sqrt(2) in two parts (a clamped to [-14.5, 14.5]): erfc(|t|)
// e^(t^2) times e^(-t^2) by the unit's 2^x (ex2.approx.ftz) with the square's rounding error put
// back, reflected for t < 0; below a = -1 corrected by the derivative for the lower part of t.
inline float normcdff(float a) {
  const float x = std::fabs(a) > 14.5f ? std::copysign(14.5f, a) : a;
  const float hi = x * -0x1.6a09e6p-1f;
  const float lo = std::fma(x, -0x1.9fcef4p-27f, std::fma(x, -0x1.6a09e6p-1f, -hi));
  const float t = hi + lo;
  const float z = std::fabs(t);
  const float m = -z * z;
  float j = std::trunc(m * 0x1.715476p0f);
  if (std::fabs(j) > 126.0f) j = std::copysign(126.0f, j);
  float r = std::fma(j, -0x1.62e430p-1f, m);
  r = std::fma(j, 0x1.05c610p-29f, r);
  const float scale = std::bit_cast<float>(std::bit_cast<std::uint32_t>(j + 0x1.8000fep23f) << 23);  // 2^j
  float g = cusim::sfu::ex2(r * 0x1.715476p0f) * scale;
  g = std::fma(g, std::fma(-z, z, z * z), g);
  float c = z > 0x1.41c290p3f ? 0.0f : erfcx_kernelf(z) * g;
  if (t < 0.0f) c = 2.0f - c;
  if (x < -1.0f) c = std::fma((t * -2.0f) * c, (hi - t) + lo, c);
  return 0.5f * c;
}

// __nv_erfc: for finite a, erfc(|a|) as erfcx_kernel (erfc(z) e^(z^2)) times e^(-z^2) (2^i e^r,
// i = round(-z^2 log2(e)) by the 1.5 2^52 shift, r by ln 2 in two parts, 2^i applied in two steps,
// then the rounding error of -z^2 put back); 0 above |a| = 27.25 (high word above 0x403b4000); for
// a < 0, 2 minus that. erfc(+inf) = 0, erfc(-inf) = 2, a NaN is a + a.
inline double erfc(double a) {
  const std::int32_t h = hi32(a), ah = h & 0x7fffffff, l = lo32(a);
  if (ah >= 0x7ff00000) {
    if (ah == 0x7ff00000 && l == 0) return h < 0 ? 2.0 : 0.0;
    return a + a;
  }
  const double z = from_words(l, ah);
  const double m = -z * z;
  const double shifted = std::fma(m, 0x1.71547652b82fep0, 0x1.8p52);
  const std::int32_t i = lo32(shifted);
  const double k = shifted + -0x1.8p52;
  double r = std::fma(k, -0x1.62e42fefa39efp-1, m);
  r = std::fma(k, -0x1.abc9e3b39803fp-56, r);
  double p = std::fma(0x1.ade1569ce2bdfp-26, r, 0x1.28af3fca213eap-22);
  for (const double c : {0x1.71dee62401315p-19, 0x1.a01997c89eb71p-16, 0x1.a01a014761f65p-13, 0x1.6c16c1852b7afp-10,
                         0x1.1111111122322p-7, 0x1.55555555502a1p-5, 0x1.5555555555511p-3, 0x1.000000000000bp-1, 1.0, 1.0})
    p = std::fma(p, r, c);
  const std::int32_t half = i / 2;  // sdiv: toward zero
  double g = mul_rn(from_words(lo32(p), static_cast<std::int32_t>(static_cast<std::uint32_t>(hi32(p)) +
                                                                  (static_cast<std::uint32_t>(half) << 20))),
                    from_words(0, static_cast<std::int32_t>(0x3ff00000u + (static_cast<std::uint32_t>(i - half) << 20))));
  g = std::fma(g, std::fma(-z, z, -m), g);
  // the product stays unfused: the PTX's mul.f64 reaches 2 - c only through two selp.f64
  double c = ah > 0x403b4000 ? 0.0 : mul_rn(erfcx_kernel(z), g);
  if (h < 0) c = 2.0 - c;
  return c;
}

// __nv_normcdf: erfc(t)/2, t = -a/sqrt(2) in two parts (a clamped to [-38.5, 38.5]); below a = -1
// corrected by the derivative for the lower part of t.
inline double normcdf(double a) {
  const double x = std::fabs(a) > 38.5 ? std::copysign(38.5, a) : a;
  const double hi = x * -0x1.6a09e667f3bcdp-1;
  const double lo = std::fma(x, 0x1.bdd3413b26456p-55, std::fma(x, -0x1.6a09e667f3bcdp-1, -hi));
  const double t = hi + lo;
  double c = erfc(t);
  if (static_cast<std::uint32_t>(hi32(x)) > 0xbff00000u) c = std::fma((t * -2.0) * c, (hi - t) + lo, c);
  return 0.5 * c;
}

// mul.rz.f32: the product, exact in double, truncated to a float.
inline float mul_rz(float a, float b) {
  const double p = static_cast<double>(a) * b;
  const float f = static_cast<float>(p);
  return std::fabs(static_cast<double>(f)) > std::fabs(p) ? std::nextafter(f, 0.0f) : f;
}

// __nv_erfcxf: for |a| under 10.05 the erfc kernel, above 1/(sqrt(pi) |a|) times an asymptotic
// series in 1/a^2 (1/|a| by div.approx.f32). For a < 0, 2 e^(a^2) minus that: a^2 truncated plus its
// error, e^(a^2) as the unit's 2^f times 2^n, n by a round-down fma on a shifted constant.
inline float erfcxf(float a) {
  const float z = std::fabs(a);
  float r;
  if (z < 0x1.41c290p3f) {
    r = erfcx_kernelf(z);
  } else {
    const float q = cusim::sfu::div_f32(0.25f, z * 0.25f);
    const float q2 = q * q;
    float p = std::fma(6.5625f, q2, -1.875f);
    for (const float c : {0.75f, -0.5f, 1.0f}) p = std::fma(p, q2, c);
    r = p * (q * 0x1.20dd76p-1f);
  }
  if (!(a < 0.0f)) return r;
  const float m = mul_rz(z, z);
  const float e = std::fma(z, z, -m);
  const float u = std::fma(m, 0x1.77313ap-8f, 0.5f);
  const float s = u > 1.0f ? 1.0f : u;  // cvt.sat (u is at least 1/2)
  // fma.rm(s, 252, 2^23 + 2^22 + 1): exact in double (s has 24 bits), then rounded down.
  const float n = static_cast<float>(std::floor(static_cast<double>(s) * 252.0 + 0x1.800002p23));
  float f = std::fma(m, 0x1.715476p0f, -(n + -0x1.8000fep23f));
  f = std::fma(m, 0x1.4ae0c0p-26f, f);
  const float scale = std::bit_cast<float>(std::bit_cast<std::uint32_t>(n) << 23);
  const float g = cusim::sfu::ex2(f);
  const float twice = std::fma(g, scale, g * scale);  // nvcc contracts g*scale + g*scale
  return twice == std::numeric_limits<float>::infinity() ? twice : std::fma(twice, e, twice) - r;
}

// __nv_erfcx: for |a| under 32 the erfc kernel, above 1/(sqrt(pi) a) times an asymptotic series in
// 1/a^2. For a < 0 (or -0), 2 e^(a^2) (exp) plus the square's rounding error, minus that.
inline double erfcx(double a) {
  double r;
  if ((hi32(a) & 0x7fffffff) < 0x40400000) {
    r = erfcx_kernel(std::fabs(a));
  } else {
    const double q = 1.0 / a;
    const double q2 = q * q;
    double p = std::fma(-0x1.d88p4, q2, 6.5625);
    for (const double c : {-1.875, 0.75, -0.5, 1.0}) p = std::fma(p, q2, c);
    r = p * (q * 0x1.20dd750429b6dp-1);
  }
  if (hi32(a) >= 0) return r;
  const double m = a * a;
  const double em = exp(m);
  const double twice = em + em;
  return twice == std::numeric_limits<double>::infinity() ? twice : std::fma(twice, std::fma(a, a, -m), twice) - r;
}


// __nv_expm1f (no flush to zero): a = j ln 2 + r, |r| <= ln 2 / 2 (j = 0 below 0.41); e^r - 1 by a
// polynomial, then 2^j (e^r - 1) + (2^j - 1), 2^j from the special-function unit (2^127 twice for
// j = 128); +inf above, -1 below, a zero kept.
inline float expm1f(float a) {
  float j = std::nearbyint(a * 0x1.715476p0f);
  if (std::fabs(a) < 0x1.a3d70ap-2f) j = 0.0f;
  float r = std::fma(-j, 0x1.62e4p-1f, a);
  r = std::fma(-j, 0x1.7f7d1cp-20f, r);
  const float k = j == 128.0f ? j + -1.0f : j;
  float p = std::fma(0x1.6bd7ccp-10f, r, 0x1.12acc6p-7f);
  p = std::fma(p, r, 0x1.5557c6p-5f);
  p = std::fma(p, r, 0x1.5553ecp-3f);
  p = std::fma(p, r, 0x1.fffffcp-2f);
  const float q = std::fma(r * p, r, r);
  const float s = cusim::sfu::ex2_f32(k);
  float e = std::fma(q, s, s + -1.0f);
  if (j == 128.0f) e = e + e;
  if (k > 128.0f) e = std::numeric_limits<float>::infinity();
  if (k < -25.0f) e = -1.0f;
  return a == 0.0f ? a + a : e;
}


// __nv_cyl_bessel_i0f: below 9 a polynomial in x^2; from 9 on, P(1/x) / sqrt(x) times e^x, e^x as
// (e^(x/2) - 1)(e^(x/2) + 1) + 1 from expm1f. 1/x and 1/sqrt(x) are the special-function unit's.
inline float cyl_bessel_i0f(float a) {
  const float x = std::fabs(a);
  if (x >= 9.0f && x < std::numeric_limits<float>::infinity()) {
    const float r = cusim::sfu::rcp(x);
    float p = std::fma(0x1.65174cp-2f, r, -0x1.65961ap-8f);
    for (const float c : {0x1.112e0ep-5f, 0x1.c8efc4p-6f, 0x1.988a4ap-5f, 0x1.988452p-2f}) p = std::fma(p, r, c);
    const float y = p * cusim::sfu::rsqrt(x);
    const float e = expm1f(x * 0.5f);
    return mul_rn(y * e, e + 2.0f) + y;  // mul.rn and add.rn: not fused
  }
  const float x2 = x * x;
  float p = std::fma(0x1.6e5202p-63f, x2, 0x1.0b56ecp-56f);
  for (const float c : {0x1.811024p-47f, 0x1.489db6p-39f, 0x1.041228p-31f, 0x1.231ab4p-24f, 0x1.c72338p-18f,
                        0x1.c71becp-12f, 0x1.000004p-6f, 0x1p-2f, 1.0f})
    p = std::fma(p, x2, c);
  return p;
}

// __nv_cyl_bessel_i1f: below 8.085 x/2 + x^3 P(x^2); from there on as cyl_bessel_i0f, another
// P(1/x), the sign of a copied.
inline float cyl_bessel_i1f(float a) {
  const float x = std::fabs(a);
  if (x >= 0x1.02b852p3f && x < std::numeric_limits<float>::infinity()) {
    const float r = cusim::sfu::rcp(x);
    float p = std::fma(-0x1.0179a8p-1f, r, 0x1.d27a5cp-6f);
    for (const float c : {-0x1.8f404ap-5f, -0x1.7c3d52p-5f, -0x1.326696p-3f, 0x1.988456p-2f}) p = std::fma(p, r, c);
    const float y = p * cusim::sfu::rsqrt(x);
    const float e = expm1f(x * 0.5f);
    return std::copysign(mul_rn(y * e, e + 2.0f) + y, a);
  }
  const float x2 = a * a;
  float p = std::fma(0x1.9af7bap-59f, x2, 0x1.8a9582p-52f);
  for (const float c : {0x1.6e19p-43f, 0x1.23858ap-35f, 0x1.852d5cp-28f, 0x1.6bfffcp-21f, 0x1.c71f2ap-15f,
                        0x1.55552ep-9f, 0x1.000002p-4f})
    p = std::fma(p, x2, c);
  return std::fma(a, x2 * p, a * 0.5f);
}

// __nv_cyl_bessel_i0: below 11.05 (and from 2^125 on, where it overflows) a polynomial in x^2;
// otherwise P(1/x) / sqrt(x) times e^(x/2) twice (exp). 1/x and 1/sqrt(x) start from the
// special-function unit's f64 approximations (modelled by precision), refined after.
inline double cyl_bessel_i0(double a) {
  const double x = std::fabs(a);
  if (static_cast<std::uint32_t>(hi32(x) - 0x402619fc) < 0x0799e604u) {
    const double h = exp(x * 0.5);
    const double r = reciprocal(x);
    const double y = rsqrt_refined(x);
    double p = std::fma(0x1.2f851fc237b1dp+32, r, 0x1.fefdd4ff37461p+32);
    for (const double c : {-0x1.a8a1907f57f70p+32, 0x1.10b6852851c22p+31, -0x1.925fc57ccb350p+28,
                           0x1.85261a7176974p+25, -0x1.06bfa24be44dbp+22, 0x1.003cc0da58b08p+18,
                           -0x1.6e73aa6a2c47ap+13, 0x1.85e17bc10541ap+8, -0x1.16c6690365068p+3,
                           0x1.934e08086004cp-2, 0x1.6aa7c7d428943p-4, 0x1.6eac2735a091ep-5, 0x1.debaa90561e71p-6,
                           0x1.cb94ddfd23f70p-6, 0x1.9884533d30179p-5, 0x1.9884533d43657p-2})
      p = std::fma(p, r, c);
    return h * (p * y * h);
  }
  const double x2 = x * x;
  double p = std::fma(0x1.4d7f592957da6p-130, x2, 0x1.8c41d50ab516fp-122);
  for (const double c : {0x1.95dda3f2c417bp-111, 0x1.367189a01363ep-101, 0x1.e90745678b866p-92,
                         0x1.416d14fa3a4bdp-82, 0x1.69d021fde720ep-73, 0x1.5601014e95430p-64, 0x1.0b313c0325230p-55,
                         0x1.522a42ffef890p-47, 0x1.522a440809476p-39, 0x1.02e85c07ba843p-31, 0x1.23456789b9de8p-24,
                         0x1.c71c71c71b63cp-18, 0x1.c71c71c71c7c2p-12, 0x1.ffffffffffffbp-7, 0x1p-2, 1.0})
    p = std::fma(p, x2, c);
  return p;
}

// __nv_cyl_bessel_i1: below 11 (and from 2^125 on) x/2 + x^3 P(x^2); otherwise as cyl_bessel_i0,
// another P(1/x), the sign of a copied.
inline double cyl_bessel_i1(double a) {
  const double x = std::fabs(a);
  if (static_cast<std::uint32_t>(hi32(x) - 0x40260000) < 0x079a0000u) {
    const double h = exp(x * 0.5);
    const double r = reciprocal(x);
    const double y = rsqrt_refined(x);
    double p = std::fma(0x1.8729da7e5a092p+30, r, -0x1.a9923a6810426p+33);
    for (const double c : {0x1.15d3db3c5ffe0p+33, -0x1.4d2d89a3913c1p+31, 0x1.dcdff9b080398p+28,
                           -0x1.c5f2e01fb2ff9p+25, 0x1.2fcfb5fd54150p+22, -0x1.26d4cd831fc06p+18,
                           0x1.a49abc2cad407p+13, -0x1.bf09a8d0b4bcfp+8, 0x1.3f8f8f6f26890p+3, -0x1.d6e31961ece73p-2,
                           -0x1.bbdc121c5123bp-4, -0x1.d76aacf55fc53p-5, -0x1.4f1c4ff86494bp-5, -0x1.7efc0e3c7167ep-5,
                           -0x1.32633e6decf48p-3, 0x1.9884533d43649p-2})
      p = std::fma(p, r, c);
    return std::copysign(p * y * h * h, a);
  }
  const double x2 = a * a;
  double p = std::fma(0x1.68d52e367973fp-125, x2, 0x1.76b71c28918b0p-117);
  for (const double c : {0x1.8082fe6606acbp-106, 0x1.0ec04908e2753p-96, 0x1.8d983808a730dp-87,
                         0x1.e21624af0555ap-78, 0x1.f18024073231ep-69, 0x1.ab810d07c53a4p-60, 0x1.2c97677fab629p-51,
                         0x1.522a42918d8a1p-43, 0x1.27e4fb8f617fcp-35, 0x1.845c8a0abd799p-28, 0x1.6c16c16c369a2p-21,
                         0x1.c71c71c71a4b2p-15, 0x1.5555555555681p-9, 0x1.ffffffffffff1p-5})
    p = std::fma(p, x2, c);
  return std::fma(a, p * x2, a * 0.5);
}

}  // namespace cusim::libdevice
