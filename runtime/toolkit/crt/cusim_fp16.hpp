// cusim's __half and __nv_bfloat16 (<cuda_fp16.h>, <cuda_bf16.h>), bit-exact with an H100 (sm_90)
// where the GPU's results are known exactly (docs/RUNTIME.md, "16-bit floating point"):
//  - conversions (every rounding mode), add, sub, mul, fma (and _sat, _relu, _rn), comparisons,
//    min/max, negation, absolute value, rounding to integers: IEEE-754 operations rounded once,
//    computed here exactly (in double, with an exact two-sum where double is not wide enough);
//  - division and the math functions: the float sequence CUDA's headers compile to on sm_90
//    (rcp.approx then an fma correction, ex2.approx of a scaled input, and so on), with the
//    hardware's approximate instructions as the GPU computes them where cusim models the unit
//    (half's .ftz rcp, rsqrt, lg2 and ex2: runtime/cusim/detail/sfu.hpp) and otherwise (sqrt,
//    tanh, and bfloat16's, which are not .ftz) as their correctly rounded values, which the
//    16-bit rounding hides for every input (docs/RUNTIME.md, measured on an H100).
// Both types are defined here, as both headers declare conversions between them.
#pragma once
#include <cuda_runtime.h>
#include <cusim/detail/sfu.hpp>

#include <cmath>
#include <cstdint>
#include <source_location>
#include <type_traits>

#if defined(CUSIM_TRANSLATOR_PARSE)
#pragma clang force_cuda_host_device begin
#endif

struct __half_raw {
  unsigned short x;
};
struct alignas(4) __half2_raw {
  unsigned short x;
  unsigned short y;
};
struct __nv_bfloat16_raw {
  unsigned short x;
};
struct alignas(4) __nv_bfloat162_raw {
  unsigned short x;
  unsigned short y;
};

namespace cusim::fp16 {
enum class Round { rn, rz, rd, ru };

inline float bits_to_float(std::uint32_t u) {
  float f;
  __builtin_memcpy(&f, &u, 4);
  return f;
}
inline std::uint32_t float_to_bits(float f) {
  std::uint32_t u;
  __builtin_memcpy(&u, &f, 4);
  return u;
}
inline std::uint64_t double_to_bits(double d) {
  std::uint64_t u;
  __builtin_memcpy(&u, &d, 8);
  return u;
}

// A 16-bit format: M mantissa bits, E exponent bits.
template <int M, int E>
struct Format {
  static constexpr int bias = (1 << (E - 1)) - 1;
  static constexpr unsigned inf = ((1u << E) - 1u) << M;
  static constexpr unsigned max_finite = inf - 1u;
  static constexpr unsigned nan = 0x7fffu;  // the canonical NaN the GPU writes, in both formats
  static constexpr unsigned one = static_cast<unsigned>(bias) << M;

  static bool is_nan(unsigned h) { return (h & 0x7fffu) > inf; }
  // `canonical`: a NaN gives the canonical float NaN (cvt.f32.f16 does so; bfloat16's conversion,
  // a shift, keeps the payload).
  static float to_float(unsigned h, bool canonical = false) {
    const unsigned sign = (h & 0x8000u) << 16;
    const unsigned exp = (h >> M) & ((1u << E) - 1u);
    const unsigned mant = h & ((1u << M) - 1u);
    if (canonical && exp == (1u << E) - 1u && mant) return bits_to_float(0x7fffffffu);
    if (exp == (1u << E) - 1u) return bits_to_float(sign | 0x7f800000u | (mant << (23 - M)));
    if (exp == 0) {
      const float v = std::ldexp(static_cast<float>(mant), 1 - bias - M);
      return sign ? -v : v;
    }
    return bits_to_float(sign | ((exp - bias + 127) << 23) | (mant << (23 - M)));
  }

  // The value (-1)^neg * (m * 2^e + tiny), rounded; `extra` is the sign of `tiny` (a remainder
  // smaller than any bit of m, which decides ties and inexactness).
  static unsigned round(bool neg, std::uint64_t m, int e, int extra, Round mode) {
    const unsigned sign = neg ? 0x8000u : 0u;
    if (m == 0) {
      if (extra == 0) return sign;
      m = 1;
      e -= 200;  // a tiny value: rounds like one
      extra = 0;
    }
    const int p = 64 - __builtin_clzll(m);
    const int exp = p - 1 + e;  // value in [2^exp, 2^(exp+1))
    const int emin = 1 - bias;
    const int qexp = (exp < emin ? emin : exp) - M;  // the exponent of the result's last bit
    const int shift = qexp - e;
    std::uint64_t q;
    bool up = false;
    if (shift <= 0) {
      q = m << -shift;
      if (extra != 0) {
        // Exact but for the tiny part: rounding toward it or away from it.
        const bool away = extra > 0;
        switch (mode) {
          case Round::rn: break;
          case Round::rz: if (!away) q -= 1, up = false; break;
          case Round::ru: if (neg ? !away : away) { if (neg) q -= 1; else up = true; } break;
          case Round::rd: if (neg ? away : !away) { if (neg) up = true; else q -= 1; } break;
        }
      }
    } else {
      const std::uint64_t rem = shift >= 64 ? m : (m & ((std::uint64_t{1} << shift) - 1));
      q = shift >= 64 ? 0 : m >> shift;
      const bool inexact = rem != 0 || extra != 0;
      switch (mode) {
        case Round::rn: {
          const std::uint64_t halfway = shift > 64 ? 0 : (std::uint64_t{1} << (shift - 1));
          if (shift > 64) up = false;
          else if (rem > halfway) up = true;
          else if (rem == halfway) up = extra > 0 || (extra == 0 && (q & 1));
          break;
        }
        case Round::rz: break;
        case Round::ru: up = !neg && inexact; break;
        case Round::rd: up = neg && inexact; break;
      }
    }
    q += up ? 1 : 0;
    // Encode: a subnormal's q is its mantissa (2^M carries into the smallest normal).
    std::int64_t bits = exp < emin ? static_cast<std::int64_t>(q)
                                   : (static_cast<std::int64_t>(exp + bias) << M) + static_cast<std::int64_t>(q) - (1 << M);
    if (bits >= static_cast<std::int64_t>(inf)) {
      const bool to_inf = mode == Round::rn || (mode == Round::ru && !neg) || (mode == Round::rd && neg);
      bits = to_inf ? inf : max_finite;
    }
    return sign | static_cast<unsigned>(bits);
  }

  // A NaN gives the canonical NaN, or with `payload` (cvt.*.f64 does so) its sign and the top bits
  // of its payload, made quiet.
  static unsigned from_double(double d, Round mode, int extra = 0, bool payload = false) {
    const std::uint64_t u = double_to_bits(d);
    const bool neg = u >> 63;
    const int exp = static_cast<int>((u >> 52) & 0x7ff);
    std::uint64_t mant = u & ((std::uint64_t{1} << 52) - 1);
    if (exp == 0x7ff && mant && payload)
      return (neg ? 0x8000u : 0u) | inf | (1u << (M - 1)) | static_cast<unsigned>(mant >> (52 - M));
    if (exp == 0x7ff) return mant ? nan : ((neg ? 0x8000u : 0u) | inf);
    if (exp == 0) return round(neg, mant, -1074, neg ? -extra : extra, mode);
    return round(neg, mant | (std::uint64_t{1} << 52), exp - 1075, neg ? -extra : extra, mode);
  }
  static unsigned from_float(float f, Round mode) { return from_double(static_cast<double>(f), mode); }
  static unsigned from_u64(bool neg, std::uint64_t mag, Round mode) { return round(neg, mag, 0, 0, mode); }

