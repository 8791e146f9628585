// CUDA's double pow (__nv_pow), step for step as libdevice (nvvm/libdevice/libdevice.10.bc)
// computes it for sm_90 without fast math, so that a simulated kernel gets the GPU's bits, not the
// C library's. pow(x, y) is e^(y log|x|): log|x| in two parts (__internal_log_ext_prec: log's
// m in [sqrt(1/2), sqrt(2)) times 2^e, 2 atanh((m-1)/(m+1)) with the quotient, its square and cube
// carried as head and tail, plus e ln 2 in two parts), the product with y in two parts, then exp
// (libdevice_math.hpp) of the head, corrected by the tail; then C99's special cases by the signs,
// the oddness of y and the infinities. Every step is an IEEE operation the CPU performs as the GPU
// does (std::fma for fma.rn, mul_rn for mul.rn and for a product ptxas keeps apart from the add
// after it), except rcp.approx.ftz.f64 (MUFU.RCP64H) in the quotient's reciprocal: rcp_approx_ftz
// (libdevice_math.hpp), bit for bit. nvcc's own contractions (read in its PTX): (f r) + (f r)
// and the polynomial's last product p v into the two adds that follow it; ptxas fuses nothing more
// (read in the SASS). Like the GPU's, the result is not always the nearest double, nor exact where it
// could be: pow(2, 44) is 2^44 less one unit in the last place.
// Checked against an H200 over 2^18 argument pairs (specials, odd and even integer and half-integer
// exponents, negative and subnormal bases, results near overflow and underflow, bases near 1,
// random pairs): every result's bits equal, NaN payloads included.
#pragma once
#include <cusim/detail/libdevice_double_exp_log.hpp>
#include <cusim/detail/libdevice_math.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace cusim::libdevice {

namespace pow_detail {

using exp_log_detail::add_hi;

// __internal_log_ext_prec: log(a) for a positive a as hi + lo.
struct LogExt {
  double hi, lo;
};
inline LogExt log_ext_prec(double a) {
  std::int32_t hi = hi32(a), lo = lo32(a);
  std::int32_t expo = static_cast<std::int32_t>(static_cast<std::uint32_t>(hi) >> 20);
  if (expo == 0) {  // subnormal (or zero): scale by 2^54
    const double s = a * 0x1p54;
    hi = hi32(s);
    lo = lo32(s);
    expo = static_cast<std::int32_t>(static_cast<std::uint32_t>(hi) >> 20) - 54;
  }
  std::int32_t e = expo - 1023;
  const std::int32_t mhi = (hi & static_cast<std::int32_t>(0x800fffffu)) | 0x3ff00000;
  double m = from_words(lo, mhi);
  if (static_cast<std::uint32_t>(mhi) > 0x3ff6a09eu) {
    m = add_hi(m, 0xfff00000u);  // halved
    ++e;
  }
  const double f = m - 1.0, g = m + 1.0;
  const double r = reciprocal(g);  // rcp.approx.ftz.f64 and a Newton step
  const double u = std::fma(f, r, f * r);  // 2f/g: nvcc contracts (f*r) + (f*r)
  const double v = u * u;
  double p = std::fma(0x1.0f5ff7d2cafe2p-20, v, 0x1.0f5d241ad3b5ap-18);
  p = std::fma(p, v, 0x1.3b20a75488a3fp-16);
  p = std::fma(p, v, 0x1.745cde4faecd5p-14);
  p = std::fma(p, v, 0x1.c71c7258a578bp-12);
  p = std::fma(p, v, 0x1.249249242b910p-9);
  p = std::fma(p, v, 0x1.9999999999dfbp-7);
  // c = 1/12 + p v + tail constant, as head and tail (nvcc fuses p v into both adds)
  const double c_head = std::fma(v, p, 0x1.5555555555555p-4);
  double c_tail = std::fma(v, p, 0x1.5555555555555p-4 - c_head);
  c_tail = c_tail + 0.0;  // the IR's add of +0 (a -0 becomes +0)
  c_tail = c_tail + -0x1.6a4cb00b9e7b0p-59;
  const double ch = c_head + c_tail;
  const double cl = c_tail + (c_head - ch);
  // the quotient's error: q = r (2(f - u) - u f), u + q = 2f/g more exactly
  const double w = f - u;
  const double d = std::fma(-u, f, w + w);
  const double q = mul_rn(r, d);  // mul.f64 of several uses: ptxas keeps it apart from the add below (SASS)
  // u^2 and u^3 as head and tail
  const double u2 = mul_rn(u, u);
  const double u2_lo = std::fma(u, u, -u2);
  const double t57 = std::fma(u, add_hi(q, 0x00100000u), u2_lo);  // u 2q + u^2's error
  const double u3 = mul_rn(u2, u);
  const double u3_err = std::fma(u2, u, -u3);
  const double t61 = std::fma(u2, q, u3_err);
  const double u3_lo = std::fma(t57, u, t61);
  // c u^3 as head and tail
  const double cu = mul_rn(ch, u3);
  const double cu_err = std::fma(ch, u3, -cu);
  double cu_lo = std::fma(ch, u3_lo, cu_err);
  cu_lo = std::fma(cl, u3, cu_lo);
  const double s68 = cu + cu_lo;
  const double l70 = cu_lo + (cu - s68);
  // u + c u^3 + q
  const double s71 = u + s68;
  const double l73 = s68 + (u - s71);
  const double l74 = l70 + l73;
  const double l75 = q + l74;
  const double s76 = s71 + l75;
  const double l78 = l75 + (s71 - s76);
  // plus e ln 2, ln 2 in two parts; e as a double through 2^52 + 2^31
  const double ed = from_words(static_cast<std::int32_t>(0x80000000u ^ static_cast<std::uint32_t>(e)), 0x43300000) -
                    from_words(static_cast<std::int32_t>(0x80000000u), 0x43300000);
  const double h83 = std::fma(ed, 0x1.62e42fefa39efp-1, s76);
  const double t85 = std::fma(-ed, 0x1.62e42fefa39efp-1, h83);
  const double t87 = l78 - (t85 - s76);
  const double l89 = std::fma(ed, 0x1.abc9e3b39803fp-56, t87);
  const double head = h83 + l89;
  return {head, l89 + (h83 - head)};
}

// __internal_accurate_pow(a, b) for a = |x|: e^(b log a), b log a as a head and tail, e^head by
// exp's steps, then times 1 + tail (unless e^head is infinite). A huge b (|b| from 2^1009 on) has
// its exponent cut down first; the product overflows or underflows all the same.
inline double accurate_pow(double a, double b) {
  const LogExt l = log_ext_prec(a);
  std::int32_t bhi = hi32(b);
  if (static_cast<std::uint32_t>(bhi) * 2u >= 0xfe000000u) bhi &= static_cast<std::int32_t>(0xff0fffffu);
  const double bb = from_words(lo32(b), bhi);
  const double ph = mul_rn(l.hi, bb);
  double pl = std::fma(l.hi, bb, -ph);
  pl = std::fma(l.lo, bb, pl);
  const double s = ph + pl;
  const double sl = pl + (ph - s);
  double z = exp(s);
  if (std::fabs(z) != std::numeric_limits<double>::infinity()) z = std::fma(z, sl, z);
  return z;
}

}  // namespace pow_detail

