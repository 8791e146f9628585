// CUDA's double sin, cos, tan, sincos, asin, acos, atan and atan2, step for step as libdevice
// (nvvm/libdevice/libdevice.10.bc) computes them for sm_90 without fast math, so that a simulated
// kernel gets the GPU's bits, not the C library's. The trigonometric functions reduce the argument
// by pi/2 in three parts (Cody-Waite) below 2^31 and by Payne-Hanek from there on
// (__internal_trig_reduction_slowpathd, with its table of 2/pi, __cudart_i2opi_d), then evaluate
// sin or cos polynomials (__cudart_sin_cos_coeffs) or tan's and its reciprocal. Every step is an
// IEEE operation the CPU performs as the GPU does (std::fma for fma.rn, mul_rn where libdevice
// keeps a product apart), but for the special-function unit's f64 approximations, which
// libdevice_math.hpp models bit for bit: rcp.approx.ftz.f64 (MUFU.RCP64H) in tan's odd
// quadrants and atan of |a| > 1, rsqrt.approx.ftz.f64 (MUFU.RSQ64H) in asin and acos from
// |a| = 0.575 on, each behind Newton steps. NaNs come out as the GPU's: a NaN argument quieted
// (its sign kept), an invalid operation's NaN 0xfff8000000000000.
// Checked against an H200 over 2 x 2^18 arguments a function, and by
// tests/plain_cuda/100_cuda_standard_math.cu.
#pragma once
#include <cusim/detail/libdevice_math.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace cusim::libdevice {

