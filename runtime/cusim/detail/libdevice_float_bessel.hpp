// CUDA's float Bessel functions of the first and second kind, j0f, j1f, y0f, y1f, jnf and ynf,
// step for step as libdevice (nvvm/libdevice/libdevice.10.bc: __nv_j0f, __nv_j1f, __nv_y0f,
// __nv_y1f, __nv_jnf, __nv_ynf) computes them and nvcc compiles them for sm_90 without fast math
// (no flush to zero), so that a simulated kernel gets the GPU's bits.
// - Near the origin and between the first zeros, polynomials: in x^2 (with (2/pi) log(x) j(x) for
//   the Y's, logf from libdevice_math.hpp) or in x - z, z a zero of the function in two parts.
// - Past 8 (j0f, j1f) or the third zero (y0f, y1f), Hankel's asymptotic form
//   sqrt(2/(pi x)) P(1/x^2) cos(x + Q(1/x^2)/x - offset): 1/x is the special-function unit's
//   rcp.approx.ftz.f32 and 1/sqrt(x) its rsqrt.approx.f32 (sfu.hpp); the phase is reduced by
//   libdevice_float_trig.hpp's reduction (Cody-Waite below 105615, Payne-Hanek above), its quadrant
//   times pi/2 minus the offset (pi/4, 3pi/4 or 5pi/4) added and the sum reduced once more by two
//   parts of pi/2 (__internal_cos_offset_f), the cosine then from sinf's kernel.
// - jnf: for |x| above n (n + 1 from n = 5) the forward recurrence from j0f and j1f; otherwise
//   Miller's backward recurrence from (trunc(sqrt(40 n)) + n) rounded down to even (sqrt.rn),
//   rescaled by 1e-15 above 1e15, normalised by the sum J0 + 2 (J2 + J4 + ...). ynf: the forward
//   recurrence from y0f and y1f; below 2^-126 -1e9/x; a NaN result is -inf.
// Every other step is an IEEE operation the CPU performs as the GPU does: std::fma for fma.rn.f32,
// mul_rn for every product that the GPU rounds on its own (no product here meets an add, except
// the backward recurrence's (2i/x) J_i - J_(i+1), which ptxas fuses into one FFMA: std::fma), `/`
// for div.rn.f32, std::sqrt for sqrt.rn.f32, to_int_rn for cvt.rni. A NaN result is the GPU's
// canonical 0x7fffffff.
// Checked against an H200 over 2^18 arguments per function (every size and sign, zeros,
// infinities, NaNs, subnormals, each branch point and zero of the functions with 64 ulps either
// side; jnf and ynf with n from -3 to 64 and some to 464), every result's bits equal (an unfused
// backward recurrence differs in 73844 of jnf's), and by tests/plain_cuda/100_cuda_standard_math.cu.
#pragma once
#include <cusim/detail/libdevice_float_trig.hpp>
#include <cusim/detail/libdevice_math.hpp>
#include <cusim/detail/sfu.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>

