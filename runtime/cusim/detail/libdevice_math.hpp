// CUDA's own algorithms for the math functions whose exact results cuRAND's distributions depend
// on, and that kernels call by name (erfcinv(f), normcdfinv(f): device_intrinsics.hpp): double log,
// exp, sincospi, erfcinv and normcdfinv and float logf, erfcinvf and normcdfinvf, step for step as
// libdevice (the bitcode that nvcc links into every kernel, nvvm/libdevice/libdevice.10.bc)
// computes them, so that a simulated kernel gets the GPU's bits, not the C library's (which
// differs in the last place for some arguments). Every step is an IEEE operation that the CPU
// performs exactly as the GPU does (std::fma is the GPU's fused multiply-add), except the
// special-function unit's approximations: log's first reciprocal, rcp.approx.ftz.f64, modelled
// here by its precision (20 fraction bits), whose difference the Newton step after it removes but
// for arguments within 2^-60 of a rounding boundary; erfcinv's rsqrt.approx.f64 likewise from
// 2^-333 up (below, no Newton step follows it, and the results are within about 2^-20 of the
// GPU's); erfcinvf's lg2.approx and rsqrt.approx, the unit's own results (sfu.hpp), which decide
// the last bits of the float results. tests/plain_cuda/88_curand_distributions.cu,
// 90_curand_mtgp32.cu and 98_erfcinv_exact.cu compare the results with an H200's.
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