namespace trig_detail {

// A NaN argument's result: the GPU's double operations return a NaN operand quieted, its sign
// kept (whatever neg or abs modifier the instruction applies, unlike the host's), so every
// function here returns its NaN argument quieted.
inline double quiet(double x) { return std::bit_cast<double>(std::bit_cast<std::uint64_t>(x) | 0x0008000000000000ull); }
// The GPU's NaN for an invalid operation (inf * 0, the asin of |a| > 1), whatever the host's.
inline double invalid_nan() { return std::bit_cast<double>(0xfff8000000000000ull); }

// x with 2^k added to its exponent through the high word, as libdevice scales by powers of two.
inline double add_to_high_word(double x, std::int32_t k) {
  return from_words(lo32(x), static_cast<std::int32_t>(static_cast<std::uint32_t>(hi32(x)) + static_cast<std::uint32_t>(k)));
}

// __cudart_i2opi_d: the bits of 2/pi, 64 at a time, the least significant word first.
inline constexpr std::uint64_t kTwoOverPiBits[18] = {
    0x6bfb5fb11f8d5d08ull, 0x3d0739f78a5292eaull, 0x7527bac7ebe5f17bull, 0x4f463f669e5fea2dull,
    0x6d367ecf27cb09b7ull, 0xef2f118b5a0a6d1full, 0x1ff897ffde05980full, 0x9c845f8bbdf9283bull,
    0x3991d639835339f4ull, 0xe99c7026b45f7e41ull, 0xe88235f52ebb4484ull, 0xfe1deb1cb129a73eull,
    0x06492eea09d1921cull, 0xb7246e3a424dd2e0ull, 0xfe5163abdebbc561ull, 0xdb6295993c439041ull,
    0xfc2757d1f534ddc0ull, 0xa2f9836e4e441529ull};

struct TrigReduced {
  double r;        // the argument minus q pi/2, |r| <= pi/4 or so
  std::int32_t q;  // the quadrant (its low two bits matter)
};

// __internal_trig_reduction_slowpathd (Payne-Hanek), for |a| >= 2^31: the significand times the
// 192 bits of 2/pi around its binary point (64 x 64 products with carries, libdevice's asm), the
// quadrant from the top two bits, the fraction rounded to the nearest (a negative fraction taken
// from the next quadrant), normalised and multiplied by pi/2 (0xc90fdaa22168c235 2^-63).
inline TrigReduced trig_reduction_slowpath(double a) {
  const std::uint32_t high = static_cast<std::uint32_t>(hi32(a));
  std::uint32_t sign = high & 0x80000000u;
  const std::uint32_t biased = (high >> 20) & 2047u;
  if (biased == 2047u) return {a, 0};
  const std::uint32_t e = biased - 1024u;
  const std::uint64_t m = std::bit_cast<std::uint64_t>(a) << 11 | 0x8000000000000000ull;
  const std::int32_t first = 16 - static_cast<std::int32_t>(e >> 6);
  std::uint64_t result[5] = {};
  std::uint64_t carry = 0;
  std::int32_t q = first - 1;
  for (const std::int32_t end = first + 3 < 18 ? first + 3 : 18; q < end; ++q) {
    const unsigned __int128 p = static_cast<unsigned __int128>(kTwoOverPiBits[q]) * m + carry;
    result[q - (first - 1)] = static_cast<std::uint64_t>(p);
    carry = static_cast<std::uint64_t>(p >> 64);
  }
  result[q - (first - 1)] = carry;
  const std::uint32_t shift = e & 63u;
  std::uint64_t lo = result[2], hi = result[3];
  if (shift != 0) {
    hi = hi << shift | lo >> (64 - shift);
    lo = lo << shift | result[1] >> (64 - shift);
  }
  std::int32_t quadrant = static_cast<std::int32_t>(hi >> 62);
  hi = hi << 2 | lo >> 62;
  lo <<= 2;
  const std::int32_t round_up = static_cast<std::int32_t>(hi >> 63);
  quadrant += round_up;
  if (sign != 0) quadrant = -quadrant;
  if (round_up != 0) {  // the 128-bit 0 - (hi, lo)
    const unsigned __int128 v = -(static_cast<unsigned __int128>(hi) << 64 | lo);
    lo = static_cast<std::uint64_t>(v);
    hi = static_cast<std::uint64_t>(v >> 64);
    sign ^= 0x80000000u;
  }
  const std::int32_t lead = hi == 0 ? 64 : std::countl_zero(hi);
  if (lead != 0) hi = lead == 64 ? lo : (hi << lead | lo >> (64 - lead));  // PTX clamps a shift by 64
  const unsigned __int128 product = static_cast<unsigned __int128>(hi) * 0xc90fdaa22168c235ull;
  std::uint64_t top = static_cast<std::uint64_t>(product >> 64);
  std::int32_t exponent = lead;
  if (static_cast<std::int64_t>(top) > 0) {
    top = static_cast<std::uint64_t>((product + product) >> 64);
    exponent = lead + 1;
  }
  const std::uint64_t bits = (static_cast<std::uint64_t>(sign) << 32) |
                             ((static_cast<std::uint64_t>(static_cast<std::uint32_t>(1022 - exponent)) << 52) +
                              ((((top + 1) >> 10) + 1) >> 1));
  return {std::bit_cast<double>(bits), quadrant};
}

// __internal_trig_reduction_kerneld for a finite a: q = rint(a 2/pi) (cvt.rni.s32.f64), a - q pi/2
// with pi/2 in three parts; from 2^31 on the slow path. (The callers take infinities, which
// libdevice makes a * 0, and NaNs apart.)
inline TrigReduced trig_reduction(double a) {
  if (std::fabs(a) >= 0x1p31) return trig_reduction_slowpath(a);
  const double k2 = a * 0x1.45f306dc9c883p-1;
  const std::int32_t q = k2 != k2 ? 0 : static_cast<std::int32_t>(std::nearbyint(k2));  // cvt.rni: NaN to 0
  const double k = static_cast<double>(q);
  double r = std::fma(-k, 0x1.921fb54442d18p+0, a);
  r = std::fma(-k, 0x1.1a62633145c00p-54, r);
  r = std::fma(-k, 0x1.b839a252049c0p-104, r);
  return {r, q};
}

// (sin_poly and cos_poly, __internal_sin_cos_kerneld's polynomials, are libdevice_math.hpp's.)

// __internal_sin_cos_kerneld for quadrant i: sin or cos of z by i's low bit, negated as
// fma(v, -1, 0) when i & 2 (so a zero comes out +0).
inline double sin_cos_kernel(double z, std::int32_t i) {
  const double v = (i & 1) != 0 ? cos_poly(z) : sin_poly(z);
  return (i & 2) != 0 ? std::fma(v, -1.0, 0.0) : v;
}

// asin and acos's polynomial: asin x = x + x^3 p(x^2), here p(v) for v = x^2 (or (1 - |x|)/2).
inline double asin_poly(double v) {
  double p = std::fma(0x1.0066bdc1895e9p-4, v, -0x1.3823b180754afp-4);
  for (const double c : {0x1.11e52cc2f79aep-4, -0x1.24eaf3526861bp-6, 0x1.1df02a31e6cb7p-6, 0x1.47d18b0eec6ccp-7,
                         0x1.d0af961ba53b0p-7, 0x1.1bf7734cf1c48p-6, 0x1.6e91483144ef7p-6, 0x1.f1c6e0a4f9f81p-6,
                         0x1.6db6dc27fa92bp-5, 0x1.333333320f91bp-4, 0x1.5555555555f4dp-3})
    p = std::fma(p, v, c);
  return p;
}

// sqrt(v) as asin and acos compute it (libdevice's asm rsqrt.approx.ftz.f64, then a coupled
// Newton iteration for sqrt and 1/(2 sqrt)).
inline double asin_sqrt(double v) {
  const double r = rsqrt_approx(v);
  const double h = add_to_high_word(r, -0x00100000);  // r / 2
  const double s = v * r;
  const double s1 = std::fma(std::fma(s, -s, v), h, s);
  const double g = std::fma(std::fma(r, -s1, 1.0), h, h);
  return std::fma(std::fma(s1, -s1, v), g, s1);
}

// atan's polynomial on [0, 1]: atan t = t + t^3 p(t^2).
inline double atan_poly(double t) {
  const double w = t * t;
  double p = std::fma(-0x1.53e1d2a25ff7ep-16, w, 0x1.d3b63dbb65b49p-13);
  for (const double c : {-0x1.312788dde082ep-10, 0x1.f9690c8249315p-9, -0x1.2cf5aabc7cf0dp-7, 0x1.162b0b2a3bfdep-6,
                         -0x1.a7256feb6fc6bp-6, 0x1.171560ce4a489p-5, -0x1.4f44d841450e4p-5, 0x1.7ee3d3f36bb95p-5,
                         -0x1.ad32ae04a9fd1p-5, 0x1.e17813d66954fp-5, -0x1.11089ca9a5bcdp-4, 0x1.3b12b2db51738p-4,
                         -0x1.745d022f8dc5cp-4, 0x1.c71c709dfe927p-4, -0x1.2492491fa1744p-3, 0x1.99999999840d2p-3,
                         -0x1.555555555544cp-2})
    p = std::fma(p, w, c);
  return std::fma(p * w, t, t);
}

}  // namespace trig_detail

