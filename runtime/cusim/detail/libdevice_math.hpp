// CUDA's own algorithms for the math functions whose exact results cuRAND's distributions depend
// on: double log, exp and sincospi and float logf, step for step as libdevice (the bitcode that
// nvcc links into every kernel, nvvm/libdevice/libdevice.10.bc) computes them, so that a
// simulated kernel gets the GPU's bits, not the C library's (which differs in the last place for
// some arguments). Every step is an IEEE operation that the CPU performs exactly as the GPU does
// (std::fma is the GPU's fused multiply-add), except one: log's first reciprocal is the GPU's
// approximate rcp.approx.ftz.f64, modelled here by its precision (20 fraction bits). The Newton
// step after it removes that difference but for arguments within 2^-60 of a rounding boundary.
// tests/plain_cuda/88_curand_distributions.cu compares the results with an H200's.
#pragma once
#include <bit>
#include <cmath>
#include <cstdint>
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
  double r = rcp_approx_ftz(g);
  double t = std::fma(-g, r, 1.0);
  t = std::fma(t, t, t);
  r = std::fma(t, r, r);
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

}  // namespace cusim::libdevice
