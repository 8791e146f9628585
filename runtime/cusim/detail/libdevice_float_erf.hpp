// CUDA's float error and gamma functions, erff, erfcf, lgammaf and tgammaf, step for step as
// libdevice (nvvm/libdevice/libdevice.10.bc, __nv_erff, __nv_erfcf, __nv_lgammaf, __nv_tgammaf)
// computes them for sm_90 without fast math (no flush to zero), read from the PTX that nvcc 13.0
// makes of them, so that a simulated kernel gets the GPU's bits, not the C library's. Every step is
// an IEEE operation that the CPU performs as the GPU does (std::fma is fma.rn.f32; a product that
// the PTX keeps apart from what follows is mul_rn, since kernels are compiled with contraction on),
// except the special-function unit's approximations, which sfu.hpp gives bit for bit:
// ex2.approx.ftz.f32 (erff, erfcf), rcp.approx.ftz.f32 (erfcf, lgammaf, tgammaf) and
// div.approx.f32 (tgammaf). A NaN result is the GPU's 0x7fffffff.
#pragma once
#include <cusim/detail/libdevice_math.hpp>
#include <cusim/detail/sfu.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace cusim::libdevice {

// __nv_erff: below |a| = 1.00295 a + a P(a^2); from there on 1 - 2^Q(|a|) (the unit's ex2.approx),
// the sign of a copied. Both polynomials are evaluated by one chain of fmas.
inline float erff(float a) {
  const float z = std::fabs(a);
  const bool far = z >= 0x1.00c1fcp0f;
  const float x = far ? z : mul_rn(a, a);
  float p = std::fma(far ? 0x1.d69874p-14f : 0x1.63d2d4p-14f, x, far ? -0x1.5c00b6p-10f : -0x1.ae9a4p-11f);
  p = std::fma(p, x, far ? 0x1.13233ep-7f : 0x1.55abd4p-8f);
  p = std::fma(p, x, far ? -0x1.49b334p-5f : -0x1.b837cep-6f);
  p = std::fma(p, x, far ? 0x1.46aa32p-3f : 0x1.ce315ep-4f);
  p = std::fma(p, x, far ? 0x1.d369f2p-1f : -0x1.812758p-2f);
  p = std::fma(p, x, far ? 0x1.421428p-1f : 0x1.06eba6p-3f);
  const float y = far ? -z : a;
  const float r = std::fma(p, y, y);
  if (!far) return canonical_nan(r);  // a NaN takes this way: the GPU's NaN is 0x7fffffff
  return std::copysign(1.0f - cusim::sfu::ex2(r), a);
}

// __nv_erfcf: erfc(|a|) as erfcxf's kernel (erfc(z) e^(z^2)) times e^(-z^2), e^(-z^2) as the unit's
// 2^x (ex2.approx.ftz) times 2^j with the square's rounding error put back (as normcdff); 0 above
// 10.055, reflected (2 - erfc) for a < 0.
inline float erfcf(float a) {
  const float z = std::fabs(a);
  const float k = erfcx_kernelf(z);
  const float zz = mul_rn(z, z);
  const float m = -zz;
  float j = std::trunc(mul_rn(m, 0x1.715476p0f));
  if (std::fabs(j) > 126.0f) j = std::copysign(126.0f, j);
  float r = std::fma(j, -0x1.62e430p-1f, m);
  r = std::fma(j, 0x1.05c610p-29f, r);
  const float scale = std::bit_cast<float>(std::bit_cast<std::uint32_t>(j + 0x1.8000fep23f) << 23);  // 2^j
  const float g = mul_rn(cusim::sfu::ex2(mul_rn(r, 0x1.715476p0f)), scale);
  const float e = std::fma(g, std::fma(-z, z, zz), g);
  const float c = z > 0x1.41c290p3f ? 0.0f : mul_rn(k, e);
  return canonical_nan(a < 0.0f ? 2.0f - c : c);
}

