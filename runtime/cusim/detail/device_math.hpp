// The C library's and <cmath>'s math functions as device code computes them: on a simulated
// thread, CUDA's own algorithms (libdevice's, ported in libdevice_*.hpp), so that a kernel's
// expf, sin or pow gets the GPU's bits; elsewhere (the host side of a __host__ __device__
// function, a macro's host use) the C library's, as nvcc's host compiler has them. The translator
// writes these names for device code's uses of the names in device_math.def
// (tools/cusim-translate/device_math_calls.cpp); every name there is defined here, with the
// overloads <cmath> gives it: name(float) is CUDA's namef, an integer argument is a double, mixed
// arguments are promoted as std:: promotes them, long double is the host's (device code has none).
// A float NaN result is the GPU's 0x7fffffff. Every function here gives an H200's bits on a
// simulated thread (tests/plain_cuda/100_cuda_standard_math.cu).
#pragma once
#include <cusim/detail/libdevice_double_bessel.hpp>
#include <cusim/detail/libdevice_double_erf.hpp>
#include <cusim/detail/libdevice_double_exp_log.hpp>
#include <cusim/detail/libdevice_double_gamma.hpp>
#include <cusim/detail/libdevice_double_misc.hpp>
#include <cusim/detail/libdevice_double_pow.hpp>
#include <cusim/detail/libdevice_double_trig.hpp>
#include <cusim/detail/libdevice_float_bessel.hpp>
#include <cusim/detail/libdevice_float_erf.hpp>
#include <cusim/detail/libdevice_float_exp.hpp>
#include <cusim/detail/libdevice_float_inverse_trig.hpp>
#include <cusim/detail/libdevice_float_log.hpp>
#include <cusim/detail/libdevice_float_pow.hpp>
#include <cusim/detail/libdevice_float_trig.hpp>
#include <cusim/detail/libdevice_math.hpp>

#include <cmath>
#include <type_traits>

namespace cusim::detail {

bool in_simulated_thread();  // sim_abi.hpp

namespace device_math {

// f(float) and d(double): CUDA's on a simulated thread, the C library's elsewhere.
#define CUSIM_DEVICE_FLOAT(f, params, args)                                                            \
  inline float f params {                                                                              \
    return in_simulated_thread() ? ::cusim::libdevice::canonical_nan(::cusim::libdevice::f args) : ::f args; \
  }
#define CUSIM_DEVICE_DOUBLE(d, params, args) \
  inline double d params { return in_simulated_thread() ? ::cusim::libdevice::d args : ::d args; }

// <cmath>'s overloads of d: d(float) is df, d(long double) the host's, d of integers (or of mixed
// arguments) the double function of the promoted arguments.
#define CUSIM_OVERLOADS_1(d)                                                          \
  inline float d(float x) { return d##f(x); }                                         \
  inline long double d(long double x) { return ::d##l(x); }                           \
  template <class T>                                                                  \
    requires std::is_integral_v<T>                                                    \
  inline double d(T x) { return d(static_cast<double>(x)); }
#define CUSIM_OVERLOADS_2(d)                                                                        \
  inline float d(float x, float y) { return d##f(x, y); }                                           \
  template <class A, class B>                                                                       \
    requires std::is_arithmetic_v<A> && std::is_arithmetic_v<B>                                     \
  inline auto d(A x, B y)->decltype(std::d(x, y)) {                                                 \
    if constexpr (std::is_same_v<decltype(std::d(x, y)), double>) return d(static_cast<double>(x), static_cast<double>(y)); \
    else return std::d(x, y);                                                                       \
  }

#define CUSIM_UNARY(d, float_kind, double_kind) \
  float_kind(d##f, (float x), (x))              \
  double_kind(d, (double x), (x))               \
  CUSIM_OVERLOADS_1(d)
#define CUSIM_BINARY(d, float_kind, double_kind) \
  float_kind(d##f, (float x, float y), (x, y))   \
  double_kind(d, (double x, double y), (x, y))   \
  CUSIM_OVERLOADS_2(d)

CUSIM_UNARY(exp, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(exp2, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(exp10, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(expm1, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(log, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(log2, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(log10, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(log1p, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(sin, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(cos, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(tan, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(asin, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(acos, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(atan, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(sinh, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(cosh, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(tanh, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(asinh, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(acosh, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(atanh, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(cbrt, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(erf, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(erfc, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(lgamma, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(tgamma, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(j0, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(j1, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(y0, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_UNARY(y1, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_BINARY(atan2, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_BINARY(pow, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)
CUSIM_BINARY(hypot, CUSIM_DEVICE_FLOAT, CUSIM_DEVICE_DOUBLE)

// jn and yn: an int order and an argument (an integer argument is a double, as CUDA's overloads
// have it).
#define CUSIM_BESSEL_N(d)                                                               \
  CUSIM_DEVICE_FLOAT(d##f, (int n, float x), (n, x))                                   \
  CUSIM_DEVICE_DOUBLE(d, (int n, double x), (n, x))                                    \
  inline float d(int n, float x) { return d##f(n, x); }                                \
  inline long double d(int n, long double x) { return ::d##l(n, x); }                  \
  template <class T>                                                                   \
    requires std::is_integral_v<T>                                                     \
  inline double d(int n, T x) { return d(n, static_cast<double>(x)); }
CUSIM_BESSEL_N(jn)
CUSIM_BESSEL_N(yn)

#undef CUSIM_BESSEL_N
#undef CUSIM_BINARY
#undef CUSIM_UNARY
#undef CUSIM_OVERLOADS_2
#undef CUSIM_OVERLOADS_1
#undef CUSIM_DEVICE_DOUBLE
#undef CUSIM_DEVICE_FLOAT

inline void sincosf(float x, float* s, float* c) {
  if (!in_simulated_thread()) return ::sincosf(x, s, c);
  ::cusim::libdevice::sincosf(x, s, c);
  *s = ::cusim::libdevice::canonical_nan(*s);
  *c = ::cusim::libdevice::canonical_nan(*c);
}
inline void sincos(double x, double* s, double* c) {
  if (!in_simulated_thread()) return ::sincos(x, s, c);
  ::cusim::libdevice::sincos(x, s, c);
}
inline void sincos(float x, float* s, float* c) { sincosf(x, s, c); }

}  // namespace device_math
}  // namespace cusim::detail

// CUDA brings <cmath>'s overloads to global scope (crt/math_functions.h), as libstdc++'s <math.h>
// does: sin(1.0f) and pow(x, y) of floats are floats in host code too.
using std::acos;
using std::acosh;
using std::asin;
using std::asinh;
using std::atan;
using std::atan2;
using std::atanh;
using std::cbrt;
using std::cos;
using std::cosh;
using std::erf;
using std::erfc;
using std::exp;
using std::exp2;
using std::expm1;
using std::hypot;
using std::lgamma;
using std::log;
using std::log10;
using std::log1p;
using std::log2;
using std::pow;
using std::sin;
using std::sinh;
using std::tan;
using std::tanh;
using std::tgamma;