  // a + b rounded to nearest, both doubles holding any values (the exact sum is s + err).
  static unsigned round_sum(double a, double b) {
    const double s = a + b;
    if (std::isnan(s)) return nan;
    if (std::isinf(s)) return from_double(s, Round::rn);
    const double bb = s - a;
    const double err = (a - (s - bb)) + (b - bb);
    const int extra = err == 0 ? 0 : (err > 0 ? 1 : -1);
    if (s == 0) return err == 0 ? from_double(s, Round::rn) : from_double(err, Round::rn);
    return from_double(s, Round::rn, extra);
  }
};
using HalfFmt = Format<10, 5>;
using Bf16Fmt = Format<7, 8>;

// Integer conversions of a 16-bit value with rounding `mode`, saturating to [lo, hi]; NaN gives
// `nan_value` (what cvt.*.f16/bf16 writes).
template <class Fmt, class I>
I to_int(unsigned h, Round mode, I nan_value) {
  if (Fmt::is_nan(h)) return nan_value;
  const double v = static_cast<double>(Fmt::to_float(h));
  double r;
  switch (mode) {
    case Round::rn: r = std::nearbyint(v); break;
    case Round::rz: r = std::trunc(v); break;
    case Round::rd: r = std::floor(v); break;
    default: r = std::ceil(v); break;
  }
  constexpr double lo = static_cast<double>(static_cast<I>(std::is_signed_v<I> ? (I{1} << (sizeof(I) * 8 - 1)) : 0));
  const double hi = static_cast<double>(static_cast<I>(~static_cast<I>(lo)));
  if (r <= lo) return static_cast<I>(lo);
  if (r >= hi) return static_cast<I>(~static_cast<I>(lo));
  return static_cast<I>(r);
}

// ---- the hardware's approximations (MUFU) ------------------------------------------------------
inline float ftz(float x) { return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x; }
// The .ftz forms half's functions use: the special-function unit's own results.
inline float rcp_approx_ftz(float x) { return cusim::sfu::rcp(x); }
inline float rsqrt_approx_ftz(float x) { return cusim::sfu::rsqrt(x); }
inline float lg2_approx_ftz(float x) { return cusim::sfu::lg2(x); }
inline float ex2_approx_ftz(float x) { return cusim::sfu::ex2(x); }
// The forms bfloat16's use (not .ftz: a bfloat16 subnormal is a float subnormal), and sqrt and
// tanh: correctly rounded values.
inline float rcp_approx(float x) { return static_cast<float>(1.0 / static_cast<double>(x)); }
inline float rsqrt_approx(float x) {
  if (x == 0) return std::copysign(INFINITY, x);
  return static_cast<float>(1.0 / std::sqrt(static_cast<double>(x)));
}
inline float sqrt_approx(float x) { return static_cast<float>(std::sqrt(static_cast<double>(x))); }
inline float lg2_approx(float x) { return static_cast<float>(std::log2(static_cast<double>(x))); }
inline float ex2_approx(float x) { return static_cast<float>(std::exp2(static_cast<double>(x))); }
inline float tanh_approx(float x) { return static_cast<float>(std::tanh(static_cast<double>(x))); }
}  // namespace cusim::fp16

// ---- the types -------------------------------------------------------------------------------
struct __nv_bfloat16;
struct alignas(2) __half {
 protected:
  unsigned short __x;

 public:
  __half() = default;
  constexpr __half(const __half_raw& hr) : __x(hr.x) {}
  __half& operator=(const __half_raw& hr) { __x = hr.x; return *this; }
  volatile __half& operator=(const __half_raw& hr) volatile { __x = hr.x; return *this; }
  volatile __half& operator=(const volatile __half_raw& hr) volatile { __x = hr.x; return *this; }
  operator __half_raw() const { return __half_raw{__x}; }
  operator __half_raw() const volatile { return __half_raw{__x}; }
  explicit __half(const __nv_bfloat16 f);
  __half(const float f) : __x(static_cast<unsigned short>(cusim::fp16::HalfFmt::from_float(f, cusim::fp16::Round::rn))) {}
  __half(const double f) : __x(static_cast<unsigned short>(cusim::fp16::HalfFmt::from_double(f, cusim::fp16::Round::rn, 0, true))) {}
  operator float() const { return cusim::fp16::HalfFmt::to_float(__x, true); }
  __half& operator=(const float f) { return *this = __half(f); }
  __half& operator=(const double f) { return *this = __half(f); }
  __half(const short val);
  __half(const unsigned short val);
  __half(const int val);
  __half(const unsigned int val);
  __half(const long val);
  __half(const unsigned long val);
  __half(const long long val);
  __half(const unsigned long long val);
  operator signed char() const;
  operator unsigned char() const;
  operator char() const;
  operator short() const;
  operator unsigned short() const;
  operator int() const;
  operator unsigned int() const;
  operator long() const;
  operator unsigned long() const;
  operator long long() const;
  operator unsigned long long() const;
  operator bool() const { return (__x & 0x7fffu) != 0; }
  __half& operator=(const short val) { return *this = __half(val); }
  __half& operator=(const unsigned short val) { return *this = __half(val); }
  __half& operator=(const int val) { return *this = __half(val); }
  __half& operator=(const unsigned int val) { return *this = __half(val); }
  __half& operator=(const long long val) { return *this = __half(val); }
  __half& operator=(const unsigned long long val) { return *this = __half(val); }
};

struct alignas(4) __half2 {
  __half x;
  __half y;
  __half2() = default;
  constexpr __half2(const __half& a, const __half& b) : x(a), y(b) {}
  __half2(const __half2_raw& h2r) : x(__half_raw{h2r.x}), y(__half_raw{h2r.y}) {}
  __half2& operator=(const __half2_raw& h2r) { return *this = __half2(h2r); }
  operator __half2_raw() const {
    return __half2_raw{static_cast<__half_raw>(x).x, static_cast<__half_raw>(y).x};
  }
};

struct alignas(2) __nv_bfloat16 {
 protected:
  unsigned short __x;

 public:
  __nv_bfloat16() = default;
  constexpr __nv_bfloat16(const __nv_bfloat16_raw& hr) : __x(hr.x) {}
  __nv_bfloat16& operator=(const __nv_bfloat16_raw& hr) { __x = hr.x; return *this; }
  volatile __nv_bfloat16& operator=(const __nv_bfloat16_raw& hr) volatile { __x = hr.x; return *this; }
  volatile __nv_bfloat16& operator=(const volatile __nv_bfloat16_raw& hr) volatile { __x = hr.x; return *this; }
  operator __nv_bfloat16_raw() const { return __nv_bfloat16_raw{__x}; }
  operator __nv_bfloat16_raw() const volatile { return __nv_bfloat16_raw{__x}; }
  explicit __nv_bfloat16(const __half f);
  __nv_bfloat16(const float f) : __x(static_cast<unsigned short>(cusim::fp16::Bf16Fmt::from_float(f, cusim::fp16::Round::rn))) {}
  __nv_bfloat16(const double f) : __x(static_cast<unsigned short>(cusim::fp16::Bf16Fmt::from_double(f, cusim::fp16::Round::rn, 0, true))) {}
  operator float() const { return cusim::fp16::Bf16Fmt::to_float(__x); }
  __nv_bfloat16& operator=(const float f) { return *this = __nv_bfloat16(f); }
  __nv_bfloat16& operator=(const double f) { return *this = __nv_bfloat16(f); }
  __nv_bfloat16(const short val);
  __nv_bfloat16(const unsigned short val);
  __nv_bfloat16(const int val);
  __nv_bfloat16(const unsigned int val);
  __nv_bfloat16(const long val);
  __nv_bfloat16(const unsigned long val);
  __nv_bfloat16(const long long val);
  __nv_bfloat16(const unsigned long long val);
  operator signed char() const;
  operator unsigned char() const;
  operator char() const;
  operator short() const;
  operator unsigned short() const;
  operator int() const;
  operator unsigned int() const;
  operator long() const;
  operator unsigned long() const;
  operator long long() const;
  operator unsigned long long() const;
  operator bool() const { return (__x & 0x7fffu) != 0; }
  __nv_bfloat16& operator=(const short val) { return *this = __nv_bfloat16(val); }
  __nv_bfloat16& operator=(const unsigned short val) { return *this = __nv_bfloat16(val); }
  __nv_bfloat16& operator=(const int val) { return *this = __nv_bfloat16(val); }
  __nv_bfloat16& operator=(const unsigned int val) { return *this = __nv_bfloat16(val); }
  __nv_bfloat16& operator=(const long long val) { return *this = __nv_bfloat16(val); }
  __nv_bfloat16& operator=(const unsigned long long val) { return *this = __nv_bfloat16(val); }
};

