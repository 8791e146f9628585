// CUDA's device intrinsics on the CPU: integer intrinsics, SIMD within a word, the min/max
// family, IEEE arithmetic in an explicit rounding mode, conversions with PTX's rounding and
// saturation, bit casts, device math (the fast-math __expf family) and the cache-hinted loads and
// stores (__ldg...). Included by kernel_api.hpp. Everything but the fast-math intrinsics gives the
// GPU's exact results (sm_90): tests/plain_cuda/53_integer_intrinsics.cu,
// 54_rounding_intrinsics.cu and 59_simd_intrinsics.cu hold hashes recorded on an H100;
// docs/FRONTEND.md says what the fast-math ones differ by.
#pragma once
#include <cfenv>
#include <cstddef>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "cusim/detail/vector_types.hpp"
#include "cusim/detail/device_math.hpp"
#include "cusim/detail/libdevice_math.hpp"
#include "cusim/detail/sfu.hpp"

// ---- integer intrinsics ----------------------------------------------------------------------
inline int __popc(unsigned int x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz(static_cast<unsigned>(x)); }
inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll(static_cast<unsigned long long>(x)); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline unsigned int __brev(unsigned int x) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
  return __builtin_bswap32(x);
}
inline unsigned long long __brevll(unsigned long long x) {
  return (static_cast<unsigned long long>(__brev(static_cast<unsigned int>(x))) << 32) | __brev(static_cast<unsigned int>(x >> 32));
}
inline int __mul24(int x, int y) {
  return static_cast<int>(static_cast<unsigned>((x << 8 >> 8)) * static_cast<unsigned>((y << 8 >> 8)));
}
inline unsigned int __umul24(unsigned int x, unsigned int y) { return (x & 0xffffffu) * (y & 0xffffffu); }
inline int __mulhi(int x, int y) { return static_cast<int>((static_cast<long long>(x) * y) >> 32); }
inline unsigned int __umulhi(unsigned int x, unsigned int y) {
  return static_cast<unsigned int>((static_cast<unsigned long long>(x) * y) >> 32);
}
inline long long __mul64hi(long long x, long long y) {
  return static_cast<long long>((static_cast<__int128>(x) * y) >> 64);
}
inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
  return static_cast<unsigned long long>((static_cast<unsigned __int128>(x) * y) >> 64);
}
// Averages without overflow: (x + y) >> 1 and (x + y + 1) >> 1 computed wide.
inline int __hadd(int x, int y) { return static_cast<int>((static_cast<long long>(x) + y) >> 1); }
inline int __rhadd(int x, int y) { return static_cast<int>((static_cast<long long>(x) + y + 1) >> 1); }
inline unsigned int __uhadd(unsigned int x, unsigned int y) {
  return static_cast<unsigned int>((static_cast<unsigned long long>(x) + y) >> 1);
}
inline unsigned int __urhadd(unsigned int x, unsigned int y) {
  return static_cast<unsigned int>((static_cast<unsigned long long>(x) + y + 1) >> 1);
}
// |x - y| + z, the difference taken exactly, the sum modulo 2^32.
inline unsigned int __sad(int x, int y, unsigned int z) {
  return (x > y ? static_cast<unsigned>(x) - static_cast<unsigned>(y) : static_cast<unsigned>(y) - static_cast<unsigned>(x)) + z;
}
inline unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) { return (x > y ? x - y : y - x) + z; }
// Byte n of the result is byte (s >> 4n) & 7 of {y, x} (x's bytes are 0..3); the selectors'
// bit 3 is ignored (no sign replication, unlike prmt's default mode), as on the GPU.
inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
  const unsigned long long bytes = (static_cast<unsigned long long>(y) << 32) | x;
  unsigned int r = 0;
  for (int n = 0; n < 4; ++n) {
    const unsigned sel = (s >> (4 * n)) & 0xfu;
    r |= (static_cast<unsigned>(bytes >> (8 * (sel & 7u))) & 0xffu) << (8 * n);
  }
  return r;
}
// The 64-bit {hi, lo} shifted: _l keeps the high word, _r the low one; the plain forms shift by
// shift & 31, the _c forms by min(shift, 32).
inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned int>((v << (shift & 31u)) >> 32);
}
inline unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned int>((v << (shift < 32u ? shift : 32u)) >> 32);
}
inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned int>(v >> (shift & 31u));
}
inline unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned int>(v >> (shift < 32u ? shift : 32u));
}
// PTX's fns: the position of the |offset|-th set bit of mask counting from base upwards
// (offset > 0) or downwards (offset < 0), base itself if set for offset 0; 0xffffffff if none.
inline unsigned int __fns(unsigned int mask, unsigned int base, int offset) {
  if (offset == 0) return base < 32u && ((mask >> base) & 1u) ? base : 0xffffffffu;
  const int step = offset > 0 ? 1 : -1;
  long long count = offset > 0 ? offset : -static_cast<long long>(offset);
  for (int pos = static_cast<int>(base & 31u); pos >= 0 && pos < 32; pos += step)
    if (((mask >> pos) & 1u) && --count == 0) return static_cast<unsigned int>(pos);
  return 0xffffffffu;
}