namespace cusim::libdevice {
namespace float_bessel_detail {

// Horner's scheme by fma.rn: fma(p, z, c) for each c.
inline float horner(float p, float z, std::initializer_list<float> cs) {
  for (const float c : cs) p = std::fma(p, z, c);
  return p;
}

// The asymptotic form for x > 8 (finite): amplitude sqrt(2/(pi x)) P(r^2), phase x + r Q(r^2),
// r = 1/x; the result amplitude times cos(phase - offset) (offset passed as -offset).
inline float asymptotic(float x, float p0, float p1, std::initializer_list<float> ps, float q0, float q1,
                        std::initializer_list<float> qs, float neg_offset) {
  const float r = cusim::sfu::rcp(x);
  const float r2 = mul_rn(r, r);
  const float p = horner(std::fma(r2, p0, p1), r2, ps);
  const float q = horner(std::fma(r2, q0, q1), r2, qs);
  const float phase = std::fma(q, r, x);
  const float amp = mul_rn(mul_rn(cusim::sfu::rsqrt(x), 0x1.988454p-1f), p);
  const TrigReducedF k = trig_reducef(phase);
  // __internal_cos_offset_f
  const float off = std::fma(static_cast<float>(k.q & 3), 0x1.921fb6p0f, neg_offset);
  const float u = k.t + off;
  const std::int32_t j = to_int_rn(mul_rn(u, 0x1.45f306p-1f));
  const float jf = static_cast<float>(j);
  float t = std::fma(jf, -0x1.921fb4p0f, u);
  t = std::fma(jf, -0x1.4442d0p-24f, t);
  const float z = sinf_quadrant(t, j + 1);
  return mul_rn(amp, z);
}

// __nv_j0f on x = |a|.
inline float j0_abs(float x) {
  if (x <= 8.0f) {
    const float d1 = (x + -0x1.33d152p1f) + -0x1.d2e366p-24f;
    float p = std::fma(d1, -0x1.6771cep-50f, -0x1.595366p-44f);
    p = horner(p, d1,
               {0x1.7e1c3p-39f, -0x1.a82f02p-38f, -0x1.d21e7p-32f, 0x1.4060b6p-31f, 0x1.f2e286p-25f,
                0x1.eedf0ap-30f, -0x1.6dbf8cp-18f, -0x1.eccb92p-18f, 0x1.3c5bd6p-12f, 0x1.95c668p-11f,
                -0x1.dd5436p-8f, -0x1.b4ee8ep-6f});
    float r = mul_rn(p, d1);
    r = mul_rn(r, (x + -0x1.6148f6p2f) + 0x1.34f46ep-24f);
    r = mul_rn(r, (x + -0x1.14eb56p3f) + -0x1.999bdap-22f);
    return r;
  }
  if (x == std::numeric_limits<float>::infinity()) return 0.0f;
  return asymptotic(x, 0x1.adfd26p1f, -0x1.076f84p-1f, {0x1.a767e6p-4f, -0x1.ffff6cp-5f, 1.0f}, 0x1.23c012p0f,
                    -0x1.a4825ap-3f, {0x1.0a9da2p-4f, -0x1.fffffep-4f}, -0x1.921fb6p-1f);
}

// __nv_j1f's value on x = |a| before its sign is fixed.
inline float j1_abs(float x) {
  if (x <= 8.0f) {
    const float d1 = (x + -0x1.ea7558p1f) + 0x1.4a121ep-24f;
    float p = std::fma(d1, 0x1.5e68c6p-44f, 0x1.037e84p-40f);
    p = horner(p, d1,
               {-0x1.c43d82p-36f, -0x1.bbbdfep-33f, 0x1.36193ap-28f, 0x1.d022e6p-26f, -0x1.1f1b9p-21f,
                -0x1.3cca7ap-19f, 0x1.59b38ap-15f, 0x1.f3d62p-14f, -0x1.d9d738p-10f, -0x1.4edffap-9f,
                0x1.0e7326p-5f});
    const float d2 = (x + -0x1.c0ff6p2f) + 0x1.8971b6p-23f;
    float r = mul_rn(p, d2);
    r = mul_rn(r, d1);
    r = mul_rn(r, x);
    return r;
  }
  if (x == std::numeric_limits<float>::infinity()) return 0.0f;
  return asymptotic(x, -0x1.05966ep2f, 0x1.7fefd2p-1f, {-0x1.8b175cp-3f, 0x1.7fff16p-3f, 1.0f}, -0x1.947744p0f,
                    0x1.72295ap-2f, {-0x1.4fe5d8p-3f, 0x1.7ffffap-2f}, -0x1.2d97c8p1f);
}

// __nv_j1f (NaN not yet canonical).
inline float j1_raw(float a) {
  const float x = std::fabs(a);
  float r = j1_abs(x);
  if (a < 0.0f) r = -r;
  if (x < 0x1.4484cp-100f) r = std::copysign(r, a);
  return r;
}

// __nv_y0f (NaN not yet canonical).
inline float y0_raw(float a) {
  const float x = std::fabs(a);
  float r;
  if (x <= 0x1.c982ecp-2f) {
    const float x2 = mul_rn(a, a);
    const float p = horner(std::fma(x2, 0x1.b7cb58p-24f, -0x1.3e936cp-17f), x2,
                           {0x1.1a62p-11f, -0x1.075b1cp-6f, 0x1.6bbcb4p-3f, -0x1.2e4d6ap-4f});
    const float l = mul_rn(logf(x), 0x1.45f306p-1f);  // logf(0) = -inf, times 2/pi -inf
    r = std::fma(l, j0_abs(x), p);
  } else if (x <= 0x1.ecf5fp0f) {
    const float d = (x + -0x1.c982ecp-1f) + 0x1.cafa06p-27f;
    const float p = horner(std::fma(d, 0x1.bb9166p-6f, -0x1.04ae98p-3f), d,
                           {0x1.fe5992p-3f, -0x1.17e536p-2f, 0x1.b79d26p-3f, -0x1.7189fep-3f, 0x1.84ee9ap-3f,
                            -0x1.a4b964p-3f, 0x1.c1e87ap-3f, -0x1.cf228ap-3f, 0x1.c3a494p-3f, -0x1.f7e35ap-2f,
                            0x1.c24376p-1f});
    r = mul_rn(p, d);
  } else if (x <= 0x1.61663cp2f) {
    const float d = (x + -0x1.fa9534p1f) + -0x1.b30ad4p-24f;
    const float p = horner(std::fma(d, -0x1.93ba7ep-23f, -0x1.bc4c0ep-23f), d,
                           {-0x1.0ae0c8p-18f, 0x1.aa8c2p-15f, 0x1.959daep-13f, -0x1.1e3418p-9f, -0x1.c0fe5cp-8f,
                            0x1.df6d6ap-5f, 0x1.a09be2p-5f, -0x1.9c3426p-2f});
    r = mul_rn(p, d);
  } else if (x <= 0x1.14ef3p3f) {
    const float d = (x + -0x1.c581dcp2f) + -0x1.39c84p-24f;
    const float p = horner(std::fma(d, 0x1.219d7cp-21f, 0x1.53b4d8p-19f), d,
                           {-0x1.80a98p-15f, -0x1.263156p-13f, 0x1.1d3242p-9f, 0x1.b2e9aap-9f, -0x1.8969aep-5f,
                            -0x1.5aef32p-6f, 0x1.334ccap-2f});
    r = mul_rn(p, d);
  } else if (x == std::numeric_limits<float>::infinity()) {
    r = 0.0f;
  } else {
    r = asymptotic(x, -0x1.98d3e6p-2f, 0x1.a1abep-4f, {-0x1.fff0aap-5f, 1.0f}, 0x1.199ac2p0f, -0x1.a1a638p-3f,
                   {0x1.0a8f06p-4f, -0x1.fffff6p-4f}, -0x1.2d97c8p1f);
  }
  if (a < 0.0f) r = std::numeric_limits<float>::quiet_NaN();
  return r;
}

// __nv_y1f (NaN not yet canonical).
inline float y1_raw(float a) {
  const float x = std::fabs(a);
  float r;
  if (x < 0x1p-126f) {
    r = -0x1.45f306p-1f / x;
  } else if (x <= 0x1.b2d588p0f) {
    const float x2 = mul_rn(a, a);
    const float p = horner(std::fma(x2, 0x1.28c598p-27f, -0x1.0a4fb4p-20f), x2,
                           {0x1.2c7d2ap-14f, -0x1.835b96p-9f, 0x1.bd3976p-5f, -0x1.918662p-3f});
    float j = j1_abs(x);
    if (x < 0x1.4484cp-100f) j = std::fabs(j);
    const float l = logf(x);
    const float s = std::fma(j, l, -1.0f / x);
    r = std::fma(p, x, mul_rn(s, 0x1.45f306p-1f));
  } else if (x <= 0x1.e81ddcp1f) {
    const float d = (x + -0x1.193beep1f) + 0x1.6401b8p-24f;
    const float p = horner(std::fma(d, -0x1.13c53ap-16f, 0x1.0c951p-13f), d,
                           {-0x1.e1561ap-12f, 0x1.1ec204p-10f, -0x1.58e08ap-9f, 0x1.e6bbeep-8f, -0x1.3a12f8p-8f,
                            -0x1.0d2d14p-5f, -0x1.e56fbep-4f, 0x1.0aa484p-1f});
    r = mul_rn(p, d);
  } else if (x <= 0x1.c0d26ep2f) {
    const float d = (x + -0x1.5b7fe4p2f) + -0x1.d0f606p-23f;
    const float p = horner(std::fma(d, 0x1.7cafap-26f, -0x1.11482cp-21f), d,
                           {-0x1.7f1428p-19f, 0x1.84fc04p-15f, 0x1.337638p-13f, -0x1.1be3fap-9f, -0x1.10a312p-8f,
                            0x1.a15d82p-5f, 0x1.00b9f8p-5f, -0x1.5c7c56p-2f});
    r = mul_rn(p, d);
  } else if (x <= 0x1.4585c6p3f) {
    const float d = (x + -0x1.13127ap3f) + -0x1.cc2d36p-22f;
    const float p = horner(std::fma(d, 0x1.19e706p-21f, 0x1.05205cp-19f), d,
                           {-0x1.6ebee2p-15f, -0x1.b3f55p-14f, 0x1.07a334p-9f, 0x1.3ce6dap-9f, -0x1.6395cap-5f,
                            -0x1.02b36cp-6f, 0x1.15f994p-2f});
    r = mul_rn(p, d);
  } else if (x == std::numeric_limits<float>::infinity()) {
    r = 0.0f;
  } else {
    r = asymptotic(x, 0x1.4cfecp-1f, -0x1.89572p-3f, {0x1.7ffd7ep-3f, 1.0f}, -0x1.c9c356p0f, 0x1.76e756p-2f,
                   {-0x1.4ff6dcp-3f, 0x1.7ffffep-2f}, -0x1.f6a7a2p1f);
  }
  if (a < 0.0f) r = std::numeric_limits<float>::quiet_NaN();
  return r;
}

}  // namespace float_bessel_detail

// __nv_j0f.
inline float j0f(float a) { return canonical_nan(float_bessel_detail::j0_abs(std::fabs(a))); }

// __nv_j1f.
inline float j1f(float a) { return canonical_nan(float_bessel_detail::j1_raw(a)); }

// __nv_y0f.
inline float y0f(float a) { return canonical_nan(float_bessel_detail::y0_raw(a)); }

// __nv_y1f.
inline float y1f(float a) { return canonical_nan(float_bessel_detail::y1_raw(a)); }

// __nv_jnf.
inline float jnf(int n, float a) {
  using namespace float_bessel_detail;
  if (n == 0) return canonical_nan(j0_abs(std::fabs(a)));
  if (n == 1) return canonical_nan(j1_raw(a));
  if (n < 0) return std::bit_cast<float>(0x7fffffffu);
  const float x = std::fabs(a);
  if (x > static_cast<float>(n + (n > 4 ? 1 : 0))) {  // forward from J0 and J1
    const float two_over_a = 2.0f / a;
    float jim1 = j0_abs(x);
    float ji = j1_raw(a);
    float jip1 = 0.0f;
    for (int i = 1; i < n; ++i) {
      jip1 = std::fma(mul_rn(ji, static_cast<float>(i)), two_over_a, -jim1);
      jim1 = ji;
      ji = jip1;
    }
    return canonical_nan(jip1);
  }
  // Miller's backward recurrence.
  const std::int32_t n40 = static_cast<std::int32_t>(static_cast<std::uint32_t>(n) * 40u);
  const float root = std::sqrt(static_cast<float>(n40));
  std::int32_t m = 0;  // cvt.rzi.s32.f32: toward zero, NaN to 0
  if (root == root) m = root >= 0x1p31f ? std::numeric_limits<std::int32_t>::max() : static_cast<std::int32_t>(root);
  std::int32_t i = static_cast<std::int32_t>((static_cast<std::uint32_t>(m) + static_cast<std::uint32_t>(n)) & ~1u);
  float jip1 = 0.0f, ji1 = 1.0f, lambda = 0.0f, sum = 0.0f;
  for (; i > 0; --i) {
    const float c = mul_rn(static_cast<float>(i), 2.0f) / a;
    float t = std::fma(c, ji1, -jip1);  // mul.f32 and sub.f32, fused by ptxas
    if (std::fabs(t) > 0x1.c6bf52p49f) {  // 1e15: rescale by 1e-15
      t = mul_rn(t, 0x1.203afap-50f);
      jip1 = mul_rn(ji1, 0x1.203afap-50f);
      lambda = mul_rn(lambda, 0x1.203afap-50f);
      sum = mul_rn(sum, 0x1.203afap-50f);
    } else {
      jip1 = ji1;
    }
    if (i - 1 == n) lambda = t;
    if (i & 1) sum = std::fma(t, 2.0f, sum);
    ji1 = t;
  }
  return canonical_nan(lambda / (sum - ji1));
}

// __nv_ynf.
inline float ynf(int n, float a) {
  using namespace float_bessel_detail;
  if (n == 0) return canonical_nan(y0_raw(a));
  if (n == 1) return canonical_nan(y1_raw(a));
  if (n < 0 || !(a >= 0.0f)) return std::bit_cast<float>(0x7fffffffu);
  const float x = std::fabs(a);
  if (x < 0x1p-126f) return -1e9f / x;
  const float two_over_a = 2.0f / a;
  float yim1 = y0_raw(a);
  float yi = y1_raw(a);
  float yip1 = 0.0f;
  for (int i = 1; i < n; ++i) {
    yip1 = std::fma(mul_rn(two_over_a, static_cast<float>(i)), yi, -yim1);
    yim1 = yi;
    yi = yip1;
  }
  if (yip1 != yip1) return -std::numeric_limits<float>::infinity();
  return yip1;
}

}  // namespace cusim::libdevice