struct alignas(4) __nv_bfloat162 {
  __nv_bfloat16 x;
  __nv_bfloat16 y;
  __nv_bfloat162() = default;
  constexpr __nv_bfloat162(const __nv_bfloat16& a, const __nv_bfloat16& b) : x(a), y(b) {}
  __nv_bfloat162(const __nv_bfloat162_raw& h2r) : x(__nv_bfloat16_raw{h2r.x}), y(__nv_bfloat16_raw{h2r.y}) {}
  __nv_bfloat162& operator=(const __nv_bfloat162_raw& h2r) { return *this = __nv_bfloat162(h2r); }
  operator __nv_bfloat162_raw() const {
    return __nv_bfloat162_raw{static_cast<__nv_bfloat16_raw>(x).x, static_cast<__nv_bfloat16_raw>(y).x};
  }
};

typedef __half half;
typedef __half2 half2;
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

static_assert(sizeof(__half) == 2 && alignof(__half) == 2 && sizeof(__half2) == 4 && alignof(__half2) == 4);
static_assert(sizeof(__nv_bfloat16) == 2 && alignof(__nv_bfloat16) == 2);
static_assert(sizeof(__nv_bfloat162) == 4 && alignof(__nv_bfloat162) == 4);

// ---- what both types share --------------------------------------------------------------------
namespace cusim::fp16 {
template <class T>
struct Traits;
template <>
struct Traits<__half> {
  using Raw = __half_raw;
  using Fmt = HalfFmt;
};
template <>
struct Traits<__nv_bfloat16> {
  using Raw = __nv_bfloat16_raw;
  using Fmt = Bf16Fmt;
};
template <class T>
inline unsigned bits(T h) { return static_cast<typename Traits<T>::Raw>(h).x; }
template <class T>
inline T make(unsigned b) { return T(typename Traits<T>::Raw{static_cast<unsigned short>(b)}); }
template <class T>
inline float f(T h) { return Traits<T>::Fmt::to_float(bits(h)); }
// __half2float, __bfloat162float
inline float to_float(__half h) { return HalfFmt::to_float(bits(h), true); }
inline float to_float(__nv_bfloat16 h) { return Bf16Fmt::to_float(bits(h)); }
template <class T>
inline T from_f(float x) { return make<T>(Traits<T>::Fmt::from_float(x, Round::rn)); }
template <class T>
inline bool isnan(T h) { return Traits<T>::Fmt::is_nan(bits(h)); }

// a op b, one rounding (NaN results are the canonical NaN)
template <class T>
inline T add(T a, T b) { return make<T>(Traits<T>::Fmt::round_sum(f(a), f(b))); }
template <class T>
inline T sub(T a, T b) { return make<T>(Traits<T>::Fmt::round_sum(f(a), -static_cast<double>(f(b)))); }
template <class T>
inline T mul(T a, T b) {
  const double p = static_cast<double>(f(a)) * static_cast<double>(f(b));  // exact
  return make<T>(std::isnan(p) ? Traits<T>::Fmt::nan : Traits<T>::Fmt::from_double(p, Round::rn));
}
template <class T>
inline T fma(T a, T b, T c) {
  const double p = static_cast<double>(f(a)) * static_cast<double>(f(b));  // exact
  return make<T>(Traits<T>::Fmt::round_sum(p, f(c)));
}
// .sat: clamps to [0, 1], NaN to +0
template <class T>
inline T sat(T r) {
  if (isnan(r)) return make<T>(0);
  const float v = f(r);
  if (v <= 0.0f) return make<T>(0);
  if (v >= 1.0f) return make<T>(Traits<T>::Fmt::one);
  return r;
}
// .relu: negative to +0, NaN to the canonical NaN
template <class T>
inline T relu(T r) {
  if (isnan(r)) return make<T>(Traits<T>::Fmt::nan);
  return (bits(r) & 0x8000u) ? make<T>(0) : r;
}
template <class T>
inline T neg(T a) { return make<T>(isnan(a) ? Traits<T>::Fmt::nan : bits(a) ^ 0x8000u); }
template <class T>
inline T abs(T a) { return make<T>(isnan(a) ? Traits<T>::Fmt::nan : bits(a) & 0x7fffu); }
// max/min as PTX's: a NaN operand gives the other, two give the canonical NaN; +0 > -0
template <class T>
inline T max(T a, T b, bool nan_propagates) {
  const bool na = isnan(a), nb = isnan(b);
  if (na || nb) return (nan_propagates || (na && nb)) ? make<T>(Traits<T>::Fmt::nan) : (na ? b : a);
  const float x = f(a), y = f(b);
  if (x == y) return (bits(a) & 0x8000u) ? b : a;
  return x > y ? a : b;
}
template <class T>
inline T min(T a, T b, bool nan_propagates) {
  const bool na = isnan(a), nb = isnan(b);
  if (na || nb) return (nan_propagates || (na && nb)) ? make<T>(Traits<T>::Fmt::nan) : (na ? b : a);
  const float x = f(a), y = f(b);
  if (x == y) return (bits(a) & 0x8000u) ? a : b;
  return x < y ? a : b;
}
// Rounding to an integral value (cvt.rni/rzi/rmi/rpi.f16.f16): exact.
template <class T>
inline T round_integral(T a, Round mode) {
  if (isnan(a)) return make<T>(Traits<T>::Fmt::nan);
  const double v = f(a);
  double r;
  switch (mode) {
    case Round::rn: r = std::nearbyint(v); break;
    case Round::rz: r = std::trunc(v); break;
    case Round::rd: r = std::floor(v); break;
    default: r = std::ceil(v); break;
  }
  return make<T>(Traits<T>::Fmt::from_double(std::copysign(r, v), Round::rn));
}
template <class T>
inline T cvt_rn(float x) { return make<T>(Traits<T>::Fmt::from_float(x, Round::rn)); }
// set.eq.f16.f16 then fma.rn.f16 r, p, ulp, r: r + ulp where the input is `special`, r + 0 elsewhere
inline __half spec_case(__half i, __half r, unsigned special, unsigned ulp) {
  const bool eq = f(i) == HalfFmt::to_float(special);
  return fma(make<__half>(eq ? HalfFmt::one : 0u), make<__half>(ulp), r);
}
}  // namespace cusim::fp16