// Dot products of bytes (dp4a) and of halfwords with bytes (dp2a: _lo takes srcB's bytes 0 and
// 1, _hi bytes 2 and 3), plus c, modulo 2^32.
namespace cusim::detail {
template <class Byte, class Acc>
inline Acc dp4a(unsigned int a, unsigned int b, Acc c) {
  unsigned int sum = static_cast<unsigned int>(c);
  for (int i = 0; i < 4; ++i)
    sum += static_cast<unsigned int>(static_cast<int>(static_cast<Byte>(a >> (8 * i))) * static_cast<int>(static_cast<Byte>(b >> (8 * i))));
  return static_cast<Acc>(sum);
}
template <class Half, class Byte, class Acc>
inline Acc dp2a(unsigned int a, unsigned int b, Acc c, int first_byte) {
  unsigned int sum = static_cast<unsigned int>(c);
  for (int i = 0; i < 2; ++i)
    sum += static_cast<unsigned int>(static_cast<int>(static_cast<Half>(a >> (16 * i))) *
                                     static_cast<int>(static_cast<Byte>(b >> (8 * (first_byte + i)))));
  return static_cast<Acc>(sum);
}
template <class V>
inline unsigned int word_of(V v) {
  static_assert(sizeof(V) == 4);
  unsigned int w;
  std::memcpy(&w, &v, 4);
  return w;
}
}  // namespace cusim::detail
inline int __dp4a(int a, int b, int c) { return cusim::detail::dp4a<signed char>(a, b, c); }
inline unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c) { return cusim::detail::dp4a<unsigned char>(a, b, c); }
inline int __dp4a(char4 a, char4 b, int c) { return __dp4a(static_cast<int>(cusim::detail::word_of(a)), static_cast<int>(cusim::detail::word_of(b)), c); }
inline unsigned int __dp4a(uchar4 a, uchar4 b, unsigned int c) { return __dp4a(cusim::detail::word_of(a), cusim::detail::word_of(b), c); }
inline int __dp2a_lo(int a, int b, int c) { return cusim::detail::dp2a<short, signed char>(a, b, c, 0); }
inline unsigned int __dp2a_lo(unsigned int a, unsigned int b, unsigned int c) { return cusim::detail::dp2a<unsigned short, unsigned char>(a, b, c, 0); }
inline int __dp2a_hi(int a, int b, int c) { return cusim::detail::dp2a<short, signed char>(a, b, c, 2); }
inline unsigned int __dp2a_hi(unsigned int a, unsigned int b, unsigned int c) { return cusim::detail::dp2a<unsigned short, unsigned char>(a, b, c, 2); }
inline int __dp2a_lo(short2 a, char4 b, int c) { return __dp2a_lo(static_cast<int>(cusim::detail::word_of(a)), static_cast<int>(cusim::detail::word_of(b)), c); }
inline unsigned int __dp2a_lo(ushort2 a, uchar4 b, unsigned int c) { return __dp2a_lo(cusim::detail::word_of(a), cusim::detail::word_of(b), c); }
inline int __dp2a_hi(short2 a, char4 b, int c) { return __dp2a_hi(static_cast<int>(cusim::detail::word_of(a)), static_cast<int>(cusim::detail::word_of(b)), c); }
inline unsigned int __dp2a_hi(ushort2 a, uchar4 b, unsigned int c) { return __dp2a_hi(cusim::detail::word_of(a), cusim::detail::word_of(b), c); }

// ---- SIMD within a word: 2 halfwords or 4 bytes per unsigned int (__vadd2...) ----------------
namespace cusim::detail {
// f applied to each of the N lanes (2: halfwords, 4: bytes) of a and b, read as signed or
// unsigned, given the lane's signed limits lo..hi and unsigned maximum; each result is kept
// modulo the lane's width.
template <int N, bool Signed, class F>
inline unsigned int simd(unsigned int a, unsigned int b, F f) {
  constexpr int bits = 32 / N;
  constexpr unsigned int mask = (1u << bits) - 1u;
  constexpr int lo = -(1 << (bits - 1)), hi = (1 << (bits - 1)) - 1, umax = static_cast<int>(mask);
  unsigned int r = 0;
  for (int i = 0; i < N; ++i) {
    const unsigned int ua = (a >> (bits * i)) & mask, ub = (b >> (bits * i)) & mask;
    const int x = Signed && (ua >> (bits - 1)) ? static_cast<int>(ua) - umax - 1 : static_cast<int>(ua);
    const int y = Signed && (ub >> (bits - 1)) ? static_cast<int>(ub) - umax - 1 : static_cast<int>(ub);
    r |= (static_cast<unsigned int>(f(x, y, lo, hi, umax)) & mask) << (bits * i);
  }
  return r;
}
inline int clamp_int(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }
template <int N, bool Signed>
inline unsigned int simd_sad(unsigned int a, unsigned int b) {
  unsigned int sum = 0;
  simd<N, Signed>(a, b, [&](int x, int y, int, int, int) {
    sum += static_cast<unsigned int>(x > y ? x - y : y - x);
    return 0;
  });
  return sum;
}
}  // namespace cusim::detail
#define CUSIM_SIMD(NAME, SIGNED, EXPR)                                                                             \
  inline unsigned int NAME##2(unsigned int a, unsigned int b) {                                                   \
    return cusim::detail::simd<2, SIGNED>(a, b, [](int x, int y, int lo, int hi, int umax) { (void)x; (void)y; (void)lo; (void)hi; (void)umax; return (EXPR); }); \
  }                                                                                                              \
  inline unsigned int NAME##4(unsigned int a, unsigned int b) {                                                   \
    return cusim::detail::simd<4, SIGNED>(a, b, [](int x, int y, int lo, int hi, int umax) { (void)x; (void)y; (void)lo; (void)hi; (void)umax; return (EXPR); }); \
  }