// __nv_sin and __nv_cos (sm_90: the table form of the kernel, cos one quadrant on). Infinity
// gives the invalid NaN (libdevice's a * 0, in quadrant 0).
inline double sin(double a) {
  using namespace trig_detail;
  if (a != a) return quiet(a);
  if (std::fabs(a) == std::numeric_limits<double>::infinity()) return invalid_nan();
  const TrigReduced t = trig_reduction(a);
  return sin_cos_kernel(t.r, t.q);
}
inline double cos(double a) {
  using namespace trig_detail;
  if (a != a) return quiet(a);
  if (std::fabs(a) == std::numeric_limits<double>::infinity()) return invalid_nan();
  const TrigReduced t = trig_reduction(a);
  return sin_cos_kernel(t.r, t.q + 1);
}

// __nv_sincos: one reduction, both polynomials, exchanged and negated (sign bit flips) by quadrant.
inline void sincos(double a, double* sptr, double* cptr) {
  using namespace trig_detail;
  if (a != a || std::fabs(a) == std::numeric_limits<double>::infinity()) {
    *sptr = *cptr = a != a ? quiet(a) : invalid_nan();
    return;
  }
  const TrigReduced t = trig_reduction(a);
  double s = sin_poly(t.r), c = cos_poly(t.r);
  if ((t.q & 1) != 0) {
    const double s0 = s;
    s = c;
    c = -s0;
  }
  if ((t.q & 2) != 0) {
    s = -s;
    c = -c;
  }
  *sptr = s;
  *cptr = c;
}