#define CUSIM_FP16_SHARED(T, T2)                                                                    \
  inline T __hadd(const T a, const T b) { return cusim::fp16::add(a, b); }                          \
  inline T __hsub(const T a, const T b) { return cusim::fp16::sub(a, b); }                          \
  inline T __hmul(const T a, const T b) { return cusim::fp16::mul(a, b); }                          \
  inline T __hadd_rn(const T a, const T b) { return cusim::fp16::add(a, b); }                       \
  inline T __hsub_rn(const T a, const T b) { return cusim::fp16::sub(a, b); }                       \
  inline T __hmul_rn(const T a, const T b) { return cusim::fp16::mul(a, b); }                       \
  inline T __hadd_sat(const T a, const T b) { return cusim::fp16::sat(cusim::fp16::add(a, b)); }    \
  inline T __hsub_sat(const T a, const T b) { return cusim::fp16::sat(cusim::fp16::sub(a, b)); }    \
  inline T __hmul_sat(const T a, const T b) { return cusim::fp16::sat(cusim::fp16::mul(a, b)); }    \
  inline T __hfma(const T a, const T b, const T c) { return cusim::fp16::fma(a, b, c); }            \
  inline T __hfma_sat(const T a, const T b, const T c) { return cusim::fp16::sat(cusim::fp16::fma(a, b, c)); } \
  inline T __hfma_relu(const T a, const T b, const T c) { return cusim::fp16::relu(cusim::fp16::fma(a, b, c)); } \
  inline T __hneg(const T a) { return cusim::fp16::neg(a); }                                        \
  inline T __habs(const T a) { return cusim::fp16::abs(a); }                                        \
  inline T __hmax(const T a, const T b) { return cusim::fp16::max(a, b, false); }                   \
  inline T __hmin(const T a, const T b) { return cusim::fp16::min(a, b, false); }                   \
  inline T __hmax_nan(const T a, const T b) { return cusim::fp16::max(a, b, true); }                \
  inline T __hmin_nan(const T a, const T b) { return cusim::fp16::min(a, b, true); }                \
  inline bool __heq(const T a, const T b) { return cusim::fp16::f(a) == cusim::fp16::f(b); }        \
  inline bool __hne(const T a, const T b) { return cusim::fp16::f(a) < cusim::fp16::f(b) || cusim::fp16::f(a) > cusim::fp16::f(b); } \
  inline bool __hle(const T a, const T b) { return cusim::fp16::f(a) <= cusim::fp16::f(b); }        \
  inline bool __hge(const T a, const T b) { return cusim::fp16::f(a) >= cusim::fp16::f(b); }        \
  inline bool __hlt(const T a, const T b) { return cusim::fp16::f(a) < cusim::fp16::f(b); }         \
  inline bool __hgt(const T a, const T b) { return cusim::fp16::f(a) > cusim::fp16::f(b); }         \
  inline bool __hequ(const T a, const T b) { return !__hne(a, b); }                                 \
  inline bool __hneu(const T a, const T b) { return !__heq(a, b); }                                 \
  inline bool __hleu(const T a, const T b) { return !__hgt(a, b); }                                 \
  inline bool __hgeu(const T a, const T b) { return !__hlt(a, b); }                                 \
  inline bool __hltu(const T a, const T b) { return !__hge(a, b); }                                 \
  inline bool __hgtu(const T a, const T b) { return !__hle(a, b); }                                 \
  inline bool __hisnan(const T a) { return cusim::fp16::isnan(a); }                                 \
  inline int __hisinf(const T a) {                                                                  \
    const unsigned b = cusim::fp16::bits(a);                                                        \
    return b == (cusim::fp16::Traits<T>::Fmt::inf | 0x8000u) ? -1 : (b == cusim::fp16::Traits<T>::Fmt::inf ? 1 : 0); \
  }                                                                                                 \
  inline T htrunc(const T a) { return cusim::fp16::round_integral(a, cusim::fp16::Round::rz); }     \
  inline T hceil(const T a) { return cusim::fp16::round_integral(a, cusim::fp16::Round::ru); }      \
  inline T hfloor(const T a) { return cusim::fp16::round_integral(a, cusim::fp16::Round::rd); }     \
  inline T hrint(const T a) { return cusim::fp16::round_integral(a, cusim::fp16::Round::rn); }      \
  inline T operator+(const T& a, const T& b) { return __hadd(a, b); }                               \
  inline T operator-(const T& a, const T& b) { return __hsub(a, b); }                               \
  inline T operator*(const T& a, const T& b) { return __hmul(a, b); }                               \
  inline T operator/(const T& a, const T& b) { return __hdiv(a, b); }                               \
  inline T& operator+=(T& a, const T& b) { return a = __hadd(a, b); }                               \
  inline T& operator-=(T& a, const T& b) { return a = __hsub(a, b); }                               \
  inline T& operator*=(T& a, const T& b) { return a = __hmul(a, b); }                               \
  inline T& operator/=(T& a, const T& b) { return a = __hdiv(a, b); }                               \
  inline T& operator++(T& h) { return h = __hadd(h, cusim::fp16::make<T>(cusim::fp16::Traits<T>::Fmt::one)); } \
  inline T& operator--(T& h) { return h = __hsub(h, cusim::fp16::make<T>(cusim::fp16::Traits<T>::Fmt::one)); } \
  inline T operator++(T& h, int) { const T r = h; ++h; return r; }                                  \
  inline T operator--(T& h, int) { const T r = h; --h; return r; }                                  \
  inline T operator+(const T& h) { return h; }                                                      \
  inline T operator-(const T& h) { return __hneg(h); }                                              \
  inline bool operator==(const T& a, const T& b) { return __heq(a, b); }                            \
  inline bool operator!=(const T& a, const T& b) { return __hneu(a, b); }                           \
  inline bool operator>(const T& a, const T& b) { return __hgt(a, b); }                             \
  inline bool operator<(const T& a, const T& b) { return __hlt(a, b); }                             \
  inline bool operator>=(const T& a, const T& b) { return __hge(a, b); }                            \
  inline bool operator<=(const T& a, const T& b) { return __hle(a, b); }                            \
  /* pairs: lane by lane */                                                                         \
  inline T2 __hadd2(const T2 a, const T2 b) { return T2(__hadd(a.x, b.x), __hadd(a.y, b.y)); }      \
  inline T2 __hsub2(const T2 a, const T2 b) { return T2(__hsub(a.x, b.x), __hsub(a.y, b.y)); }      \
  inline T2 __hmul2(const T2 a, const T2 b) { return T2(__hmul(a.x, b.x), __hmul(a.y, b.y)); }      \
  inline T2 __hadd2_rn(const T2 a, const T2 b) { return __hadd2(a, b); }                            \
  inline T2 __hsub2_rn(const T2 a, const T2 b) { return __hsub2(a, b); }                            \
  inline T2 __hmul2_rn(const T2 a, const T2 b) { return __hmul2(a, b); }                            \
  inline T2 __hadd2_sat(const T2 a, const T2 b) { return T2(__hadd_sat(a.x, b.x), __hadd_sat(a.y, b.y)); } \
  inline T2 __hsub2_sat(const T2 a, const T2 b) { return T2(__hsub_sat(a.x, b.x), __hsub_sat(a.y, b.y)); } \
  inline T2 __hmul2_sat(const T2 a, const T2 b) { return T2(__hmul_sat(a.x, b.x), __hmul_sat(a.y, b.y)); } \
  inline T2 __h2div(const T2 a, const T2 b) { return T2(__hdiv(a.x, b.x), __hdiv(a.y, b.y)); }      \
  inline T2 __hfma2(const T2 a, const T2 b, const T2 c) { return T2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); } \
  inline T2 __hfma2_sat(const T2 a, const T2 b, const T2 c) { return T2(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y)); } \
  inline T2 __hfma2_relu(const T2 a, const T2 b, const T2 c) { return T2(__hfma_relu(a.x, b.x, c.x), __hfma_relu(a.y, b.y, c.y)); } \
  /* complex a*b + c: re = (c.x + a.x*b.x) - a.y*b.y, im = (c.y + a.x*b.y) + a.y*b.x, two fmas each */ \
  inline T2 __hcmadd(const T2 a, const T2 b, const T2 c) {                                          \
    const T re = __hfma(__hneg(a.y), b.y, __hfma(a.x, b.x, c.x));                                   \
    const T im = __hfma(a.y, b.x, __hfma(a.x, b.y, c.y));                                           \
    return T2(re, im);                                                                              \
  }                                                                                                 \
  inline T2 __hneg2(const T2 a) { return T2(__hneg(a.x), __hneg(a.y)); }                            \
  inline T2 __habs2(const T2 a) { return T2(__habs(a.x), __habs(a.y)); }                            \
  inline T2 __hmax2(const T2 a, const T2 b) { return T2(__hmax(a.x, b.x), __hmax(a.y, b.y)); }      \
  inline T2 __hmin2(const T2 a, const T2 b) { return T2(__hmin(a.x, b.x), __hmin(a.y, b.y)); }      \
  inline T2 __hmax2_nan(const T2 a, const T2 b) { return T2(__hmax_nan(a.x, b.x), __hmax_nan(a.y, b.y)); } \
  inline T2 __hmin2_nan(const T2 a, const T2 b) { return T2(__hmin_nan(a.x, b.x), __hmin_nan(a.y, b.y)); } \
  inline T2 __hisnan2(const T2 a) {                                                                 \
    return T2(cusim::fp16::make<T>(__hisnan(a.x) ? cusim::fp16::Traits<T>::Fmt::one : 0u),          \
              cusim::fp16::make<T>(__hisnan(a.y) ? cusim::fp16::Traits<T>::Fmt::one : 0u));         \
  }                                                                                                 \
  CUSIM_FP16_COMPARE2(T, T2, eq) CUSIM_FP16_COMPARE2(T, T2, ne) CUSIM_FP16_COMPARE2(T, T2, le)      \
  CUSIM_FP16_COMPARE2(T, T2, ge) CUSIM_FP16_COMPARE2(T, T2, lt) CUSIM_FP16_COMPARE2(T, T2, gt)      \
  CUSIM_FP16_COMPARE2(T, T2, equ) CUSIM_FP16_COMPARE2(T, T2, neu) CUSIM_FP16_COMPARE2(T, T2, leu)   \
  CUSIM_FP16_COMPARE2(T, T2, geu) CUSIM_FP16_COMPARE2(T, T2, ltu) CUSIM_FP16_COMPARE2(T, T2, gtu)   \
  inline T2 operator+(const T2& a, const T2& b) { return __hadd2(a, b); }                           \
  inline T2 operator-(const T2& a, const T2& b) { return __hsub2(a, b); }                           \
  inline T2 operator*(const T2& a, const T2& b) { return __hmul2(a, b); }                           \
  inline T2 operator/(const T2& a, const T2& b) { return __h2div(a, b); }                           \
  inline T2& operator+=(T2& a, const T2& b) { return a = __hadd2(a, b); }                           \
  inline T2& operator-=(T2& a, const T2& b) { return a = __hsub2(a, b); }                           \
  inline T2& operator*=(T2& a, const T2& b) { return a = __hmul2(a, b); }                           \
  inline T2& operator/=(T2& a, const T2& b) { return a = __h2div(a, b); }                           \
  inline T2& operator++(T2& h) {                                                                    \
    const T one = cusim::fp16::make<T>(cusim::fp16::Traits<T>::Fmt::one);                           \
    return h = __hadd2(h, T2(one, one));                                                            \
  }                                                                                                 \
  inline T2& operator--(T2& h) {                                                                    \
    const T one = cusim::fp16::make<T>(cusim::fp16::Traits<T>::Fmt::one);                           \
    return h = __hsub2(h, T2(one, one));                                                            \
  }                                                                                                 \
  inline T2 operator++(T2& h, int) { const T2 r = h; ++h; return r; }                               \
  inline T2 operator--(T2& h, int) { const T2 r = h; --h; return r; }                               \
  inline T2 operator+(const T2& h) { return h; }                                                    \
  inline T2 operator-(const T2& h) { return __hneg2(h); }                                           \
  inline bool operator==(const T2& a, const T2& b) { return __hbeq2(a, b); }                        \
  inline bool operator!=(const T2& a, const T2& b) { return __hbneu2(a, b); }                       \
  inline bool operator>(const T2& a, const T2& b) { return __hbgt2(a, b); }                         \
  inline bool operator<(const T2& a, const T2& b) { return __hblt2(a, b); }                         \
  inline bool operator>=(const T2& a, const T2& b) { return __hbge2(a, b); }                        \
  inline bool operator<=(const T2& a, const T2& b) { return __hble2(a, b); }                        \
  /* atomics: a compare-and-swap loop on the value's bits (32 bits for a pair) */                   \
  inline T atomicAdd(T* address, const T val) {                                                     \
    return cusim::fp16::make<T>(::cusim::detail::atomic_update(                                     \
        reinterpret_cast<unsigned short*>(address), [val](unsigned short old) {                     \
          return static_cast<unsigned short>(cusim::fp16::bits(__hadd(cusim::fp16::make<T>(old), val))); \
        }));                                                                                        \
  }                                                                                                 \
  inline T2 atomicAdd(T2* address, const T2 val) {                                                  \
    const unsigned old = ::cusim::detail::atomic_update(reinterpret_cast<unsigned*>(address), [val](unsigned o) { \
      const T2 r = __hadd2(T2(cusim::fp16::make<T>(o & 0xffffu), cusim::fp16::make<T>(o >> 16)), val); \
      return cusim::fp16::bits(r.x) | (cusim::fp16::bits(r.y) << 16);                               \
    });                                                                                             \
    return T2(cusim::fp16::make<T>(old & 0xffffu), cusim::fp16::make<T>(old >> 16));                \
  }                                                                                                 \
  /* warp shuffles: the generic ones (kernel_api.hpp) on the value's bits */                         \
  CUSIM_FP16_SHUFFLE(T, unsigned short, __shfl_sync, int) CUSIM_FP16_SHUFFLE(T, unsigned short, __shfl_up_sync, unsigned int) \
  CUSIM_FP16_SHUFFLE(T, unsigned short, __shfl_down_sync, unsigned int) CUSIM_FP16_SHUFFLE(T, unsigned short, __shfl_xor_sync, int) \
  CUSIM_FP16_SHUFFLE(T2, unsigned, __shfl_sync, int) CUSIM_FP16_SHUFFLE(T2, unsigned, __shfl_up_sync, unsigned int) \
  CUSIM_FP16_SHUFFLE(T2, unsigned, __shfl_down_sync, unsigned int) CUSIM_FP16_SHUFFLE(T2, unsigned, __shfl_xor_sync, int)