// __nv_lgammaf: below 0.7 -log(x + x^2 P(x)) (logf); to 1.5 (1 - x) P(1 - x); to 3 (x - 2) P(x - 2);
// to 7.8 (x - 3) + P(x - 3)/Q(x - 3) (1/Q from the unit's rcp.approx.ftz); from there on Stirling's
// series, (x - 1/2) log x - x + P(1/x). For a < 0 (not an integer, where it is +inf) the
// reflection log(pi) - log|a sin(pi a)| - lgamma(|a|), sin(pi a) by a polynomial on a reduced to
// [-1/4, 1/4] quarter turns; for |a| under 1e-19, -log|a|.
inline float lgammaf(float a) {
  if (a != a) return canonical_nan(a);  // NaN only from NaN, as the GPU's 0x7fffffff
  const float x = std::fabs(a);
  float r;
  if (x >= 3.0f) {
    if (x >= 0x1.f33334p2f) {
      const float rc = cusim::sfu::rcp(x);
      const float rc2 = mul_rn(rc, rc);
      const float h = mul_rn(logf(x), 0.5f);
      const float y = mul_rn(h, x + -0.5f);
      const float d = y - x;
      float p = std::fma(0x1.97ceaap-11f, rc2, -0x1.6c12a6p-9f);
      p = std::fma(p, rc2, 0x1.555546p-4f);
      p = std::fma(p, rc, 0x1.d67f1cp-1f);
      const float s = y + p;
      r = x == std::numeric_limits<float>::infinity() ? x : d + s;
    } else {
      const float y = x + -3.0f;
      float num = std::fma(-0x1.7671f6p9f, y, -0x1.81edf0p13f);
      for (const float c : {-0x1.40cac0p15f, -0x1.796d54p15f, -0x1.175cb4p17f}) num = std::fma(num, y, c);
      float den = y + -0x1.03404p8f;
      for (const float c : {-0x1.50c970p13f, -0x1.6a0d0cp16f, -0x1.9308cap17f}) den = std::fma(den, y, c);
      r = std::fma(num, cusim::sfu::rcp(den), y);
    }
  } else if (x >= 1.5f) {
    const float y = x + -2.0f;
    float p = std::fma(0x1.a00ff4p-15f, y, -0x1.cf4004p-13f);
    for (const float c : {0x1.1bcdf8p-11f, -0x1.3bc1c4p-10f, 0x1.7a0b6ep-9f, -0x1.e3d620p-8f, 0x1.51345p-6f,
                          -0x1.13e034p-4f, 0x1.4a34ccp-2f, 0x1.b0ee60p-2f})
      p = std::fma(p, y, c);
    r = mul_rn(y, p);
  } else if (x >= 0x1.666666p-1f) {
    const float y = 1.0f - x;
    float p = std::fma(0x1.77deecp-5f, y, 0x1.a8eaeep-4f);
    for (const float c : {0x1.f700f2p-4f, 0x1.052b6ap-3f, 0x1.254ecap-3f, 0x1.5ad0cep-3f, 0x1.a8c57ep-3f,
                          0x1.1514e4p-2f, 0x1.9a4d48p-2f, 0x1.a51a64p-1f, 0x1.2788d0p-1f})
      p = std::fma(p, y, c);
    r = mul_rn(y, p);
  } else {  // below 0.7
    float p = std::fma(0x1.d6390cp-9f, x, -0x1.6690f0p-8f);
    for (const float c : {-0x1.6d95dep-5f, 0x1.56aaaap-3f, -0x1.592d8ep-5f, -0x1.4fcdd6p-1f, 0x1.2788c6p-1f})
      p = std::fma(p, x, c);
    r = -logf(std::fma(mul_rn(x, p), x, x));
  }
  if (a >= 0.0f) return r;
  if (x == std::floor(x)) return std::numeric_limits<float>::infinity();
  if (x < 0x1.d83c94p-64f) return -logf(x);
  const float t2 = std::nearbyint(x + x);
  const std::int32_t i = to_int_rz(t2);
  const float u = mul_rn(std::fma(-t2, 0.5f, x), 0x1.921fb6p1f);  // pi times the reduced argument
  const float w = mul_rn(u, u);
  const bool even = (i & 1) == 0;
  const float s0 = even ? u : 1.0f;
  float p = even ? -0x1.9a82a6p-13f : std::fma(0x1.9758p-16f, w, -0x1.6c0fdap-10f);
  p = std::fma(p, w, even ? 0x1.110bc8p-7f : 0x1.555576p-5f);
  p = std::fma(p, w, even ? -0x1.55555p-3f : -0x1.fffffep-2f);
  float v = std::fma(p, std::fma(w, s0, 0.0f), s0);
  if (i & 2) v = std::fma(v, -1.0f, 0.0f);
  const float q = mul_rn(x, std::fabs(v));
  const float c = 0x1.250d04p0f - logf(q);  // log(pi) - log|a sin(pi a)| (+inf for a zero product)
  return std::fma(c, 1.0f, -r);
}