// __nv_tan: tan z = z + z^3 p(z^2) (the product p z^2 plain); in odd quadrants -1/tan z, from
// rcp.approx refined twice with tan z's lost low part.
inline double tan(double a) {
  using namespace trig_detail;
  if (a != a) return quiet(a);
  if (std::fabs(a) == std::numeric_limits<double>::infinity()) return invalid_nan();
  const TrigReduced t = trig_reduction(a);
  const double z = t.r;
  const double w = z * z;
  double p = std::fma(0x1.48dac2799bcb9p-17, w, -0x1.9757c5b27ebb1p-16);
  for (const double c : {0x1.980e90fd91e04p-15, -0x1.ae2b0417d7e1dp-16, 0x1.19f5341bfba57p-14, 0x1.5e791a00f6919p-14,
                         0x1.ff2e7fadec73ap-13, 0x1.34bc1b206da62p-11, 0x1.7db18ef2f83f9p-10, 0x1.d6d2e7ae49fbcp-9,
                         0x1.226e3a816a776p-7, 0x1.664f485d25660p-6, 0x1.ba1ba1babf31dp-5, 0x1.11111111105d2p-3,
                         0x1.555555555555ep-2})
    p = std::fma(p, w, c);
  const double pw = p * w;
  const double y = std::fma(pw, z, z);
  if ((t.q & 1) == 0) return y;
  const double y_lo = std::fma(pw, z, -(y - z));
  const double r0 = rcp_approx_ftz(y);
  double e = std::fma(-y, r0, 1.0);
  e = std::fma(e, e, e);
  const double r = -std::fma(e, r0, r0);
  const double d = std::fma(r, y_lo, std::fma(y, r, 1.0));
  return std::fma(d, r, r);
}

// __nv_asin: below |a| = 0.575 (the high word read as a float) the odd polynomial; above,
// pi/2 - 2 asin(sqrt((1 - |a|)/2)) in parts, the sign of a copied.
inline double asin(double a) {
  using namespace trig_detail;
  if (a != a) return quiet(a);
  if ((hi32(a) & 0x7fffffff) < 0x3fe26666) {
    const double w = a * a;
    return std::fma(asin_poly(w) * w, a, a);
  }
  const double x = std::fma(-0.5, std::fabs(a), 0.5);
  if (hi32(x) < 0) return std::copysign(invalid_nan(), a);  // |a| > 1: libdevice's NaN carried through
  const double t = x == 0.0 ? x : asin_sqrt(x);
  const double px = asin_poly(x) * x;
  const double m = mul_rn(-2.0, t);
  const double lo = std::fma(m, px, 0x1.1a62633145c07p-54);
  return std::copysign(((m + 0x1.921fb54442d18p-1) + lo) + 0x1.921fb54442d18p-1, a);
}