#define CUSIM_FP16_SHUFFLE(T, Bits, name, Lane)                                                     \
  inline T name(unsigned mask, T var, Lane lane, int width = warpSize,                              \
                std::source_location site = std::source_location::current()) {                      \
    Bits b;                                                                                         \
    __builtin_memcpy(static_cast<void*>(&b), static_cast<const void*>(&var), sizeof b);             \
    b = name<Bits>(mask, b, lane, width, site);                                                     \
    T r;                                                                                            \
    __builtin_memcpy(static_cast<void*>(&r), static_cast<const void*>(&b), sizeof b);               \
    return r;                                                                                       \
  }

// __heq2 (1.0 or 0.0 a lane), __heq2_mask (0xffff or 0 a lane), __hbeq2 (both lanes)
#define CUSIM_FP16_COMPARE2(T, T2, op)                                                              \
  inline T2 __h##op##2(const T2 a, const T2 b) {                                                    \
    return T2(cusim::fp16::make<T>(__h##op(a.x, b.x) ? cusim::fp16::Traits<T>::Fmt::one : 0u),     \
              cusim::fp16::make<T>(__h##op(a.y, b.y) ? cusim::fp16::Traits<T>::Fmt::one : 0u));     \
  }                                                                                                 \
  inline unsigned __h##op##2_mask(const T2 a, const T2 b) {                                         \
    return (__h##op(a.x, b.x) ? 0xffffu : 0u) | (__h##op(a.y, b.y) ? 0xffff0000u : 0u);             \
  }                                                                                                 \
  inline bool __hb##op##2(const T2 a, const T2 b) { return __h##op(a.x, b.x) && __h##op(a.y, b.y); }

// Conversions, named after the type (N: half or bfloat16).
#define CUSIM_FP16_TO_INT(T, N, I, iname, nan_value)                                                \
  inline I __##N##2##iname##_rn(const T h) { return cusim::fp16::to_int<cusim::fp16::Traits<T>::Fmt, I>(cusim::fp16::bits(h), cusim::fp16::Round::rn, nan_value); } \
  inline I __##N##2##iname##_rz(const T h) { return cusim::fp16::to_int<cusim::fp16::Traits<T>::Fmt, I>(cusim::fp16::bits(h), cusim::fp16::Round::rz, nan_value); } \
  inline I __##N##2##iname##_rd(const T h) { return cusim::fp16::to_int<cusim::fp16::Traits<T>::Fmt, I>(cusim::fp16::bits(h), cusim::fp16::Round::rd, nan_value); } \
  inline I __##N##2##iname##_ru(const T h) { return cusim::fp16::to_int<cusim::fp16::Traits<T>::Fmt, I>(cusim::fp16::bits(h), cusim::fp16::Round::ru, nan_value); }
#define CUSIM_FP16_FROM_INT(T, N, I, iname)                                                         \
  inline T __##iname##2##N##_rn(const I i) { return cusim::fp16::from_int<T>(i, cusim::fp16::Round::rn); } \
  inline T __##iname##2##N##_rz(const I i) { return cusim::fp16::from_int<T>(i, cusim::fp16::Round::rz); } \
  inline T __##iname##2##N##_rd(const I i) { return cusim::fp16::from_int<T>(i, cusim::fp16::Round::rd); } \
  inline T __##iname##2##N##_ru(const I i) { return cusim::fp16::from_int<T>(i, cusim::fp16::Round::ru); }

namespace cusim::fp16 {
template <class T, class I>
inline T from_int(I i, Round mode) {
  const bool neg = i < 0;
  const std::uint64_t mag = neg ? (std::uint64_t{0} - static_cast<std::uint64_t>(i)) : static_cast<std::uint64_t>(i);
  return make<T>(Traits<T>::Fmt::from_u64(neg, mag, mode));
}
}  // namespace cusim::fp16

#define CUSIM_FP16_CONVERSIONS(T, T2, N)                                                            \
  inline T __float2##N(const float a) { return cusim::fp16::make<T>(cusim::fp16::Traits<T>::Fmt::from_float(a, cusim::fp16::Round::rn)); } \
  inline T __float2##N##_rn(const float a) { return __float2##N(a); }                              \
  inline T __float2##N##_rz(const float a) { return cusim::fp16::make<T>(cusim::fp16::Traits<T>::Fmt::from_float(a, cusim::fp16::Round::rz)); } \
  inline T __float2##N##_rd(const float a) { return cusim::fp16::make<T>(cusim::fp16::Traits<T>::Fmt::from_float(a, cusim::fp16::Round::rd)); } \
  inline T __float2##N##_ru(const float a) { return cusim::fp16::make<T>(cusim::fp16::Traits<T>::Fmt::from_float(a, cusim::fp16::Round::ru)); } \
  inline T __double2##N(const double a) { return cusim::fp16::make<T>(cusim::fp16::Traits<T>::Fmt::from_double(a, cusim::fp16::Round::rn, 0, true)); } \
  inline float __##N##2float(const T a) { return cusim::fp16::to_float(a); }                      \
  inline T2 __float2##N##2_rn(const float a) { return T2(__float2##N(a), __float2##N(a)); }        \
  inline T2 __floats2##N##2_rn(const float a, const float b) { return T2(__float2##N(a), __float2##N(b)); } \
  inline T2 __float22##N##2_rn(const float2 a) { return T2(__float2##N(a.x), __float2##N(a.y)); }  \
  inline float2 __##N##22float2(const T2 a) { return make_float2(__##N##2float(a.x), __##N##2float(a.y)); } \
  inline float __low2float(const T2 a) { return __##N##2float(a.x); }                              \
  inline float __high2float(const T2 a) { return __##N##2float(a.y); }                             \
  inline T __low2##N(const T2 a) { return a.x; }                                                    \
  inline T __high2##N(const T2 a) { return a.y; }                                                   \
  inline T2 __halves2##N##2(const T a, const T b) { return T2(a, b); }                              \
  inline T2 make_##N##2(const T a, const T b) { return T2(a, b); }                                  \
  inline T2 __##N##2##N##2(const T a) { return T2(a, a); }                                          \
  inline T2 __lows2##N##2(const T2 a, const T2 b) { return T2(a.x, b.x); }                          \
  inline T2 __highs2##N##2(const T2 a, const T2 b) { return T2(a.y, b.y); }                         \
  inline T2 __low2##N##2(const T2 a) { return T2(a.x, a.x); }                                       \
  inline T2 __high2##N##2(const T2 a) { return T2(a.y, a.y); }                                      \
  inline T2 __lowhigh2highlow(const T2 a) { return T2(a.y, a.x); }                                  \
  inline short __##N##_as_short(const T h) { return static_cast<short>(cusim::fp16::bits(h)); }    \
  inline unsigned short __##N##_as_ushort(const T h) { return static_cast<unsigned short>(cusim::fp16::bits(h)); } \
  inline T __short_as_##N(const short i) { return cusim::fp16::make<T>(static_cast<unsigned short>(i)); } \
  inline T __ushort_as_##N(const unsigned short i) { return cusim::fp16::make<T>(i); }              \
  CUSIM_FP16_TO_INT(T, N, int, int, 0)                                                              \
  CUSIM_FP16_TO_INT(T, N, unsigned int, uint, 0u)                                                   \
  CUSIM_FP16_TO_INT(T, N, long long, ll, static_cast<long long>(0x8000000000000000ull))             \
  CUSIM_FP16_TO_INT(T, N, unsigned long long, ull, 0x8000000000000000ull)                           \
  CUSIM_FP16_TO_INT(T, N, short, short, 0)                                                          \
  CUSIM_FP16_TO_INT(T, N, unsigned short, ushort, 0)                                                \
  inline signed char __##N##2char_rz(const T h) {                                                   \
    return cusim::fp16::to_int<cusim::fp16::Traits<T>::Fmt, signed char>(cusim::fp16::bits(h), cusim::fp16::Round::rz, 0); \
  }                                                                                                 \
  inline unsigned char __##N##2uchar_rz(const T h) {                                                \
    return cusim::fp16::to_int<cusim::fp16::Traits<T>::Fmt, unsigned char>(cusim::fp16::bits(h), cusim::fp16::Round::rz, 0); \
  }                                                                                                 \
  CUSIM_FP16_FROM_INT(T, N, int, int)                                                               \
  CUSIM_FP16_FROM_INT(T, N, unsigned int, uint)                                                     \
  CUSIM_FP16_FROM_INT(T, N, long long, ll)                                                          \
  CUSIM_FP16_FROM_INT(T, N, unsigned long long, ull)                                                \
  CUSIM_FP16_FROM_INT(T, N, short, short)                                                           \
  CUSIM_FP16_FROM_INT(T, N, unsigned short, ushort)                                                 \
  inline T::T(const short val) : T(__short2##N##_rn(val)) {}                                        \
  inline T::T(const unsigned short val) : T(__ushort2##N##_rn(val)) {}                              \
  inline T::T(const int val) : T(__int2##N##_rn(val)) {}                                            \
  inline T::T(const unsigned int val) : T(__uint2##N##_rn(val)) {}                                  \
  inline T::T(const long val) : T(__ll2##N##_rn(val)) {}                                            \
  inline T::T(const unsigned long val) : T(__ull2##N##_rn(val)) {}                                  \
  inline T::T(const long long val) : T(__ll2##N##_rn(val)) {}                                       \
  inline T::T(const unsigned long long val) : T(__ull2##N##_rn(val)) {}                             \
  inline T::operator signed char() const { return __##N##2char_rz(*this); }                         \
  inline T::operator unsigned char() const { return __##N##2uchar_rz(*this); }                      \
  inline T::operator char() const { return static_cast<char>(static_cast<char>(-1) < 0 ? __##N##2char_rz(*this) : __##N##2uchar_rz(*this)); } \
  inline T::operator short() const { return __##N##2short_rz(*this); }                              \
  inline T::operator unsigned short() const { return __##N##2ushort_rz(*this); }                    \
  inline T::operator int() const { return __##N##2int_rz(*this); }                                  \
  inline T::operator unsigned int() const { return __##N##2uint_rz(*this); }                        \
  inline T::operator long() const { return static_cast<long>(__##N##2ll_rz(*this)); }               \
  inline T::operator unsigned long() const { return static_cast<unsigned long>(__##N##2ull_rz(*this)); } \
  inline T::operator long long() const { return __##N##2ll_rz(*this); }                             \
  inline T::operator unsigned long long() const { return __##N##2ull_rz(*this); }

CUSIM_FP16_CONVERSIONS(__half, __half2, half)
CUSIM_FP16_CONVERSIONS(__nv_bfloat16, __nv_bfloat162, bfloat16)
inline __half::__half(const __nv_bfloat16 f) : __half(__float2half(__bfloat162float(f))) {}
inline __nv_bfloat16::__nv_bfloat16(const __half f) : __nv_bfloat16(__float2bfloat16(__half2float(f))) {}

#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)
#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7F7FU)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000U)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)

// ---- division and math: CUDA's sm_90 sequences ------------------------------------------------
namespace cusim::fp16 {
// __float_simpl_sinf / cosf of CUDA's cuda_fp16.hpp: a reduction to [-pi/4, pi/4] and a polynomial
inline float trig_reduce(float a, unsigned* quadrant) {
  const float ar = std::fmaf(a, 0.636619772f, 12582912.0f);
  *quadrant = float_to_bits(ar);
  const float j = ar - 12582912.0f;
  float t = std::fmaf(j, -1.5707962512969971e+000f, a);
  t = std::fmaf(j, -7.5497894158615964e-008f, t);
  return t;
}
inline float sin_cos_poly(float x, unsigned i) {
  const float x2 = x * x;
  float a8, a6, a4, a2, a1, a0;
  if (i & 1u) {
    a8 = 2.44331571e-5f, a6 = -1.38873163e-3f, a4 = 4.16666457e-2f, a2 = -5.00000000e-1f, a1 = x2, a0 = 1.0f;
  } else {
    a8 = -1.95152959e-4f, a6 = 8.33216087e-3f, a4 = -1.66666546e-1f, a2 = 0.0f, a1 = x, a0 = x;
  }
  float z = std::fmaf(a8, x2, a6);
  z = std::fmaf(z, x2, a4);
  z = std::fmaf(z, x2, a2);
  z = std::fmaf(z, a1, a0);
  return (i & 2u) ? -z : z;
}
inline float simpl_sin(float a) {
  unsigned i;
  const float r = trig_reduce(a, &i);
  return sin_cos_poly(r, i);
}
inline float simpl_cos(float a) {
  unsigned i;
  const float r = trig_reduce(a, &i);
  return sin_cos_poly(r, (i & 3u) + 1u);
}
// CUDA's accurate float functions (sinf, cosf, tanhf): their correctly rounded values here.
inline float accurate_sin(float x) { return static_cast<float>(std::sin(static_cast<double>(x))); }
inline float accurate_cos(float x) { return static_cast<float>(std::cos(static_cast<double>(x))); }
inline float accurate_tanh(float x) { return static_cast<float>(std::tanh(static_cast<double>(x))); }
inline float c(std::uint32_t u) { return bits_to_float(u); }
// cvt.f32.f16, <fn>.approx.ftz.f32, cvt.rn.f16.f32
inline __half half_approx(__half a, float (*fn)(float)) { return cvt_rn<__half>(ftz(fn(f(a)))); }
inline __nv_bfloat16 bf16_approx(__nv_bfloat16 a, float (*fn)(float)) { return cvt_rn<__nv_bfloat16>(fn(f(a))); }
}  // namespace cusim::fp16

inline __half __hdiv(const __half a, const __half b) {
  using namespace cusim::fp16;
  const float fa = f(a), fb = f(b);
  const float rcp = rcp_approx_ftz(fb);
  float fv = rcp * fa;
  unsigned v = HalfFmt::from_float(fv, Round::rn);
  const unsigned av = v & 0x7fffu;
  if (av < 0x008fu && av > 0u) {  // the result is a small subnormal: one Newton step
    const float err = std::fmaf(-fb, fv, fa);
    fv = std::fmaf(rcp, err, fv);
    v = HalfFmt::from_float(fv, Round::rn);
  }
  return make<__half>(v);
}
inline __half hsqrt(const __half a) { return cusim::fp16::half_approx(a, cusim::fp16::sqrt_approx); }
inline __half hrsqrt(const __half a) { return cusim::fp16::half_approx(a, cusim::fp16::rsqrt_approx_ftz); }
inline __half hrcp(const __half a) { return cusim::fp16::half_approx(a, cusim::fp16::rcp_approx_ftz); }
inline __half hexp(const __half a) {
  using namespace cusim::fp16;
  __half r = cvt_rn<__half>(ftz(ex2_approx_ftz(std::fmaf(f(a), c(0x3fb8aa3bu), -0.0f))));
  r = spec_case(a, r, 0x1F79u, 0x9400u);
  r = spec_case(a, r, 0x25CFu, 0x9400u);
  r = spec_case(a, r, 0xC13Bu, 0x0400u);
  return spec_case(a, r, 0xC1EFu, 0x0200u);
}
inline __half hexp2(const __half a) {
  using namespace cusim::fp16;
  const float e = ftz(ex2_approx_ftz(f(a)));
  return cvt_rn<__half>(std::fmaf(e, c(0x33800000u), e));
}
inline __half hexp10(const __half a) {
  using namespace cusim::fp16;
  __half r = cvt_rn<__half>(ftz(ex2_approx_ftz(std::fmaf(f(a), c(0x40549A78u), -0.0f))));
  r = spec_case(a, r, 0x34DEu, 0x9800u);
  r = spec_case(a, r, 0x9766u, 0x9000u);
  r = spec_case(a, r, 0x9972u, 0x1000u);
  r = spec_case(a, r, 0xA5C4u, 0x1000u);
  return spec_case(a, r, 0xBF0Au, 0x8100u);
}
inline __half hlog2(const __half a) {
  using namespace cusim::fp16;
  __half r = cvt_rn<__half>(ftz(lg2_approx_ftz(f(a))));
  r = spec_case(r, r, 0xA2E2u, 0x8080u);
  return spec_case(r, r, 0xBF46u, 0x9400u);
}
inline __half hlog(const __half a) {
  using namespace cusim::fp16;
  __half r = cvt_rn<__half>(ftz(lg2_approx_ftz(f(a))) * c(0x3f317218u));
  r = spec_case(a, r, 0x160Du, 0x9C00u);
  r = spec_case(a, r, 0x3BFEu, 0x8010u);
  r = spec_case(a, r, 0x3C0Bu, 0x8080u);
  return spec_case(a, r, 0x6051u, 0x1C00u);
}
inline __half hlog10(const __half a) {
  using namespace cusim::fp16;
  __half r = cvt_rn<__half>(ftz(lg2_approx_ftz(f(a))) * c(0x3E9A209Bu));
  r = spec_case(a, r, 0x338Fu, 0x1000u);
  r = spec_case(a, r, 0x33F8u, 0x9000u);
  r = spec_case(a, r, 0x57E1u, 0x9800u);
  return spec_case(a, r, 0x719Du, 0x9C00u);
}
inline __half hsin(const __half a) {
  using namespace cusim::fp16;
  __half r = cvt_rn<__half>(simpl_sin(f(a)));
  const unsigned sign = bits(r) & 0x8000u;
  r = cusim::fp16::abs(r);
  const __half i = cusim::fp16::abs(a);
  r = spec_case(i, r, 0x32B3u, 0x0800u);
  r = spec_case(i, r, 0x5CB0u, 0x9000u);
  return make<__half>(bits(r) | sign);
}
inline __half hcos(const __half a) {
  using namespace cusim::fp16;
  const __half r = cvt_rn<__half>(simpl_cos(f(a)));
  return spec_case(cusim::fp16::abs(a), r, 0x2B7Cu, 0x1000u);
}
inline __half htanh(const __half a) { return cusim::fp16::cvt_rn<__half>(cusim::fp16::accurate_tanh(cusim::fp16::f(a))); }
// tanh.approx.f16: the correctly rounded tanh
inline __half htanh_approx(const __half a) {
  using namespace cusim::fp16;
  if (isnan(a)) return make<__half>(HalfFmt::nan);
  return make<__half>(HalfFmt::from_double(std::tanh(static_cast<double>(f(a))), Round::rn));
}

inline __nv_bfloat16 __hdiv(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  using namespace cusim::fp16;
  const float fa = f(a);
  float fb = f(b);
  const bool big = std::fabs(fb) >= c(0x7E800000u);
  if (big) fb *= 0.25f;
  // div.approx.f32: a * rcp.approx(b); a subnormal b is scaled first (the H100 divides by one
  // without overflow)
  float ans;
  if (std::fabs(fb) < c(0x00800000u) && fb != 0)
    ans = static_cast<float>(static_cast<double>(fa) * rcp_approx(fb * c(0x4b800000u)) * 16777216.0);
  else
    ans = fa * rcp_approx(fb);
  if (big) ans = std::fmaf(ans, 0.25f, -0.0f);
  return cvt_rn<__nv_bfloat16>(ans);
}
inline __nv_bfloat16 hsqrt(const __nv_bfloat16 a) { return cusim::fp16::bf16_approx(a, cusim::fp16::sqrt_approx); }
inline __nv_bfloat16 hrsqrt(const __nv_bfloat16 a) { return cusim::fp16::bf16_approx(a, cusim::fp16::rsqrt_approx); }
inline __nv_bfloat16 hrcp(const __nv_bfloat16 a) { return cusim::fp16::bf16_approx(a, cusim::fp16::rcp_approx); }
inline __nv_bfloat16 hexp(const __nv_bfloat16 a) {
  using namespace cusim::fp16;
  return cvt_rn<__nv_bfloat16>(ex2_approx(f(a) * c(0x3FB8AA3Cu)));
}
inline __nv_bfloat16 hexp2(const __nv_bfloat16 a) { return cusim::fp16::bf16_approx(a, cusim::fp16::ex2_approx); }
namespace cusim::fp16 {
inline __nv_bfloat16 bf16_exp10(__nv_bfloat16 a) { return cvt_rn<__nv_bfloat16>(ex2_approx(f(a) * c(0x40549A78u))); }
}  // namespace cusim::fp16
inline __nv_bfloat16 hexp10(const __nv_bfloat16 a) {
  using namespace cusim::fp16;
  return bits(a) == 0xBC95u ? make<__nv_bfloat16>(0x3f75u) : bf16_exp10(a);
}
inline __nv_bfloat16 hlog2(const __nv_bfloat16 a) { return cusim::fp16::bf16_approx(a, cusim::fp16::lg2_approx); }
inline __nv_bfloat16 hlog(const __nv_bfloat16 a) {
  using namespace cusim::fp16;
  return cvt_rn<__nv_bfloat16>(lg2_approx(f(a)) * c(0x3f317218u));
}
inline __nv_bfloat16 hlog10(const __nv_bfloat16 a) {
  using namespace cusim::fp16;
  return cvt_rn<__nv_bfloat16>(lg2_approx(f(a)) * c(0x3E9A209Bu));
}
inline __nv_bfloat16 hsin(const __nv_bfloat16 a) { return cusim::fp16::bf16_approx(a, cusim::fp16::accurate_sin); }
inline __nv_bfloat16 hcos(const __nv_bfloat16 a) { return cusim::fp16::bf16_approx(a, cusim::fp16::accurate_cos); }
inline __nv_bfloat16 htanh(const __nv_bfloat16 a) { return cusim::fp16::bf16_approx(a, cusim::fp16::tanh_approx); }
inline __nv_bfloat16 htanh_approx(const __nv_bfloat16 a) {
  using namespace cusim::fp16;
  if (isnan(a)) return make<__nv_bfloat16>(Bf16Fmt::nan);
  return make<__nv_bfloat16>(Bf16Fmt::from_double(std::tanh(static_cast<double>(f(a))), Round::rn));
}

#define CUSIM_FP16_MATH2(T, T2)                                                                     \
  inline T2 h2sqrt(const T2 a) { return T2(hsqrt(a.x), hsqrt(a.y)); }                               \
  inline T2 h2rsqrt(const T2 a) { return T2(hrsqrt(a.x), hrsqrt(a.y)); }                            \
  inline T2 h2rcp(const T2 a) { return T2(hrcp(a.x), hrcp(a.y)); }                                  \
  inline T2 h2exp(const T2 a) { return T2(hexp(a.x), hexp(a.y)); }                                  \
  inline T2 h2exp2(const T2 a) { return T2(hexp2(a.x), hexp2(a.y)); }                               \
  inline T2 h2log(const T2 a) { return T2(hlog(a.x), hlog(a.y)); }                                  \
  inline T2 h2log2(const T2 a) { return T2(hlog2(a.x), hlog2(a.y)); }                               \
  inline T2 h2log10(const T2 a) { return T2(hlog10(a.x), hlog10(a.y)); }                            \
  inline T2 h2sin(const T2 a) { return T2(hsin(a.x), hsin(a.y)); }                                  \
  inline T2 h2cos(const T2 a) { return T2(hcos(a.x), hcos(a.y)); }                                  \
  inline T2 h2tanh(const T2 a) { return T2(htanh(a.x), htanh(a.y)); }                               \
  inline T2 h2tanh_approx(const T2 a) { return T2(htanh_approx(a.x), htanh_approx(a.y)); }          \
  inline T2 h2trunc(const T2 a) { return T2(htrunc(a.x), htrunc(a.y)); }                            \
  inline T2 h2ceil(const T2 a) { return T2(hceil(a.x), hceil(a.y)); }                               \
  inline T2 h2floor(const T2 a) { return T2(hfloor(a.x), hfloor(a.y)); }                            \
  inline T2 h2rint(const T2 a) { return T2(hrint(a.x), hrint(a.y)); }

CUSIM_FP16_SHARED(__half, __half2)
CUSIM_FP16_SHARED(__nv_bfloat16, __nv_bfloat162)
CUSIM_FP16_MATH2(__half, __half2)
CUSIM_FP16_MATH2(__nv_bfloat16, __nv_bfloat162)
inline __half2 h2exp10(const __half2 a) { return __half2(hexp10(a.x), hexp10(a.y)); }
// CUDA's h2exp10 for bfloat16 corrects its lanes by comparing them as half values (set.eq.f16x2)
// and adding 2^-7 * -0.5 (fma.rn.bf16x2) where a lane's bits are 0xBC95: so it does here.
inline __nv_bfloat162 h2exp10(const __nv_bfloat162 a) {
  using namespace cusim::fp16;
  auto lane = [](__nv_bfloat16 x) {
    const bool eq = HalfFmt::to_float(bits(x)) == HalfFmt::to_float(0xBC95u);
    return fma(make<__nv_bfloat16>(eq ? 0x3C00u : 0u), make<__nv_bfloat16>(0xBF00u), bf16_exp10(x));
  };
  return __nv_bfloat162(lane(a.x), lane(a.y));
}

#if defined(CUSIM_TRANSLATOR_PARSE)
#pragma clang force_cuda_host_device end
#endif
