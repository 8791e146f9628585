// CUDA's double erf, step for step as libdevice (nvvm/libdevice/libdevice.10.bc, __nv_erf) computes
// it for sm_90 without fast math, read from its IR and the PTX that nvcc 13.0 makes of it, so that a
// simulated kernel gets the GPU's bits, not the C library's. Every step is an IEEE operation the CPU
// performs as the GPU does (std::fma for fma.rn), except 2^k for an integer k: the special-function
// unit's ex2.approx.ftz.f32 (sfu::ex2), k rounded to an integer by cvt.rni (ties to even:
// std::nearbyint). erfc is libdevice_math.hpp's, beside the kernel it shares with erfcx and the
// normcdf that calls it. Checked against an H200 over 2^18 arguments, and by
// tests/plain_cuda/100_cuda_standard_math.cu.
#pragma once
#include <cusim/detail/libdevice_math.hpp>
#include <cusim/detail/sfu.hpp>

#include <bit>
#include <cmath>
#include <cstdint>

namespace cusim::libdevice {

// __nv_erf: for x = |a|, erf(x) = 1 - e^-(x + x P(x)), x + x P(x) as hi + lo (P a polynomial of
// degree 23 by one chain of fmas); e^-(hi + lo) as 2^k (the unit's ex2 of the float k, k = -hi
// log2(e) in float rounded to an integer) times 1 + u, u = e^r - 1 - lo by __internal_mexpm1's
// polynomial in r = -hi - k ln 2 (ln 2 in one part); 1 - 2^k (1 + u) as (1 - 2^k) - u 2^k. From
// x = 5.9215 on (and for infinities) 1. The sign of a copied. A NaN's result is the unit's NaN
// (ex2 of the NaN k, 0x7fffffff) widened to 0x7fffffffe0000000, which the fmas after it pass on
// (the H200's result for every NaN argument), with the argument's sign.
inline double erf(double a) {
  if (a != a) return std::copysign(std::bit_cast<double>(0x7fffffffe0000000ull), a);
  const double x = std::fabs(a);
  double p = std::fma(-0x1.0679afba6f279p-48, x, 0x1.7088fdb46fa5fp-43);
  for (const double c : {-0x1.df9f9b976a9b2p-39, 0x1.7f1f5590cc332p-35, -0x1.a28a3cd2d56c4p-32, 0x1.485ee67835925p-29,
                         -0x1.76db45919f583p-27, 0x1.2d698d98c8d71p-25, -0x1.20a2c7155d5c6p-24, -0x1.1d29b37ca1397p-27,
                         0x1.2ef6cc0f67a49p-21, -0x1.102b892333b6fp-19, 0x1.a30375ba9a84ep-19, 0x1.aad18dedea43ep-19,
                         -0x1.f05355bc5b225p-16, 0x1.0e37a3108bc8bp-14, 0x1.b292d828e5cb2p-16, -0x1.356626ebf9bfap-11,
                         0x1.bca68f73d6afcp-10, -0x1.b6b69ebbc280bp-13, -0x1.396685912a453p-6, 0x1.a4f4e2a1abef8p-4,
                         0x1.45f306dc9c8bbp-1, 0x1.06eba8214db69p-3})
    p = std::fma(p, x, c);
  const double hi = std::fma(p, x, x);
  const double lo = std::fma(p, x, x - hi);
  const float kf = std::nearbyint(static_cast<float>(-hi) * 0x1.715476p0f);  // cvt.rni: ties to even
  const double r = std::fma(-static_cast<double>(kf), 0x1.62e42fefa39efp-1, -hi);
  double q = std::fma(0x1.ae904a4741b81p-26, r, 0x1.28a27f89b6999p-22);
  for (const double c : {0x1.71de715ff7e07p-19, 0x1.a019a6b0ac45ap-16, 0x1.a01a017eed94fp-13, 0x1.6c16c17f2a71bp-10,
                         0x1.11111111173c4p-7, 0x1.555555555211ap-5, 0x1.5555555555540p-3, 0x1.0000000000005p-1})
    q = std::fma(q, r, c);
  const double u = std::fma(q * r, r, -lo) + r;  // e^r - 1 - lo
  const double s = static_cast<double>(cusim::sfu::ex2(kf));
  double t = std::fma(-u, s, 1.0 - s);
  if (x >= 0x1.7afb48dc96626p2) t = 1.0;
  return std::copysign(t, a);
}

}  // namespace cusim::libdevice