#define CUSIM_SIMD_COMPARE(NAME, SIGNED, OP) \
  CUSIM_SIMD(__vcmp##NAME, SIGNED, (x OP y) ? -1 : 0) CUSIM_SIMD(__vset##NAME, SIGNED, (x OP y) ? 1 : 0)
CUSIM_SIMD(__vadd, false, x + y)
CUSIM_SIMD(__vaddss, true, cusim::detail::clamp_int(x + y, lo, hi))
CUSIM_SIMD(__vaddus, false, cusim::detail::clamp_int(x + y, 0, umax))
CUSIM_SIMD(__vsub, false, x - y)
CUSIM_SIMD(__vsubss, true, cusim::detail::clamp_int(x - y, lo, hi))
CUSIM_SIMD(__vsubus, false, cusim::detail::clamp_int(x - y, 0, umax))
CUSIM_SIMD(__vavgs, true, (x + y + (x + y >= 0 ? 1 : -1)) / 2)  // (halves away from zero)
CUSIM_SIMD(__vavgu, false, (x + y + 1) >> 1)
CUSIM_SIMD(__vhaddu, false, (x + y) >> 1)
CUSIM_SIMD(__vabsdiffs, true, x > y ? x - y : y - x)
CUSIM_SIMD(__vabsdiffu, false, x > y ? x - y : y - x)
CUSIM_SIMD(__vmaxs, true, x > y ? x : y)
CUSIM_SIMD(__vmaxu, false, x > y ? x : y)
CUSIM_SIMD(__vmins, true, x < y ? x : y)
CUSIM_SIMD(__vminu, false, x < y ? x : y)
CUSIM_SIMD_COMPARE(eq, false, ==)
CUSIM_SIMD_COMPARE(ne, false, !=)
CUSIM_SIMD_COMPARE(ges, true, >=)
CUSIM_SIMD_COMPARE(gts, true, >)
CUSIM_SIMD_COMPARE(les, true, <=)
CUSIM_SIMD_COMPARE(lts, true, <)
CUSIM_SIMD_COMPARE(geu, false, >=)
CUSIM_SIMD_COMPARE(gtu, false, >)
CUSIM_SIMD_COMPARE(leu, false, <=)
CUSIM_SIMD_COMPARE(ltu, false, <)
#undef CUSIM_SIMD_COMPARE
#undef CUSIM_SIMD
#define CUSIM_SIMD_UNARY(NAME, EXPR)                                                                               \
  inline unsigned int NAME##2(unsigned int a) {                                                                   \
    return cusim::detail::simd<2, true>(a, 0u, [](int x, int, int lo, int hi, int) { (void)lo; (void)hi; return (EXPR); }); \
  }                                                                                                              \
  inline unsigned int NAME##4(unsigned int a) {                                                                   \
    return cusim::detail::simd<4, true>(a, 0u, [](int x, int, int lo, int hi, int) { (void)lo; (void)hi; return (EXPR); }); \
  }
CUSIM_SIMD_UNARY(__vabs, x < 0 ? -x : x)
CUSIM_SIMD_UNARY(__vabsss, x < 0 ? cusim::detail::clamp_int(-x, lo, hi) : x)
CUSIM_SIMD_UNARY(__vneg, -x)
CUSIM_SIMD_UNARY(__vnegss, cusim::detail::clamp_int(-x, lo, hi))
#undef CUSIM_SIMD_UNARY
inline unsigned int __vsads2(unsigned int a, unsigned int b) { return cusim::detail::simd_sad<2, true>(a, b); }
inline unsigned int __vsads4(unsigned int a, unsigned int b) { return cusim::detail::simd_sad<4, true>(a, b); }
inline unsigned int __vsadu2(unsigned int a, unsigned int b) { return cusim::detail::simd_sad<2, false>(a, b); }
inline unsigned int __vsadu4(unsigned int a, unsigned int b) { return cusim::detail::simd_sad<4, false>(a, b); }

// ---- min and max: CUDA's overloads (crt/math_functions.h) ------------------------------------
// A signed and an unsigned operand compare as unsigned, as C's conversions make them; float ones
// are fmin/fmax (a NaN operand loses); float with double is double.
#define CUSIM_MIN_MAX(R, A, B)                                                     \
  inline R min(A a, B b) { return static_cast<R>(a) < static_cast<R>(b) ? static_cast<R>(a) : static_cast<R>(b); } \
  inline R max(A a, B b) { return static_cast<R>(a) > static_cast<R>(b) ? static_cast<R>(a) : static_cast<R>(b); }