// __nv_tgammaf: below |a| = 1.5 1/(f + f g P(f)) with f = a - rint(a) and g folding in the factor
// a of Gamma(a) = Gamma(a + 1)/a (1/x by div.approx.f32). From 1.5 on (|a| clamped to 41.1)
// Stirling: sqrt(2 pi) 2^((y - 1/2) log2 y - y log2 e) (1 + P(1/y)), the exponent in two floats,
// 2^x by a polynomial times a power of 2 (scaled by 2^-48 above 33 for a < 0). For a < 0 the
// reflection pi/(a sin(pi a) Gamma(-a)) with the product's rounding error carried; NaN at the
// negative integers, 0 or -0 (by the parity of a) below -41.1.
inline float tgammaf(float a) {
  const float x = std::fabs(a);
  float r;
  if (!(x >= 1.5f)) {
    const float f = a == 0.0f ? a : a - std::nearbyint(a);
    const float s = a < -0.5f ? a : 1.0f;
    const float g = a <= 0.5f ? mul_rn(s, f) : s;
    float p = std::fma(-0x1.193eccp-10f, f, 0x1.d207aep-8f);
    for (const float c : {-0x1.3c016p-7f, -0x1.598a44p-5f, 0x1.551366p-3f, -0x1.58180ap-5f, -0x1.4fcf44p-1f,
                          0x1.2788d0p-1f})
      p = std::fma(p, f, c);
    const float d = std::fma(std::fma(p, g, 0.0f), f, g);
    r = cusim::sfu::div_f32(1.0f, d);
    if (!(a < 0.0f)) return r;
  } else {
    const bool negative = a < 0.0f;
    const float c = x > 0x1.48ccccp5f ? 0x1.48ccccp5f : a;
    const float y = std::fabs(c);
    // log2(y) = hi + lo: m in [0.707, 1.414) times 2^e, 2 atanh((m-1)/(m+1)) by a polynomial.
    const bool tiny = y < 0x1p-126f;
    const float ys = tiny ? mul_rn(y, 0x1p24f) : y;
    const std::int32_t bits = std::bit_cast<std::int32_t>(ys);
    const std::int32_t exponent = static_cast<std::int32_t>(static_cast<std::uint32_t>(bits - 0x3f3504f3) & 0xff800000u);
    const float m = std::bit_cast<float>(bits - exponent);
    const float ef = std::fma(static_cast<float>(exponent), 0x1p-23f, tiny ? -24.0f : 0.0f);
    const float fm = m + -1.0f;
    const float rr = cusim::sfu::rcp(m + 1.0f);
    const float u = mul_rn(fm + fm, rr);
    const float u2 = mul_rn(u, u);
    const float d1 = fm - u;
    const float d3 = std::fma(-u, fm, d1 + d1);
    const float ulo = mul_rn(rr, d3);
    float p = std::fma(0x1.5865c8p-11f, u2, 0x1.a5cfb6p-9f);
    p = std::fma(p, u2, 0x1.2776e6p-6f);
    p = std::fma(p, u2, 0x1.ec709ep-4f);
    const float p3 = mul_rn(p, u2);
    constexpr float kLog2e = 0x1.715476p0f;
    const float h = std::fma(u, kLog2e, ef);
    float t = std::fma(u, kLog2e, ef - h);
    t = std::fma(ulo, kLog2e, t);
    t = std::fma(u, 0x1.4abc68p-26f, t);
    t = std::fma(p3, u, t);
    const float hi = h + t;
    const float lo = t + -(hi + -h);
    // (y - 1/2) log2 y - y log2 e, in two floats.
    const float ym = y + -0.5f;
    const float ph = mul_rn(hi, ym);
    float pl = std::fma(hi, ym, -ph);
    pl = std::fma(lo, ym, pl);
    const float ql = mul_rn(kLog2e, y);
    const float qlo = std::fma(0x1.4ae0c0p-26f, y, std::fma(kLog2e, y, -ql));
    const float s65 = ph + -ql;
    const float s66 = s65 + ql;
    const float s68 = s65 + -s66;
    const float s69 = ph + -s66;
    const float s72 = s69 + (-ql + -s68);
    const float s74 = (pl - qlo) + s72;
    const bool huge = y > 33.0f;
    const float eh = negative ? (huge ? 48.0f : -0.0f) - s65 : s65;
    const float el = negative ? -s74 : s74;
    const float n = std::nearbyint(eh);
    const float fr = (eh - n) + el;
    float e = std::fma(0x1.3f971cp-13f, fr, 0x1.5f0bdap-10f);
    for (const float cf : {0x1.3b30acp-7f, 0x1.c6af76p-5f, 0x1.ebfbd8p-3f, 0x1.62e430p-1f, 1.0f}) e = std::fma(e, fr, cf);
    const std::uint32_t k = n > 0.0f ? 0u : 0x83000000u;
    const float scale1 = std::bit_cast<float>(k + 0x7f000000u);
    const float scale2 = std::bit_cast<float>((static_cast<std::uint32_t>(to_int_rz(n)) << 23) - k);
    const float G = mul_rn(mul_rn(mul_rn(e, scale1), scale2), 0x1.40d932p1f);  // sqrt(2 pi) times the power
    const float rc = cusim::sfu::rcp(y);
    float q = std::fma(0x1.1ef2e2p-14f, rc, -0x1.a87dbp-15f);
    for (const float cf : {-0x1.bb4d7cp-12f, 0x1.04157cp-10f, -0x1.2415fap-12f, -0x1.5e9ac8p-9f, 0x1.c70e64p-9f,
                           0x1.555558p-4f})
      q = std::fma(q, rc, cf);
    const float S = mul_rn(rc, q);
    if (!negative) return std::fma(S, G, G);
    // sin(pi y) (or cos), y reduced to quarter turns.
    const float t2 = std::nearbyint(y + y);
    const std::int32_t i = to_int_rz(t2);
    const float fy = std::fma(t2, -0.5f, y);
    const float w = mul_rn(fy, fy);
    float c1 = std::fma(-0x1.2f5992p-1f, w, 0x1.466b20p1f);
    float c2 = std::fma(0x1.d09c24p-3f, w, -0x1.55a5c0p0f);
    c1 = std::fma(c1, w, -0x1.4abbecp2f);
    c2 = std::fma(c2, w, 0x1.03c19ep2f);
    const float z = std::fma(w, fy, 0.0f);
    c2 = std::fma(c2, w, -0x1.3bd3ccp2f);
    c1 = std::fma(c1, z, 0.0f);
    const float cosv = std::fma(c2, w, 1.0f);
    const float sinv = std::fma(0x1.921fb6p1f, fy, c1);
    float sv = (i & 1) ? cosv : sinv;
    if (i & 2) sv = 0.0f - sv;
    const float gg = std::fma(S, c, c);
    const float P = mul_rn(gg, sv);
    const float Pl = std::fma(gg, sv, -P);
    const float R = cusim::sfu::div_f32(1.0f, P);
    const float corr = mul_rn(G, mul_rn(Pl, mul_rn(R, R)));
    const float res = mul_rn(std::fma(G, R, -corr), 0.5f);
    r = huge ? mul_rn(res, 0x1p-48f) : res;
  }
  // a < 0 here
  if (std::trunc(a) == a) return std::bit_cast<float>(0x7fffffffu);
  if (!(a < -0x1.48ccccp5f)) return r;
  return (to_int_rz(a) & 1) ? 0.0f : r;
}

}  // namespace cusim::libdevice