// rcp.approx.ftz.f64: MUFU.RCP64H's reciprocal of the high word, its result's low word zero.
inline double rcp_approx_ftz(double x) {
  const double r = 1.0 / from_words(0, hi32(x));
  return from_words(0, hi32(r));
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

// __nv_exp: 2^i by the exponent field times e^r, r = a - i ln 2 in two parts, by a polynomial.
inline double exp(double a) {
  const double shifted = std::fma(a, 0x1.71547652b82fep0, 0x1.8p52);
  const std::int32_t i = lo32(shifted);
  const double k = shifted + -0x1.8p52;
  double r = std::fma(k, -0x1.62e42fefa39efp-1, a);
  r = std::fma(k, -0x1.abc9e3b39803fp-56, r);
  double p = std::fma(0x1.ade1569ce2bdfp-26, r, 0x1.28af3fca213eap-22);
  p = std::fma(p, r, 0x1.71dee62401315p-19);
  p = std::fma(p, r, 0x1.a01997c89eb71p-16);
  p = std::fma(p, r, 0x1.a01a014761f65p-13);
  p = std::fma(p, r, 0x1.6c16c1852b7afp-10);
  p = std::fma(p, r, 0x1.1111111122322p-7);
  p = std::fma(p, r, 0x1.55555555502a1p-5);
  p = std::fma(p, r, 0x1.5555555555511p-3);
  p = std::fma(p, r, 0x1.000000000000bp-1);
  p = std::fma(p, r, 1.0);
  p = std::fma(p, r, 1.0);
  const float magnitude = std::fabs(std::bit_cast<float>(hi32(a)));
  if (magnitude < std::bit_cast<float>(0x4086232b)) return from_words(lo32(p), hi32(p) + (i << 20));
  double z = a < 0.0 ? 0.0 : a + std::numeric_limits<double>::infinity();
  if (magnitude < std::bit_cast<float>(0x40874800)) {  // near the ends of the range: scale in two steps
    const std::int32_t half = i / 2;
    z = from_words(lo32(p), hi32(p) + (half << 20)) * from_words(0, 0x3ff00000 + ((i - half) << 20));
  }
  return z;
}

// __nv_sincospi: a = k/2 + r, |r| <= 1/4; sin and cos of pi r by polynomials, then the quadrant.
inline void sincospi(double a, double* s, double* c) {
  double x = a;
  if (static_cast<std::uint32_t>(hi32(a)) * 2u > 0x86800000u) x = a * 0.0;  // |a| >= 2^52: an integer (or inf/NaN)
  const double k = std::round(from_words(lo32(x), hi32(x) + 0x00100000));  // 2x, rounded half away from 0
  const std::int32_t q = static_cast<std::int32_t>(static_cast<std::int64_t>(k));
  const double r = std::fma(-k, 0.5, x);
  const double pr = std::fma(r, 0x1.921fb54442d18p1, r * 0x1.1a62633145c07p-53);
  const double w = pr * pr;
  double cp = std::fma(-0x1.8ff8320fd8164p-37, w, 0x1.1eea7c1ef8528p-29);
  cp = std::fma(cp, w, -0x1.27e4f8e06e6d9p-22);
  cp = std::fma(cp, w, 0x1.a01a019ddbce9p-16);
  cp = std::fma(cp, w, -0x1.6c16c16c15d47p-10);
  cp = std::fma(cp, w, 0x1.5555555555551p-5);
  cp = std::fma(cp, w, -0.5);
  cp = std::fma(cp, w, 1.0);
  double sp = std::fma(0x1.5db65f9785ebap-33, w, -0x1.ae5f12cb0d246p-26);
  sp = std::fma(sp, w, 0x1.71de369ace392p-19);
  sp = std::fma(sp, w, -0x1.a01a019db62a1p-13);
  sp = std::fma(sp, w, 0x1.1111111110818p-7);
  sp = std::fma(sp, w, -0x1.5555555555554p-3);
  sp = std::fma(sp, w, 0.0);
  sp = std::fma(sp, pr, pr);
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

// rsqrt.approx.f64: MUFU.RSQ64H's reciprocal square root of the high word, its low word zero. The
// Newton step after it leaves the result independent of its last bits but within 2^-60 or so of a
// rounding boundary.
inline double rsqrt_approx(double x) {
  const double r = 1.0 / std::sqrt(from_words(0, hi32(x)));
  return from_words(0, hi32(r));
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

// __nv_erfcinv. For a in [2^-10, 2 - 2^-10] a polynomial in -log(a (2 - a)) - 3.125 times (1 - a);
// in the tails, with p the smaller of a and 2 - a, a rational function of 1/sqrt(-log p).
inline double erfcinv(double a) {
  const double two_minus_a = 2.0 + -a;
  if (a >= 0x1.fa4d2ad8f904dp-11 && a <= 0x1.ffc0b65aa4e0ep0) {
    const double w = -erfcinv_log(two_minus_a * a) - 3.125;
    double p = std::fma(-0x1.135d2e746e627p-68, w, -0x1.8ddf93324d327p-63);
    for (const double c : {0x1.7b83eef0b7c9fp-60, 0x1.9ba72cd589b91p-57, -0x1.33689090a6b96p-53, 0x1.82e11898132e0p-56,
                           0x1.de4acfd9e26bap-48, -0x1.6d33eed66c487p-45, -0x1.6f2167040d8e2p-44, 0x1.72a22c2d77e20p-39,
                           -0x1.c8859c4e5c0afp-37, -0x1.dc583d118a561p-35, 0x1.20f47ccf46b3cp-30, -0x1.1a9e38dc84d60p-28,
                           -0x1.f36cd6d3d46a9p-26, 0x1.c6b4f5d03b787p-22, -0x1.6e8a5434ae8a2p-20, -0x1.d1d1f7b8736f6p-17,
                           0x1.879c2a212f024p-13, -0x1.845769484fca8p-11, -0x1.8b6c33114f909p-8, 0x1.ebd80d9b13e28p-3,
                           0x1.a755e7c99ae86p0})
      p = std::fma(p, w, c);
    return std::fma(p, -a, p);
  }
  const double p = hi32(a) >= 0x3ff00000 ? two_minus_a : a;
  double t;
  if (std::bit_cast<float>(hi32(p)) >= std::bit_cast<float>(0x2b2bff2f)) {  // p above about 2^-333
    const double s = -erfcinv_log(p);
    const double r0 = rsqrt_approx(s);
    const double e = std::fma(s, -(r0 * r0), 1.0);
    const double y = std::fma(std::fma(0.375, e, 0.5), e * r0, r0);
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
    const double y = rsqrt_approx(-log(p));
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

}  // namespace cusim::libdevice