// __nv_pow: accurate_pow(|x|, y), negated for a negative x and an odd integer y; then C99's
// special cases: zeros of x by the signs of x and y (0.5 counted even), a negative x to a
// non-integer NaN (0xfff8000000000000), and where x + y is infinite or NaN: NaN (x + y, of two NaNs
// y's) for a NaN, 0, 1 or inf for an infinite y by |x| against 1, 0 or inf for an infinite x by the
// sign of y (negated for x = -inf and an odd integer y); 1 for x = 1 or y = 0.
inline double pow(double x, double y) {
  const std::int32_t xhi = hi32(x), yhi = hi32(y);
  // y an odd integer: its bits shifted left by its exponent + 12 leave only the units bit, at the top
  const std::int32_t shift = ((yhi & 0x7ff00000) >> 20) - 1012;
  const bool odd = shift >= 0 && shift < 64 &&
                   (std::bit_cast<std::uint64_t>(y) << shift) == 0x8000000000000000ull;
  double t = pow_detail::accurate_pow(std::fabs(x), y);
  if (xhi < 0 && odd) t = -t;
  bool odd_int = odd;
  if (x == 0.0) {
    if (std::fabs(y) == 0.5) odd_int = false;
    std::int32_t thi = odd_int ? xhi : 0;
    if (yhi < 0) thi |= 0x7ff00000;
    t = from_words(0, thi);
  } else if (xhi < 0 && y != std::trunc(y)) {
    t = std::bit_cast<double>(0xfff8000000000000ull);
  }
  const double sum = x + y;
  if ((hi32(sum) & 0x7ff00000) == 0x7ff00000) {
    constexpr double kInf = std::numeric_limits<double>::infinity();
    if (!(std::fabs(x) <= kInf) || !(std::fabs(y) <= kInf)) {
      t = y != y ? y + y : x + x;  // the GPU's x + y: of two NaNs, y's (quieted), measured on an H200
    } else if (std::fabs(y) == kInf) {
      std::int32_t thi = std::fabs(x) > 1.0 ? 0x7ff00000 : 0;
      if (yhi < 0) thi ^= 0x7ff00000;
      if (x == -1.0) thi = 0x3ff00000;
      t = from_words(0, thi);
    } else if (std::fabs(x) == kInf) {
      std::int32_t thi = yhi >= 0 ? 0x7ff00000 : 0;
      if (xhi < 0 && odd_int && (yhi & 0x7fffffff) != 0x3fe00000) thi ^= static_cast<std::int32_t>(0x80000000u);
      t = from_words(0, thi);
    }
  }
  if (x == 1.0 || y == 0.0) t = 1.0;
  return t;
}

}  // namespace cusim::libdevice
