// CUDA's double Bessel functions of the first and second kind, j0, j1, y0, y1, jn and yn, step for
// step as libdevice (nvvm/libdevice/libdevice.10.bc: __nv_j0, __nv_j1, __nv_y0, __nv_y1, __nv_jn,
// __nv_yn) computes them for sm_90 without fast math, so that a simulated kernel gets the GPU's
// bits, not the C library's. j0 and j1 are polynomials around 0 (j1) or around each of the
// functions' first zeros (x minus the zero in two parts) up to about 10, and from there on the
// asymptotic form sqrt(2/(pi x)) P(1/x^2) cos(x + Q(1/x^2)/x - phase); y0 and y1 are polynomials
// around 0 (in x^2, plus (2/pi) log(x) j0(x), or (2/pi)(log(x) j1(x) - 1/x) for y1), then as j0
// and j1. The asymptotic form reduces x + Q/x by pi/2 (Cody-Waite below 2^31, Payne-Hanek above:
// libdevice_double_trig.hpp's trig_reduction), adds the phase offset and the quadrant back, and
// takes the cosine of that through sin and cos's own reduction and kernel (cos). jn climbs the
// recurrence J(i+1) = (2i/x) J(i) - J(i-1) up from j0 and j1 where |x| > n - 1 and otherwise runs
// Miller's backward recurrence from an even order near n + sqrt(60 n), rescaling by 1e-15 when an
// iterate's float magnitude passes 1e15, normalised by the sum J0 + 2 J2 + 2 J4 ...; yn climbs from
// y0 and y1. Every step is an IEEE operation the CPU performs as the GPU does (std::fma where
// libdevice or ptxas fuses, mul_rn where a product stays apart from the add after it, / for
// div.rn, std::sqrt), but for the special-function unit's f64 approximations (libdevice_math.hpp):
// the asymptotic form's 1/x is rcp.approx.ftz.f64 (MUFU.RCP64H) with one Newton step with its error
// squared in, its 1/sqrt(x) rsqrt.approx.f64 as ptxas expands it (rsqrt_refined), and y0 and y1's
// log(x) is __nv_log (log, rcp.approx inside). Out-of-domain results are the GPU's: a negative
// argument of y0, y1 or yn (n >= 2), or a negative order, gives 0xfff8000000000000; y1(+-0) and
// yn(n >= 2, +0) -inf, yn(n >= 2, -0) +inf (-(2/pi)/a).
// A NaN argument gives itself quieted, as a kernel of these functions alone does on an H200; in a
// larger kernel nvcc may order the operands of the asymptotic form's products the other way, and
// the GPU's NaN is then rcp.approx's (0x7fffffff00000000).
// Checked bit for bit, NaN payloads included, against an H200 over 3 x 2^18 arguments a function,
// and by tests/plain_cuda/100_cuda_standard_math.cu (NaNs as NaNs).
#pragma once
#include <cusim/detail/libdevice_double_trig.hpp>
#include <cusim/detail/libdevice_math.hpp>

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace cusim::libdevice {

namespace double_bessel_detail {

// c[0] w^(N-1) + ... + c[N-1] by Horner's rule in fused multiply-adds.
template <std::size_t N>
inline double horner(const double (&c)[N], double w) {
  double p = std::fma(c[0], w, c[1]);
  for (std::size_t k = 2; k < N; ++k) p = std::fma(p, w, c[k]);
  return p;
}

// A polynomial around a zero z = hi + lo of the function: r = (x - hi) - lo, p(r) r.
template <std::size_t N>
inline double near_zero(const double (&c)[N], double x, double hi, double lo) {
  const double r = (x - hi) - lo;
  return mul_rn(horner(c, r), r);
}

using trig_detail::invalid_nan;  // the GPU's NaN for an invalid operation, 0xfff8000000000000

// The asymptotic form for x = |a| above about 10, finite: sqrt(2/(pi x)) P(1/x^2) cos(t + offset)
// with t = x + Q(1/x^2)/x reduced by pi/2 to (r, q): the cosine of r + offset + (q mod 4) pi/2
// (ptxas fuses the last product into the add), by cos's own reduction and kernel.
template <std::size_t NP, std::size_t NQ>
inline double asymptotic(double x, const double (&p)[NP], const double (&q)[NQ], double offset) {
  const double r0 = rcp_approx_ftz(x);
  double e = std::fma(-x, r0, 1.0);
  e = std::fma(e, e, e);
  const double r = std::fma(e, r0, r0);
  const double w = mul_rn(r, r);
  const double pw = horner(p, w);
  const double phase = std::fma(horner(q, w), r, x);
  const double magnitude = mul_rn(mul_rn(rsqrt_refined(x), 0x1.9884533d43651p-1), pw);
  const trig_detail::TrigReduced t = trig_detail::trig_reduction(phase);
  const double angle = std::fma(static_cast<double>(t.q & 3), 0x1.921fb54442d18p+0, t.r + offset);
  return mul_rn(magnitude, cos(angle));
}

// libdevice's coefficients, the highest power first: S around 0, Z1..Z3 around the first zeros, P
// and Q the asymptotic form's magnitude and phase.
inline constexpr double kJ0Z1[] = {-0x1.0d18564c48c61p-51, -0x1.cf8f9a8c294bcp-48, 0x1.fab983cae498bp-44,
    0x1.cd7c018579b88p-40, -0x1.bdd2342d64fddp-36, -0x1.5c2d9416b1e2bp-32, 0x1.2951d73174dd5p-28, 0x1.7ff99802caeb5p-25,
    -0x1.1cce305c4c9f7p-21, -0x1.232c77e29e1bbp-18, 0x1.6ed3b9f0ef757p-15, 0x1.15382ba096a62p-12, -0x1.1f992590d1ae4p-9,
    -0x1.1bb1cbe1a465fp-7, 0x1.cfae864368d84p-5, 0x1.ba1deea0294a3p-4, -0x1.09cdb36551280p-1};
inline constexpr double kJ0Z2[] = {0x1.cb0a8f126b343p-52, 0x1.83fd1f333eb61p-48, -0x1.100e33e3fb413p-43,
    -0x1.846076d004627p-40, 0x1.e2f1d4f90720dp-36, 0x1.1d03b1e4a119bp-32, -0x1.41d72b1b3bce9p-28,
    -0x1.2da37ce2a9ef8p-25, 0x1.32e6d9974f763p-21, 0x1.ad77d744a1879p-19, -0x1.863f481a37337p-15,
    -0x1.6f641f418f0f4p-13, 0x1.27e31fe9a969ep-9, 0x1.2f7ffe9025628p-8, -0x1.b2150cb41e8bfp-5, -0x1.f8f72e7a848dep-6,
    0x1.5c6e60a097823p-2};
inline constexpr double kJ0Z3[] = {-0x1.db7ffcf659e24p-52, -0x1.4b3a71aaac629p-48, 0x1.17ec150ecdce7p-43,
    0x1.438f5ea1d10b2p-40, -0x1.edae7ec2c9e87p-36, -0x1.cadd2c4b91f58p-33, 0x1.4582c8ee12204p-28, 0x1.ceda451dd20f8p-26,
    -0x1.30e8cc3165e2fp-21, -0x1.3324842bb1a2ep-19, 0x1.7800bc54fbddbp-15, 0x1.d79605276949ap-14, -0x1.0e0d60385a629p-9,
    -0x1.48e63600d82f3p-9, 0x1.68b984ec6493ap-5, 0x1.00f7fcf183e0bp-6, -0x1.15f7977a772d4p-2};
inline constexpr double kJ0P[] = {-0x1.115cb8c11a9dcp+14, 0x1.927467a655012p+10, -0x1.751787e247bd4p+6,
    0x1.704c4e5fc36b2p+2, -0x1.15b747a2fd531p-1, 0x1.a7feacf6cb79bp-4, -0x1.fffffeddcf548p-5, 0x1.fffffffffc9e5p-1};
inline constexpr double kJ0Q[] = {-0x1.602fe1c34685ep+21, 0x1.ecd4523b12b84p+17, -0x1.7a2fc1972f05ap+13,
    0x1.eba131f7e5bebp+8, -0x1.73b92e6e7cc7dp+4, 0x1.a31bee63a2f08p+0, -0x1.ad320104d5d05p-3, 0x1.0aaaa9c76d07ep-4,
    -0x1.ffffffffdacecp-4};
inline constexpr double kJ1S[] = {0x1.20e4adcde2ad3p-47, -0x1.dd167a0dc3f55p-43, 0x1.503f5a491e487p-42,
    0x1.1f29940c2403ap-35, 0x1.4cf9302eacdefp-39, -0x1.84a53dbbca436p-28, 0x1.779bee4f63bccp-38, 0x1.6c160e414f3f0p-21,
    0x1.f3d2f12430699p-39, -0x1.c71c72c0ced04p-15, 0x1.59bca506f1128p-41, 0x1.5555555506982p-9, 0x1.5ba0b425f1bfbp-46,
    -0x1.0000000000065p-4, 0x1.729a7253fb679p-55, 0.5};
inline constexpr double kJ1Z1[] = {-0x1.8d3cdbb60175ep-48, 0x1.1011a1df02dadp-43, 0x1.6013ac1e5e222p-40,
    -0x1.ec315d96d5f03p-36, -0x1.03be1b4b57207p-32, 0x1.45695f8b660f7p-28, 0x1.17069fcfcfff4p-25,
    -0x1.33825c36745ebp-21, -0x1.9799d4f90931bp-19, 0x1.83a06e2f7df13p-15, 0x1.6e4c2d53a7cf6p-13, -0x1.24b3409957b1cp-9,
    -0x1.537544c3325dfp-8, 0x1.b589d1da138e2p-5, 0x1.ae8a39f51ad13p-5, -0x1.9c6cf582cbf7fp-2};
inline constexpr double kJ1Z2[] = {0x1.3eb867515fad6p-48, -0x1.0e8363db649a9p-43, -0x1.3b7dd4a6608fbp-40,
    0x1.ec5e01482c750p-36, 0x1.c62bb9e882103p-33, -0x1.4462eed732a23p-28, -0x1.d48dcad7dc59bp-26, 0x1.3026df29167e9p-21,
    0x1.4255b0119666cp-19, -0x1.796a751b32693p-15, -0x1.07358bbdba284p-13, 0x1.13fbc7d6927b1p-9, 0x1.9a4b292e3dd75p-9,
    -0x1.80c83bdeee4fbp-5, -0x1.5e70dc60362bfp-6, 0x1.33518b3874e8ap-2};
inline constexpr double kJ1P[] = {0x1.d02ea3f2f6751p+13, -0x1.9c06322a3f8bep+10, 0x1.b89354da77324p+6,
    -0x1.e352294653188p+2, 0x1.9bc7db16bd7a7p-1, -0x1.8bfe1c3a4f741p-3, 0x1.7fffff0d00be2p-3, 0x1.00000000068ccp+0};
inline constexpr double kJ1Q[] = {-0x1.da26b212fdc9ap+25, 0x1.a30ac6857bee0p+22, -0x1.764222ad7c910p+18,
    0x1.eb02e0c306857p+13, -0x1.351859fa2b23bp+9, 0x1.e65a07af51f42p+4, -0x1.2f2b817f77a57p+1, 0x1.7bcc34da069fdp-2,
    -0x1.4fffff8a44463p-3, 0x1.7ffffffff5cd7p-2};
inline constexpr double kY0S[] = {0x1.efbd0a1b77c65p-55, -0x1.3098c51c18514p-46, 0x1.23102d2f5f2f5p-38,
    -0x1.a5f2dee7d526ep-31, 0x1.bb77e758b38afp-24, -0x1.3d1a206ec4f36p-17, 0x1.183dcd3ed6294p-11, -0x1.03921cf04f123p-6,
    0x1.5db69d7753176p-3};
inline constexpr double kY0Z1[] = {-0x1.1630132d75fc3p-15, 0x1.d054b05d3c52dp-12, -0x1.6dac0b314b2e5p-9,
    0x1.6a5d1de76263fp-7, -0x1.fd16652824592p-6, 0x1.0f69a9cc79fbdp-4, -0x1.cce40ef15583ep-4, 0x1.446b11780e4fcp-3,
    -0x1.89ae7e19621f7p-3, 0x1.acba1b38ef7b8p-3, -0x1.b4166a03bbfa5p-3, 0x1.acca4d5d4889ap-3, -0x1.a1455932b9392p-3,
    0x1.96d8db8d844ecp-3, -0x1.8f7fb77522edfp-3, 0x1.8c0926abc9ab0p-3, -0x1.8d35b8fea468cp-3, 0x1.9424b8a0c8f94p-3,
    -0x1.a396a7f3403efp-3, 0x1.c068086c37055p-3, -0x1.cf18e6a4c5c4ep-3, 0x1.c3b1338af4239p-3, -0x1.f7e38a46d70dbp-2,
    0x1.c24371844b88ap-1};
inline constexpr double kY0Z2[] = {-0x1.aea62ac8bda68p-50, -0x1.2434958151ac7p-50, 0x1.1c24a40d33fe1p-46,
    0x1.37cd62fa08ca4p-45, -0x1.3902e0298c52ap-43, -0x1.ddaad11cab40fp-46, -0x1.209d9f06d7de4p-42,
    0x1.bb9f464468e1ap-39, -0x1.8f67b07d1b440p-37, 0x1.7c8d60f9eaecfp-35, -0x1.9703405b49a8dp-33, 0x1.a6b64e76417e4p-31,
    -0x1.f6b5afb2f1359p-29, 0x1.4526b71c21ec1p-26, -0x1.776dbcbbc8e1dp-26, -0x1.3b211fc2df90ep-22,
    -0x1.486372e8562dcp-18, 0x1.ab2c1fbc3a254p-15, 0x1.99827653353b8p-13, -0x1.1e32bc4ed7084p-9, -0x1.c116fdc599a09p-8,
    0x1.df6d59bf50c77p-5, 0x1.a09c92903680bp-5, -0x1.9c34256a12a0bp-2};
inline constexpr double kY0Z3[] = {0x1.1cb3aba718b8ep-48, -0x1.f443bb4f53d75p-44, -0x1.70f737bd6a786p-40,
    0x1.f0e9a20459e14p-36, 0x1.fa6b137d5e108p-33, -0x1.44296729fb7fap-28, -0x1.0a2813a80dfaap-25, 0x1.34aa737a83eb4p-21,
    0x1.6a9227332d03cp-19, -0x1.8177e4f93c81ep-15, -0x1.26dd71e391775p-13, 0x1.1d35e85fd7b22p-9, 0x1.b2f14a955285cp-9,
    -0x1.8969c64cbf388p-5, -0x1.5aef611fc4d5ap-6, 0x1.334cca0697a5ap-2};
inline constexpr double kY0P[] = {-0x1.5e91e6ac3ad03p+13, 0x1.3f56a049cdde7p+10, -0x1.572d39dfb8433p+6,
    0x1.6a6041caa59e5p+2, -0x1.155e3a0493880p-1, 0x1.a7fb92f417f7fp-4, -0x1.fffffb12e32f5p-5, 0x1.ffffffffeced5p-1};
inline constexpr double kY0Q[] = {0x1.a86a64be101dcp+25, -0x1.709c79aac5813p+22, 0x1.42a31c980a287p+18,
    -0x1.9cbe68930485dp+13, 0x1.f583e14e8a4e8p+8, -0x1.74a629c650680p+4, 0x1.a32a7af17fae9p+0, -0x1.ad32497785cd6p-3,
    0x1.0aaaa9fb75f7bp-4, -0x1.ffffffffe320fp-4};
inline constexpr double kY1S[] = {0x1.249f90687428cp-42, -0x1.f0b5b1fb7b95ep-35, 0x1.32e589311fa14p-27,
    -0x1.0a780aa4a92e9p-20, 0x1.2c7dbffcaec2bp-14, -0x1.835b97894ba4ap-9, 0x1.bd3975c75b4a3p-5, -0x1.91866143cbc8ap-3};
inline constexpr double kY1Z1[] = {-0x1.b87b0be2aa150p-29, 0x1.833aae4d8b975p-27, -0x1.4e279b423e68fp-27,
    0x1.29dc6a747eb4fp-30, -0x1.1d15534496cd8p-25, 0x1.eec8d48fece00p-24, -0x1.d1180af70a134p-23, 0x1.c8386a0ea1388p-22,
    -0x1.01a014e7f3250p-20, 0x1.1fb752010a320p-19, -0x1.3aa0aff4e332bp-18, 0x1.584a6c77f6700p-17,
    -0x1.794c520fc2ebbp-16, 0x1.9d18d2d35cc71p-15, -0x1.c3fb7315c4599p-14, 0x1.eea7adecce927p-13,
    -0x1.0b2d85257446fp-11, 0x1.17ab4b1fe5d5bp-10, -0x1.5429dc6516c0dp-9, 0x1.e671c7d0b090bp-8, -0x1.3a6dec36fb27cp-8,
    -0x1.0d2af4e931fd1p-5, -0x1.e56f82217b964p-4, 0x1.0aa48442f014bp-1};
inline constexpr double kY1Z2[] = {0x1.a3c76069f1d8cp-52, 0x1.69a30996793e2p-51, -0x1.dd8432fe756e7p-50,
    -0x1.43158eee220f7p-46, 0x1.8d44491230f5ap-45, -0x1.38842eaf4edbcp-43, 0x1.4958dafbfaf5ap-40,
    -0x1.449a60e664848p-38, 0x1.38bc8cd594a76p-39, -0x1.a798002141323p-32, 0x1.80b4198956aaap-28, 0x1.b62b5f21bacd4p-26,
    -0x1.255e729fb6aaep-21, -0x1.80618f6bae5aap-19, 0x1.85b940f8e8d36p-15, 0x1.337c7e10e14e8p-13, -0x1.1be6db99332cap-9,
    -0x1.10a329e2be9b8p-8, 0x1.a15d92dfe3fcfp-5, 0x1.00b9f8571c9bep-5, -0x1.5c7c556f0c19ap-2};
inline constexpr double kY1Z3[] = {0x1.09ccc22945996p-52, -0x1.3515f67644276p-43, -0x1.2c5b978e9f5c7p-40,
    0x1.ec1151613913cp-36, 0x1.9e38d13c4a824p-33, -0x1.41e75e1088eb5p-28, -0x1.a384ebb13cfe1p-26, 0x1.2becb27f8c8f8p-21,
    0x1.176e72b989fd8p-19, -0x1.6f7bab102f822p-15, -0x1.b50d7e1d278e1p-14, 0x1.07a678d60004fp-9, 0x1.3ced2a2e69115p-9,
    -0x1.6395dfe49fcd4p-5, -0x1.02b3933cf21b1p-6, 0x1.15f993fceab5cp-2};
inline constexpr double kY1P[] = {0x1.13db326ecebfep+14, -0x1.c26e89385d5b1p+10, 0x1.c6ab923c6f55ep+6,
    -0x1.e61eaf3bd2fa1p+2, 0x1.9bf15d9b97dd1p-1, -0x1.8bfecf93d7d19p-3, 0x1.7fffff756aa6cp-3, 0x1.0000000003646p+0};
inline constexpr double kY1Q[] = {-0x1.43281a050209cp+26, 0x1.024e99ba46e7bp+23, -0x1.a6875d7dfbd65p+18,
    0x1.032c041790233p+14, -0x1.39f895bc22946p+9, 0x1.e77cc78ecd2d8p+4, -0x1.2f368d0117be9p+1, 0x1.7bcc786009a25p-2,
    -0x1.4fffffc51bc7ap-3, 0x1.7ffffffffb5eap-2};

// j0(x) for x = |a| (or NaN): around the first three zeros, then the asymptotic form (0 at
// infinity).
inline double j0_abs(double x) {
  if (x <= 0x1.fb319f277bbe5p+1) return near_zero(kJ0Z1, x, 0x1.33d152e971b40p+1, -0x1.0f539d7da258ep-53);
  if (x <= 0x1.c58fd1a62f5ecp+2) return near_zero(kJ0Z2, x, 0x1.6148f5b2c2e45p+2, 0x1.75054cd60a517p-54);
  if (x <= 0x1.471fcb6a7a8c0p+3) return near_zero(kJ0Z3, x, 0x1.14eb56cccdecap+3, -0x1.51970714c7c25p-52);
  if (x == std::numeric_limits<double>::infinity()) return 0.0;
  return asymptotic(x, kJ0P, kJ0Q, -0x1.921fb54442d18p-1);
}

// j1(x) for x = |a| (or NaN), before the sign and the tiny case: an odd polynomial near 0, then
// around the first two zeros, then the asymptotic form.
inline double j1_abs(double x) {
  if (x <= 0x1.353aabad7b784p+1) return mul_rn(horner(kJ1S, x), x);
  if (x <= 0x1.5b1d0574614eap+2) return near_zero(kJ1Z1, x, 0x1.ea75575af6f09p+1, -0x1.60155a9d1b256p-53);
  if (x <= 0x1.13065e54c1aa9p+3) return near_zero(kJ1Z2, x, 0x1.c0ff5f3b47250p+2, -0x1.b226d9d243827p-54);
  if (x == std::numeric_limits<double>::infinity()) return 0.0;
  return asymptotic(x, kJ1P, kJ1Q, -0x1.2d97c7f3321d2p+1);
}

}  // namespace double_bessel_detail

// __nv_j0 (a NaN argument comes out quieted, its sign kept, here and in j1, y0, y1 and jn).
inline double j0(double a) {
  if (a != a) return trig_detail::quiet(a);
  return double_bessel_detail::j0_abs(std::fabs(a));
}

// __nv_j1: j1(|a|) negated for a < 0; below |a| = 1e-30 a / 2.
inline double j1(double a) {
  if (a != a) return trig_detail::quiet(a);
  const double x = std::fabs(a);
  double r = double_bessel_detail::j1_abs(x);
  if (a < 0.0) r = -r;
  if (x < 1e-30) r = mul_rn(a, 0.5);
  return r;
}

// __nv_y0: up to 0.797 p(x^2) (x^2 - z^2) + ((2/pi) log(x)) j0(x), z^2 in two parts, the last
// product fused into the sum; then around the first three zeros and the asymptotic form; a < 0
// gives NaN.
inline double y0(double a) {
  using namespace double_bessel_detail;
  if (a != a) return trig_detail::quiet(a);
  const double x = std::fabs(a);
  double r;
  if (x <= 0x1.97f4a8f9d3f28p-1) {
    const double w = mul_rn(x, x);
    const double s = mul_rn(horner(kY0S, w), (w - 0x1.ba96740000000p-2) - -0x1.5a30c80000000p-30);
    const double l = mul_rn(0x1.45f306dc9c883p-1, log(x));
    r = std::fma(l, j0_abs(x), s);
  } else if (x <= 0x1.0347c4ab37b18p+1) {
    r = near_zero(kY0Z1, x, 0x1.c982eb8d417eap-1, 0x1.ea9d270347f83p-56);
  } else if (x <= 0x1.61663b5d9a628p+2) {
    r = near_zero(kY0Z2, x, 0x1.fa9534d98569cp+1, -0x1.f06ae7804384ep-54);
  } else if (x <= 0x1.14ef30c0c06edp+3) {
    r = near_zero(kY0Z3, x, 0x1.c581dc4e72103p+2, -0x1.9774a495f56cfp-54);
  } else if (x == std::numeric_limits<double>::infinity()) {
    r = 0.0;
  } else {
    r = asymptotic(x, kY0P, kY0Q, -0x1.2d97c7f3321d2p+1);
  }
  if (a < 0.0) r = invalid_nan();
  return r;
}

// __nv_y1: below 0x0.730d67819e8d2p-1022 -(2/pi)/x; up to 1.30 p(x^2) x + (2/pi)(j1(x) log(x) - 1/x),
// ptxas fusing j1 log into the difference and p(x^2) x into the sum (the product by 2/pi rounded);
// then around the first three zeros and the asymptotic form; -inf at +-0, NaN for a < 0.
inline double y1(double a) {
  using namespace double_bessel_detail;
  if (a != a) return trig_detail::quiet(a);
  const double x = std::fabs(a);
  double r;
  if (x < 0x0.730d67819e8d2p-1022) {
    r = -0x1.45f306dc9c883p-1 / x;
  } else if (x <= 0x1.4c6f208132576p+0) {
    const double p = horner(kY1S, mul_rn(x, x));
    const double j = x < 1e-30 ? mul_rn(x, 0.5) : j1_abs(x);
    const double d = std::fma(j, log(x), -(1.0 / x));
    r = std::fma(p, x, mul_rn(0x1.45f306dc9c883p-1, d));
  } else if (x <= 0x1.9b510ec2adc83p+1) {
    r = near_zero(kY1Z1, x, 0x1.193bed4dff243p+1, -0x1.bd1e50d219bfdp-55);
  } else if (x <= 0x1.c0d26d5a541cbp+2) {
    r = near_zero(kY1Z2, x, 0x1.5b7fe4e87b02ep+2, 0x1.dfe7bac228e8cp-52);
  } else if (x <= 0x1.2585c739acdddp+3) {
    r = near_zero(kY1Z3, x, 0x1.13127ae6169b4p+3, 0x1.479cc068d9046p-52);
  } else if (x == std::numeric_limits<double>::infinity()) {
    r = 0.0;
  } else {
    r = asymptotic(x, kY1P, kY1Q, -0x1.f6a7a2955385ep+1);
  }
  if (a <= 0.0) r = a == 0.0 ? -std::numeric_limits<double>::infinity() : invalid_nan();
  return r;
}

// __nv_jn: j0 and j1 for n = 0 and 1, NaN for n < 0. Where |a| > n - 1 the forward recurrence
// J(i+1) = (i (2/a)) J(i) - J(i-1) from j0(a) and j1(a); otherwise Miller's backward recurrence
// from the even order 2 floor((n + floor(sqrt(60 n)))/2) with J = 1 above 0, each iterate whose
// magnitude (rounded to float) passes 1e15 scaled by 1e-15 along with the one before, the sum and
// J(n); then J(n) / (J0 + 2 J2 + 2 J4 ...), the sum of 2 J(i - 1) over odd i less J(0). n 60 wraps
// as the GPU's int does (n > 35791394), its negative square root's conversion giving 0.
inline double jn(int n, double a) {
  if (n == 0) return j0(a);
  if (n == 1) return j1(a);
  if (n < 0) return double_bessel_detail::invalid_nan();
  if (a != a) return trig_detail::quiet(a);
  if (std::fabs(a) > static_cast<double>(n) - 1.0) {
    const double t = 2.0 / a;
    double ji = j1(a), jim1 = j0(a), jip1 = 0.0;
    for (int i = 1; i < n; ++i) {
      jip1 = std::fma(static_cast<double>(i) * t, ji, -jim1);
      jim1 = ji;
      ji = jip1;
    }
    return jip1;
  }
  const double t = 2.0 / a;
  const int m = static_cast<int>(static_cast<std::uint32_t>(n) * 60u);
  const int s = m < 0 ? 0 : static_cast<int>(std::sqrt(static_cast<double>(m)));  // cvt.rzi.s32: NaN to 0
  double jip1 = 0.0, lambda = 0.0, sum = 0.0, ji = 1.0;
  for (int i = ((n + s) >> 1) << 1; i >= 1; --i) {
    double v = std::fma(static_cast<double>(i) * t, ji, -jip1);
    if (static_cast<double>(std::fabs(static_cast<float>(v))) > 1e15) {
      v = mul_rn(v, 1e-15);
      jip1 = mul_rn(ji, 1e-15);
      lambda = mul_rn(lambda, 1e-15);
      sum = mul_rn(sum, 1e-15);
    } else {
      jip1 = ji;
    }
    if (i - 1 == n) lambda = v;
    if ((i & 1) != 0) sum = std::fma(2.0, v, sum);
    ji = v;
  }
  return lambda / (sum - ji);
}

// __nv_yn: y0 and y1 for n = 0 and 1; NaN for n < 0 and for a < 0 (or NaN); -(2/pi)/a below
// 0x0.730d67819e8d2p-1022; otherwise the forward recurrence from y0(a) and y1(a), a NaN at its end
// (inf - inf) -inf.
inline double yn(int n, double a) {
  using namespace double_bessel_detail;
  if (n == 0) return y0(a);
  if (n == 1) return y1(a);
  if (n < 0) return invalid_nan();
  if (!(a >= 0.0)) return invalid_nan();
  if (std::fabs(a) < 0x0.730d67819e8d2p-1022) return -0x1.45f306dc9c883p-1 / a;
  const double t = 2.0 / a;
  double yi = y1(a), yim1 = y0(a), yip1 = 0.0;
  for (int i = 1; i < n; ++i) {
    yip1 = std::fma(static_cast<double>(i) * t, yi, -yim1);
    yim1 = yi;
    yi = yip1;
  }
  if (!(std::fabs(yip1) <= std::numeric_limits<double>::infinity())) return -std::numeric_limits<double>::infinity();
  return yip1;
}

}  // namespace cusim::libdevice