// __nv_acos: below |a| = 0.575 pi/2 -+ asin|a| (pi/2 in two parts); above, 2 asin(sqrt((1 - |a|)/2))
// by the polynomial in 1 - |a|, from pi for a < 0.
inline double acos(double a) {
  using namespace trig_detail;
  if (a != a) return quiet(a);
  const std::int32_t high = hi32(a);
  const double x = std::fabs(a);
  if (hi32(x) < 0x3fe26666) {
    const double w = x * x;
    const double s = std::fma(asin_poly(w) * w, x, x);
    if (high < 0) return 0x1.921fb54442d18p+0 + (s + 0x1.1a62633145c07p-54);
    return 0x1.921fb54442d18p+0 + -(s + -0x1.1a62633145c07p-54);
  }
  const double u = 1.0 - x;
  const double root = add_to_high_word(asin_sqrt(add_to_high_word(u, -0x00100000)), 0x00100000);  // 2 sqrt(u/2)
  double p = std::fma(0x1.715b371155f70p-19, u, -0x1.ac2fe66faac4bp-20);
  for (const double c : {0x1.9a9b88efcd9b8p-18, 0x1.d0f40a8a0c4c3p-18, 0x1.46d4cfa9e0e1fp-16, 0x1.79c168d1e2422p-15,
                         0x1.c9a88c3bca540p-14, 0x1.1c4e64bd476dfp-12, 0x1.6e8ba60009c8fp-11, 0x1.f1c71c62b05a2p-10,
                         0x1.6db6db6dc9f2cp-8, 0x1.333333333329cp-6, 0x1.5555555555555p-4})
    p = std::fma(p, u, c);
  if (hi32(u) < 0) return invalid_nan();  // |a| > 1: libdevice's (|a| * 0) * inf
  double t = hi32(u) == 0 ? mul_rn(x, 0.0) : std::fma(p * u, root, root);
  if (high < 0) t = 0x1.921fb54442d18p+1 + -(t + -0x1.1a62633145c07p-53);
  return t;
}

// __nv_atan: above |a| = 1, pi/2 - atan(1/|a|), 1/|a| from rcp.approx and one Newton step with
// its error squared in (0 for infinity); the sign of a copied.
inline double atan(double a) {
  using namespace trig_detail;
  if (a != a) return quiet(a);
  const double x = std::fabs(a);
  double t = x;
  if (x > 1.0) {
    const double r0 = rcp_approx_ftz(x);
    double e = std::fma(-x, r0, 1.0);
    e = std::fma(e, e, e);
    t = x == std::numeric_limits<double>::infinity() ? 0.0 : std::fma(e, r0, r0);
  }
  double r = atan_poly(t);
  if (x > 1.0) r = 0x1.921fb54442d18p+0 - r;
  return std::copysign(r, a);
}

// __nv_atan2: atan of the smaller magnitude over the larger (div.rn), placed in its octant by b's
// sign bit and which is larger; zeros and equal magnitudes apart; the sign of a. A NaN gives
// |b| + |a|: the first NaN operand quieted, b's if both are.
inline double atan2(double a, double b) {
  using namespace trig_detail;
  if (b != b) return quiet(b);
  if (a != a) return quiet(a);
  const double bx = std::fabs(b), ax = std::fabs(a);
  const bool steep = ax > bx;
  const double big = steep ? ax : bx, small = steep ? bx : ax;
  const double p = atan_poly(small / big);
  const bool b_negative = hi32(b) < 0;
  double r;
  if (steep)
    r = b_negative ? 0x1.921fb54442d18p+0 + p : 0x1.921fb54442d18p+0 - p;
  else
    r = b_negative ? 0x1.921fb54442d18p+1 - p : p;
  if (big == 0.0)
    r = b_negative ? 0x1.921fb54442d18p+1 : 0.0;
  else if (bx == ax)
    r = b_negative ? 0x1.2d97c7f3321d2p+1 : 0x1.921fb54442d18p-1;
  return std::copysign(r, a);
}

}  // namespace cusim::libdevice