CUSIM_MIN_MAX(int, int, int)
CUSIM_MIN_MAX(unsigned int, unsigned int, unsigned int)
CUSIM_MIN_MAX(unsigned int, int, unsigned int)
CUSIM_MIN_MAX(unsigned int, unsigned int, int)
CUSIM_MIN_MAX(long, long, long)
CUSIM_MIN_MAX(unsigned long, unsigned long, unsigned long)
CUSIM_MIN_MAX(unsigned long, long, unsigned long)
CUSIM_MIN_MAX(unsigned long, unsigned long, long)
CUSIM_MIN_MAX(long long, long long, long long)
CUSIM_MIN_MAX(unsigned long long, unsigned long long, unsigned long long)
CUSIM_MIN_MAX(unsigned long long, long long, unsigned long long)
CUSIM_MIN_MAX(unsigned long long, unsigned long long, long long)
#undef CUSIM_MIN_MAX
inline unsigned int umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
inline unsigned int umax(unsigned int a, unsigned int b) { return a > b ? a : b; }
inline long long llmin(long long a, long long b) { return a < b ? a : b; }
inline long long llmax(long long a, long long b) { return a > b ? a : b; }
inline unsigned long long ullmin(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
inline unsigned long long ullmax(unsigned long long a, unsigned long long b) { return a > b ? a : b; }

// ---- bit casts -------------------------------------------------------------------------------
namespace cusim::detail {
template <class To, class From>
inline To bits_as(From v) {
  static_assert(sizeof(To) == sizeof(From));
  To r;
  std::memcpy(&r, &v, sizeof r);
  return r;
}
}  // namespace cusim::detail
inline int __float_as_int(float x) { return cusim::detail::bits_as<int>(x); }
inline unsigned int __float_as_uint(float x) { return cusim::detail::bits_as<unsigned int>(x); }
inline float __int_as_float(int x) { return cusim::detail::bits_as<float>(x); }
inline float __uint_as_float(unsigned int x) { return cusim::detail::bits_as<float>(x); }
inline long long __double_as_longlong(double x) { return cusim::detail::bits_as<long long>(x); }
inline double __longlong_as_double(long long x) { return cusim::detail::bits_as<double>(x); }
inline int __double2hiint(double x) { return static_cast<int>(cusim::detail::bits_as<unsigned long long>(x) >> 32); }
inline int __double2loint(double x) { return static_cast<int>(cusim::detail::bits_as<unsigned long long>(x)); }
inline double __hiloint2double(int hi, int lo) {
  return cusim::detail::bits_as<double>((static_cast<unsigned long long>(static_cast<unsigned>(hi)) << 32) | static_cast<unsigned>(lo));
}

// ---- IEEE arithmetic in an explicit rounding mode --------------------------------------------
// The CPU's own IEEE operation run under fesetround: the operands and the result pass through
// empty asm statements, which the compiler can neither fold nor move across the mode's changes.
// NaN results follow the GPU: a float operation gives the canonical NaN 0x7fffffff; a double one
// gives its NaN operand, quieted, or, from non-NaN operands, 0xfff8000000000000, as the CPU
// does, except that of two NaN operands an add, subtract, multiply or fma gives the last (the
// CPU, and the GPU's division, the first).
namespace cusim::detail {
inline constexpr unsigned int kGpuNanF = 0x7fffffffu;
template <class T>
[[gnu::always_inline]] inline T opaque(T v) {
#if defined(CUSIM_TRANSLATOR_PARSE)
  return v;
#else
  if constexpr (std::is_floating_point_v<T>) asm volatile("" : "+x"(v) : : "memory");
  else asm volatile("" : "+r"(v) : : "memory");
  return v;
#endif
}
inline float gpu_nan(float v) { return v != v ? bits_as<float>(kGpuNanF) : v; }
inline double quiet(double v) { return bits_as<double>(bits_as<unsigned long long>(v) | 0x0008000000000000ull); }
// The double result r of x + y, x - y, x * y (fma: x * y + z) with the GPU's NaN: of two or three
// NaN operands, the last.
inline double gpu_nan_xy(double x, double y, double r) { return r != r && x != x && y != y ? quiet(y) : r; }
inline double gpu_nan_xyz(double x, double y, double z, double r) {
  if (r == r || (x == x) + (y == y) + (z == z) >= 2) return r;
  return quiet(z != z ? z : y);
}
// f() evaluated in rounding mode `mode` (FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD).
template <class F>
[[gnu::always_inline]] inline auto in_mode(int mode, F f) {
  if (mode == FE_TONEAREST) return opaque(f());
  const int saved = std::fegetround();
  std::fesetround(mode);
  const auto r = opaque(f());
  std::fesetround(saved);
  return r;
}
// 1/sqrt(x) rounded to nearest: the double estimate is within 2^-50 relatively, so the float it
// rounds to is the answer or a neighbour; the midpoints around it are checked exactly (m*m*x
// against 1, in 128-bit integers).
inline int compare_square_times(double m, double x) {  // sign of m*m*x - 1, m and x > 0
  int em, ex;
  const unsigned long long M = static_cast<unsigned long long>(std::ldexp(std::frexp(m, &em), 53));
  const unsigned long long X = static_cast<unsigned long long>(std::ldexp(std::frexp(x, &ex), 53));
  // m*m*x = M*M*X * 2^(2em + ex - 159); M has at most 26 significant bits, X 24: strip zeros.
  unsigned __int128 p = static_cast<unsigned __int128>(M >> __builtin_ctzll(M)) * (M >> __builtin_ctzll(M)) *
                        (X >> __builtin_ctzll(X));
  const int e = 2 * em + ex - 159 + 2 * __builtin_ctzll(M) + __builtin_ctzll(X);
  if (e >= 0) return (p == 1 && e == 0) ? 0 : 1;
  if (-e >= 127) return -1;
  const unsigned __int128 one = static_cast<unsigned __int128>(1) << -e;
  return p < one ? -1 : (p > one ? 1 : 0);
}
inline float rsqrt_rn(float x) {
  if (x != x || x < 0.0f) return bits_as<float>(kGpuNanF);
  if (x == 0.0f) return std::copysign(INFINITY, x);
  if (std::isinf(x)) return 0.0f;
  float r = static_cast<float>(1.0 / std::sqrt(static_cast<double>(x)));
  const double up = (static_cast<double>(r) + std::nextafter(r, INFINITY)) / 2;
  const double down = (static_cast<double>(r) + std::nextafter(r, 0.0f)) / 2;
  if (compare_square_times(up, x) < 0) r = std::nextafter(r, INFINITY);
  else if (compare_square_times(down, x) > 0) r = std::nextafter(r, 0.0f);
  return r;
}
}  // namespace cusim::detail

#define CUSIM_ROUNDED(SUFFIX, MODE)                                                                                    \
  inline float __fadd_##SUFFIX(float x, float y) { return cusim::detail::gpu_nan(cusim::detail::in_mode(MODE, [&] { return cusim::detail::opaque(x) + cusim::detail::opaque(y); })); } \
  inline float __fsub_##SUFFIX(float x, float y) { return cusim::detail::gpu_nan(cusim::detail::in_mode(MODE, [&] { return cusim::detail::opaque(x) - cusim::detail::opaque(y); })); } \
  inline float __fmul_##SUFFIX(float x, float y) { return cusim::detail::gpu_nan(cusim::detail::in_mode(MODE, [&] { return cusim::detail::opaque(x) * cusim::detail::opaque(y); })); } \
  inline float __fdiv_##SUFFIX(float x, float y) { return cusim::detail::gpu_nan(cusim::detail::in_mode(MODE, [&] { return cusim::detail::opaque(x) / cusim::detail::opaque(y); })); } \
  inline float __frcp_##SUFFIX(float x) { return cusim::detail::gpu_nan(cusim::detail::in_mode(MODE, [&] { return 1.0f / cusim::detail::opaque(x); })); } \
  inline float __fsqrt_##SUFFIX(float x) { return cusim::detail::gpu_nan(cusim::detail::in_mode(MODE, [&] { return std::sqrt(cusim::detail::opaque(x)); })); } \
  inline float __fmaf_##SUFFIX(float x, float y, float z) { return cusim::detail::gpu_nan(cusim::detail::in_mode(MODE, [&] { return std::fma(cusim::detail::opaque(x), cusim::detail::opaque(y), cusim::detail::opaque(z)); })); } \
  inline float __fmaf_ieee_##SUFFIX(float x, float y, float z) { return __fmaf_##SUFFIX(x, y, z); } \
  inline double __dadd_##SUFFIX(double x, double y) { return cusim::detail::gpu_nan_xy(x, y, cusim::detail::in_mode(MODE, [&] { return cusim::detail::opaque(x) + cusim::detail::opaque(y); })); } \
  inline double __dsub_##SUFFIX(double x, double y) { return cusim::detail::gpu_nan_xy(x, y, cusim::detail::in_mode(MODE, [&] { return cusim::detail::opaque(x) - cusim::detail::opaque(y); })); } \
  inline double __dmul_##SUFFIX(double x, double y) { return cusim::detail::gpu_nan_xy(x, y, cusim::detail::in_mode(MODE, [&] { return cusim::detail::opaque(x) * cusim::detail::opaque(y); })); } \
  inline double __ddiv_##SUFFIX(double x, double y) { return (cusim::detail::in_mode(MODE, [&] { return cusim::detail::opaque(x) / cusim::detail::opaque(y); })); } \
  inline double __drcp_##SUFFIX(double x) { return (cusim::detail::in_mode(MODE, [&] { return 1.0 / cusim::detail::opaque(x); })); } \
  inline double __dsqrt_##SUFFIX(double x) { return (cusim::detail::in_mode(MODE, [&] { return std::sqrt(cusim::detail::opaque(x)); })); } \
  inline double __fma_##SUFFIX(double x, double y, double z) { return cusim::detail::gpu_nan_xyz(x, y, z, cusim::detail::in_mode(MODE, [&] { return std::fma(cusim::detail::opaque(x), cusim::detail::opaque(y), cusim::detail::opaque(z)); })); } \
  inline float __double2float_##SUFFIX(double x) { return (cusim::detail::in_mode(MODE, [&] { return static_cast<float>(cusim::detail::opaque(x)); })); } \
  inline float __int2float_##SUFFIX(int x) { return cusim::detail::in_mode(MODE, [&] { return static_cast<float>(cusim::detail::opaque(x)); }); } \
  inline float __uint2float_##SUFFIX(unsigned int x) { return cusim::detail::in_mode(MODE, [&] { return static_cast<float>(cusim::detail::opaque(x)); }); } \
  inline float __ll2float_##SUFFIX(long long x) { return cusim::detail::in_mode(MODE, [&] { return static_cast<float>(cusim::detail::opaque(x)); }); } \
  inline float __ull2float_##SUFFIX(unsigned long long x) { return cusim::detail::in_mode(MODE, [&] { return static_cast<float>(cusim::detail::opaque(x)); }); } \
  inline double __ll2double_##SUFFIX(long long x) { return cusim::detail::in_mode(MODE, [&] { return static_cast<double>(cusim::detail::opaque(x)); }); } \
  inline double __ull2double_##SUFFIX(unsigned long long x) { return cusim::detail::in_mode(MODE, [&] { return static_cast<double>(cusim::detail::opaque(x)); }); }
CUSIM_ROUNDED(rn, FE_TONEAREST)
CUSIM_ROUNDED(rz, FE_TOWARDZERO)
CUSIM_ROUNDED(ru, FE_UPWARD)
CUSIM_ROUNDED(rd, FE_DOWNWARD)
#undef CUSIM_ROUNDED
inline float __frsqrt_rn(float x) { return cusim::detail::rsqrt_rn(x); }
inline double __int2double_rn(int x) { return x; }
inline double __uint2double_rn(unsigned int x) { return x; }

// ---- float to integer: rounded, then saturated to the type's range, NaN to 0 (PTX's cvt) -----
namespace cusim::detail {
template <class I, class F>
inline I saturate_to(F r) {  // r: an integral value, an infinity or a NaN
  if (r != r) return std::is_same_v<F, float> && sizeof(I) == 4 ? 0 : static_cast<I>(1ull << (8 * sizeof(I) - 1));
  constexpr F lo = static_cast<F>(std::numeric_limits<I>::min());  // 0 or -2^(n-1): exact
  constexpr F hi = static_cast<F>(std::numeric_limits<I>::max() / 2 + 1) * 2;  // 2^n or 2^(n-1): exact
  if (r <= lo) return std::numeric_limits<I>::min();
  if (r >= hi) return std::numeric_limits<I>::max();
  return static_cast<I>(r);
}
// x rounded to an integral value, ties to even, whatever the rounding mode.
template <class F>
inline F round_even(F x) {
  const F t = std::trunc(x), d = x - t;  // (exact)
  const F up = std::copysign(F(1), x);
  if (std::fabs(d) > F(0.5) || (std::fabs(d) == F(0.5) && std::fmod(t, F(2)) != F(0))) return t + up;
  return t;
}
}  // namespace cusim::detail
#define CUSIM_TO_INTEGER(F, FNAME, I, INAME)                                                                          \
  inline I __##FNAME##2##INAME##_rn(F x) { return cusim::detail::saturate_to<I>(cusim::detail::round_even(x)); }            \
  inline I __##FNAME##2##INAME##_rz(F x) { return cusim::detail::saturate_to<I>(std::trunc(x)); }                    \
  inline I __##FNAME##2##INAME##_ru(F x) { return cusim::detail::saturate_to<I>(std::ceil(x)); }                     \
  inline I __##FNAME##2##INAME##_rd(F x) { return cusim::detail::saturate_to<I>(std::floor(x)); }
CUSIM_TO_INTEGER(float, float, int, int)
CUSIM_TO_INTEGER(float, float, unsigned int, uint)
CUSIM_TO_INTEGER(float, float, long long, ll)
CUSIM_TO_INTEGER(float, float, unsigned long long, ull)
CUSIM_TO_INTEGER(double, double, int, int)
CUSIM_TO_INTEGER(double, double, unsigned int, uint)
CUSIM_TO_INTEGER(double, double, long long, ll)
CUSIM_TO_INTEGER(double, double, unsigned long long, ull)
#undef CUSIM_TO_INTEGER

// ---- device math that CUDA adds to <cmath> ---------------------------------------------------
// The fast-math intrinsics are the GPU's hardware approximations (ex2.approx, lg2.approx,
// rsqrt.approx, div.approx, sin.approx...) in the sequences nvcc compiles them to, read from its
// PTX: the special-function unit's own results, bit for bit (sfu.hpp), and the products rounded as
// the GPU rounds them. __tanhf (tanh.approx, not modelled) is the C library's tanh.
[[gnu::always_inline]] inline float rsqrtf(float x) { return cusim::sfu::rsqrt_f32(x); }
inline double rsqrt(double x) { return cusim::libdevice::rsqrt(x); }
// The inverse complementary error function and the inverse of the standard normal distribution
// function, as libdevice computes them (libdevice_math.hpp; tests/plain_cuda/98_erfcinv_exact.cu).
inline float erfcinvf(float x) { return cusim::libdevice::erfcinvf(x); }
inline double erfcinv(double x) { return cusim::libdevice::erfcinv(x); }
inline float normcdfinvf(float x) { return cusim::libdevice::normcdfinvf(x); }
inline double normcdfinv(double x) { return cusim::libdevice::normcdfinv(x); }
// CUDA's other additions, as libdevice computes them (libdevice_math.hpp;
// tests/plain_cuda/99_cuda_math_additions.cu): sin(pi x), cos(pi x), x^(-1/3), 1/sqrt(x^2 + y^2),
// the Euclidean norms of 3, 4 and dim values and their reciprocals, the inverse error function,
// the standard normal distribution function, the scaled complementary error function exp(x^2)
// erfc(x), and the modified Bessel functions of the first kind of orders 0 and 1. A float NaN is
// the GPU's 0x7fffffff (sinpif, cospif and sincospif write it themselves).
inline float sinpif(float x) { return cusim::libdevice::sinpif(x); }
inline double sinpi(double x) { return cusim::libdevice::sinpi(x); }
inline float cospif(float x) { return cusim::libdevice::cospif(x); }
inline double cospi(double x) { return cusim::libdevice::cospi(x); }
inline void sincospif(float x, float* s, float* c) { cusim::libdevice::sincospif(x, s, c); }
inline void sincospi(double x, double* s, double* c) { cusim::libdevice::sincospi(x, s, c); }
inline float rcbrtf(float x) { return cusim::detail::gpu_nan(cusim::libdevice::rcbrtf(x)); }
inline double rcbrt(double x) { return cusim::libdevice::rcbrt(x); }
inline float rhypotf(float x, float y) { return cusim::detail::gpu_nan(cusim::libdevice::rhypotf(x, y)); }
inline double rhypot(double x, double y) { return cusim::libdevice::rhypot(x, y); }
inline float norm3df(float a, float b, float c) { return cusim::detail::gpu_nan(cusim::libdevice::norm3df(a, b, c)); }
inline double norm3d(double a, double b, double c) { return cusim::libdevice::norm3d(a, b, c); }
inline float rnorm3df(float a, float b, float c) { return cusim::detail::gpu_nan(cusim::libdevice::rnorm3df(a, b, c)); }
inline double rnorm3d(double a, double b, double c) { return cusim::libdevice::rnorm3d(a, b, c); }
inline float norm4df(float a, float b, float c, float d) { return cusim::detail::gpu_nan(cusim::libdevice::norm4df(a, b, c, d)); }
inline double norm4d(double a, double b, double c, double d) { return cusim::libdevice::norm4d(a, b, c, d); }
inline float rnorm4df(float a, float b, float c, float d) { return cusim::detail::gpu_nan(cusim::libdevice::rnorm4df(a, b, c, d)); }
inline double rnorm4d(double a, double b, double c, double d) { return cusim::libdevice::rnorm4d(a, b, c, d); }
inline float normf(int dim, const float* p) { return cusim::detail::gpu_nan(cusim::libdevice::normf(dim, p)); }
inline double norm(int dim, const double* p) { return cusim::libdevice::norm(dim, p); }
inline float rnormf(int dim, const float* p) { return cusim::detail::gpu_nan(cusim::libdevice::rnormf(dim, p)); }
inline double rnorm(int dim, const double* p) { return cusim::libdevice::rnorm(dim, p); }
inline float erfinvf(float x) { return cusim::detail::gpu_nan(cusim::libdevice::erfinvf(x)); }
inline double erfinv(double x) { return cusim::libdevice::erfinv(x); }
inline float normcdff(float x) { return cusim::detail::gpu_nan(cusim::libdevice::normcdff(x)); }
inline double normcdf(double x) { return cusim::libdevice::normcdf(x); }
inline float erfcxf(float x) { return cusim::detail::gpu_nan(cusim::libdevice::erfcxf(x)); }
inline double erfcx(double x) { return cusim::libdevice::erfcx(x); }
inline float cyl_bessel_i0f(float x) { return cusim::detail::gpu_nan(cusim::libdevice::cyl_bessel_i0f(x)); }
inline double cyl_bessel_i0(double x) { return cusim::libdevice::cyl_bessel_i0(x); }
inline float cyl_bessel_i1f(float x) { return cusim::detail::gpu_nan(cusim::libdevice::cyl_bessel_i1f(x)); }
inline double cyl_bessel_i1(double x) { return cusim::libdevice::cyl_bessel_i1(x); }
// x / y: CUDA's fdividef is the IEEE division unless -use_fast_math makes it __fdividef.
inline float fdividef(float x, float y) { return x / y; }
// CUDA's float overloads of its own names (crt/math_functions.hpp), each its f-function; those of
// the standard's names (cbrt(float)...) are device_math.hpp's in device code.
inline float rsqrt(float x) { return rsqrtf(x); }
inline float rcbrt(float x) { return rcbrtf(x); }
inline float sinpi(float x) { return sinpif(x); }
inline float cospi(float x) { return cospif(x); }
inline void sincospi(float x, float* s, float* c) { sincospif(x, s, c); }
inline void sincos(float x, float* s, float* c) { cusim::detail::device_math::sincosf(x, s, c); }
inline float exp10(float x) { return cusim::detail::device_math::exp10f(x); }
inline float j0(float x) { return j0f(x); }
inline float j1(float x) { return j1f(x); }
inline float jn(int n, float x) { return jnf(n, x); }
inline float y0(float x) { return y0f(x); }
inline float y1(float x) { return y1f(x); }
inline float yn(int n, float x) { return ynf(n, x); }
inline float cyl_bessel_i0(float x) { return cyl_bessel_i0f(x); }
inline float cyl_bessel_i1(float x) { return cyl_bessel_i1f(x); }
inline float erfinv(float x) { return erfinvf(x); }
inline float erfcinv(float x) { return erfcinvf(x); }
inline float normcdfinv(float x) { return normcdfinvf(x); }
inline float normcdf(float x) { return normcdff(x); }
inline float erfcx(float x) { return erfcxf(x); }
// (glibc declares these names too; the translator's parse declares them itself.)
#if !defined(CUSIM_TRANSLATOR_PARSE)
[[gnu::always_inline]] inline float __expf(float x) { return cusim::sfu::ex2_f32(x * 0x1.715476p0f); }     // log2(e)
[[gnu::always_inline]] inline float __exp10f(float x) { return cusim::sfu::ex2_f32(x * 0x1.a934f0p1f); }   // log2(10)
[[gnu::always_inline]] inline float __logf(float x) { return cusim::sfu::lg2_f32(x) * 0x1.62e430p-1f; }    // ln(2)
[[gnu::always_inline]] inline float __log2f(float x) { return cusim::sfu::lg2_f32(x); }
[[gnu::always_inline]] inline float __log10f(float x) { return cusim::sfu::lg2_f32(x) * 0x1.344136p-2f; }  // log10(2)
[[gnu::always_inline]] inline float __sinf(float x) { return cusim::sfu::sin(x); }
[[gnu::always_inline]] inline float __cosf(float x) { return cusim::sfu::cos(x); }
[[gnu::always_inline]] inline float __tanf(float x) {
  float s, c;
  cusim::sfu::sincos(x, &s, &c);
  return cusim::sfu::div_f32(s, c);
}
inline float __tanhf(float x) { return std::tanh(x); }
[[gnu::always_inline]] inline void __sincosf(float x, float* s, float* c) { cusim::sfu::sincos(x, s, c); }
[[gnu::always_inline]] inline float __powf(float x, float y) {
  return cusim::sfu::ex2_f32(cusim::sfu::lg2_f32(x) * y);
}
#endif
[[gnu::always_inline]] inline float __fdividef(float x, float y) { return cusim::sfu::div_f32(x, y); }
// Clamped to [0, 1]; NaN and -0 give +0.
inline float __saturatef(float x) { return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f; }
// PTX's min and max: a NaN operand loses to a number, -0 is below +0; of two NaNs a float min or
// max gives the canonical NaN, a double one the last (which of two NaN payloads is an artifact
// of the compiler's operand order, matched here as nvcc 13 compiles for sm_90).
namespace cusim::detail {
template <class T>
inline T min_max(T a, T b, bool is_max) {
  if (a != a || b != b) {
    if (a == a) return a;
    if (b == b) return b;
    if constexpr (std::is_same_v<T, float>) return bits_as<float>(kGpuNanF);
    else return quiet(b);
  }
  if (a == b) return (std::signbit(a) != is_max) ? a : b;  // (equal zeros: the one of the right sign)
  return (a > b) == is_max ? a : b;
}
}  // namespace cusim::detail
inline float min(float a, float b) { return cusim::detail::min_max(a, b, false); }
inline float max(float a, float b) { return cusim::detail::min_max(a, b, true); }
inline double min(double a, double b) { return cusim::detail::min_max(a, b, false); }
inline double max(double a, double b) { return cusim::detail::min_max(a, b, true); }
// (Of two NaNs these give the float one, as nvcc's code for sm_90 does.)
inline double min(float a, double b) { return cusim::detail::min_max(b, static_cast<double>(a), false); }
inline double max(float a, double b) { return cusim::detail::min_max(b, static_cast<double>(a), true); }
inline double min(double a, float b) { return cusim::detail::min_max(a, static_cast<double>(b), false); }
inline double max(double a, float b) { return cusim::detail::min_max(a, static_cast<double>(b), true); }

// ---- cache-hinted loads and stores -----------------------------------------------------------
// __ldg (the read-only path), __ldcg, __ldca, __ldcs, __ldlu, __ldcv and __stwb, __stcg, __stcs,
// __stwt choose caches on the GPU; here each is the plain load or store of the pointer, which the
// checked build's checkers see as any other access.
#define CUSIM_LOAD_STORE(T)                                   \
  inline T __ldg(const T* p) { return *p; }                   \
  inline T __ldcg(const T* p) { return *p; }                  \
  inline T __ldca(const T* p) { return *p; }                  \
  inline T __ldcs(const T* p) { return *p; }                  \
  inline T __ldlu(const T* p) { return *p; }                  \
  inline T __ldcv(const T* p) { return *p; }                  \
  inline void __stwb(T* p, T v) { *p = v; }                   \
  inline void __stcg(T* p, T v) { *p = v; }                   \
  inline void __stcs(T* p, T v) { *p = v; }                   \
  inline void __stwt(T* p, T v) { *p = v; }
CUSIM_LOAD_STORE(char)
CUSIM_LOAD_STORE(signed char)
CUSIM_LOAD_STORE(short)
CUSIM_LOAD_STORE(int)
CUSIM_LOAD_STORE(long)
CUSIM_LOAD_STORE(long long)
CUSIM_LOAD_STORE(unsigned char)
CUSIM_LOAD_STORE(unsigned short)
CUSIM_LOAD_STORE(unsigned int)
CUSIM_LOAD_STORE(unsigned long)
CUSIM_LOAD_STORE(unsigned long long)
CUSIM_LOAD_STORE(char2)
CUSIM_LOAD_STORE(char4)
CUSIM_LOAD_STORE(short2)
CUSIM_LOAD_STORE(short4)
CUSIM_LOAD_STORE(int2)
CUSIM_LOAD_STORE(int4)
CUSIM_LOAD_STORE(longlong2)
CUSIM_LOAD_STORE(uchar2)
CUSIM_LOAD_STORE(uchar4)
CUSIM_LOAD_STORE(ushort2)
CUSIM_LOAD_STORE(ushort4)
CUSIM_LOAD_STORE(uint2)
CUSIM_LOAD_STORE(uint4)
CUSIM_LOAD_STORE(ulonglong2)
CUSIM_LOAD_STORE(float)
CUSIM_LOAD_STORE(float2)
CUSIM_LOAD_STORE(float4)
CUSIM_LOAD_STORE(double)
CUSIM_LOAD_STORE(double2)
#undef CUSIM_LOAD_STORE

// ---- address spaces --------------------------------------------------------------------------
// A shared variable's address in PTX's .shared window is its offset in the block's shared
// memory, as on the GPU (it fits in 32 bits): what inline PTX's ld.shared, st.shared,
// atom.shared and cp.async take (inline_ptx.hpp: shared_window). Global addresses are generic
// ones.
inline std::size_t __cvta_generic_to_shared(const void* p) {
  return static_cast<std::size_t>(static_cast<const char*>(p) - cusim::detail::shared_begin());
}
inline void* __cvta_shared_to_generic(std::size_t a) { return cusim::detail::shared_begin() + a; }
inline std::size_t __cvta_generic_to_global(const void* p) { return reinterpret_cast<std::size_t>(p); }
inline void* __cvta_global_to_generic(std::size_t a) { return reinterpret_cast<void*>(a); }
inline unsigned int __isShared(const void* p) {
  return static_cast<const char*>(p) >= cusim::detail::shared_begin() && static_cast<const char*>(p) < cusim::detail::shared_end();
}
