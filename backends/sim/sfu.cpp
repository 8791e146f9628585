// The special-function unit's sine, cosine, base-2 power and logarithm, reciprocal square root and
// reciprocal (runtime/cusim/detail/sfu.hpp): the argument's reduction as the unit does it, then
// the fitted pieces (sfu_model.hpp).
#include <cusim/detail/sfu.hpp>

#include "sfu_model.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace cusim::sfu {
namespace {

using detail::PieceTable;

const float kNaN = std::bit_cast<float>(0x7fffffffu);  // the unit's NaN, whatever its argument's
constexpr float kInfinity = std::numeric_limits<float>::infinity();

// The table's value at input n (n < 2^23), before rounding; `scaled` multiplies the quadratic by
// n / 2^24.
double evaluate(const PieceTable& table, std::uint32_t n, bool scaled = false) {
  const std::uint32_t* end = table.first + table.pieces;
  const auto piece = static_cast<int>(std::upper_bound(table.first, end, n) - table.first) - 1;
  const double* c = table.coefficients + static_cast<std::size_t>(piece) * table.terms;
  const int bits = table.offset_bits;
  const std::uint32_t h = n & ((1u << bits) - 1);
  const double x = static_cast<double>(h) / static_cast<double>(1u << bits);
  const double scale = scaled ? static_cast<double>(n) * 0x1p-24 : 1.0;
  double sum = c[0] * scale + c[1] * (scale * x) + c[2] * (scale * x * x);
  int k = 3;
  for (int i = 1; i < bits; ++i, ++k)
    if ((h >> i) & 1u) sum += c[k];
  // The pairs a < b with a + b >= pair_minimum, in the order their terms are stored.
  for (int a = 0; a < bits; ++a)
    for (int b = std::max(a + 1, table.pair_minimum - a); b < bits; ++b, ++k)
      if (((h >> a) & (h >> b) & 1u) != 0) sum += c[k];
  return sum;
}

// x rounded to a float toward zero.
float toward_zero(double x) {
  float r = static_cast<float>(x);
  if (std::fabs(static_cast<double>(r)) > std::fabs(x)) r = std::nextafter(r, 0.0f);
  return r;
}

float flush_denormal(float x) { return std::fabs(x) < std::numeric_limits<float>::min() ? std::copysign(0.0f, x) : x; }

// MUFU.SIN of the 25-bit turn fraction T (the sign applied by the caller).
float sin_fraction(std::uint32_t T) {
  const bool second_half = (T >> 24) & 1u;
  const std::uint32_t F = T & 0xffffffu;
  const std::uint32_t M = F < (1u << 23) ? F : 0xffffffu - F;
  const float r = static_cast<float>(evaluate(detail::kSinQuadrant, M, true));
  return second_half ? -r : r;
}

// floor(|turns| 2^25) mod 2^25: the fraction of a turn the unit keeps.
std::uint32_t turn_fraction(float turns) {
  const double a = std::fabs(static_cast<double>(turns));
  return static_cast<std::uint32_t>(std::floor(std::fmod(a, 1.0) * 0x1p25));
}

// x times the float 1/(2 pi), rounded toward zero, as sin.approx's FMUL.RZ does.
float to_turns(float radians) {
  return toward_zero(static_cast<double>(radians) * static_cast<double>(std::bit_cast<float>(0x3e22f983u)));
}

struct Mantissa {
  int exponent;        // x = 2^exponent (1 + fraction / 2^23)
  std::uint32_t fraction;
};
Mantissa split(float normal) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(normal);
  return {static_cast<int>((bits >> 23) & 0xffu) - 127, bits & 0x7fffffu};
}

// MUFU.SIN and MUFU.COS of an angle in turns (what sin.approx passes them).
float sin_turns(float turns) {
  turns = flush_denormal(turns);
  if (!std::isfinite(turns)) return kNaN;
  const float r = sin_fraction(turn_fraction(turns));
  return std::signbit(turns) ? -r : r;
}

float cos_turns(float turns) {
  turns = flush_denormal(turns);
  if (!std::isfinite(turns)) return kNaN;
  return sin_fraction((turn_fraction(turns) + (1u << 23)) & 0x1ffffffu);
}

}  // namespace

namespace unit {

float sin(float radians) { return sin_turns(to_turns(flush_denormal(radians))); }
float cos(float radians) { return cos_turns(to_turns(flush_denormal(radians))); }

void sincos(float radians, float* sine, float* cosine) {
  const float turns = to_turns(flush_denormal(radians));
  if (!std::isfinite(turns)) {
    *sine = *cosine = kNaN;
    return;
  }
  const std::uint32_t T = turn_fraction(turns);
  const float s = sin_fraction(T);
  *sine = std::signbit(turns) ? -s : s;
  *cosine = sin_fraction((T + (1u << 23)) & 0x1ffffffu);
}

float ex2(float x) {
  x = flush_denormal(x);
  if (std::isnan(x)) return kNaN;
  const double a = std::fabs(static_cast<double>(x));
  if (a >= 256.0) return std::signbit(x) ? 0.0f : kInfinity;
  const auto fixed = static_cast<std::uint32_t>(a * 0x1p23);  // toward zero
  const int whole = static_cast<int>(fixed >> 23);
  const std::uint32_t fraction = fixed & 0x7fffffu;
  const bool negative = std::signbit(x);
  const float base = static_cast<float>(evaluate(negative ? detail::kEx2Negative : detail::kEx2Positive, fraction));
  // In double, exactly: a float would round into a denormal before the flush.
  const double r = std::ldexp(static_cast<double>(base), negative ? -whole : whole);
  return r < std::numeric_limits<float>::min() ? 0.0f : static_cast<float>(r);
}

float lg2(float x) {
  x = flush_denormal(x);
  if (std::isnan(x) || x < 0.0f) return kNaN;
  if (x == 0.0f) return -kInfinity;
  if (x == kInfinity) return kInfinity;
  if (x == 1.0f) return 0.0f;
  const Mantissa m = split(x);
  // The unit's log2 of the mantissa in fixed point, 36 fraction bits, plus the exponent; the
  // float is that sum's magnitude truncated, a negative sum's magnitude its ones' complement.
  const auto L = static_cast<std::int64_t>(std::floor(evaluate(detail::kLog2Fixed, m.fraction) * 0x1p36));
  const std::int64_t e = m.exponent;
  if (e >= 0) return toward_zero(static_cast<double>((e << 36) + L) * 0x1p-36);
  return -toward_zero(static_cast<double>((-e << 36) - L - 1) * 0x1p-36);
}

float rsqrt(float x) {
  x = flush_denormal(x);
  if (std::isnan(x) || x < 0.0f) return kNaN;
  if (x == 0.0f) return std::copysign(kInfinity, x);
  if (x == kInfinity) return 0.0f;
  const Mantissa m = split(x);
  const bool odd = (m.exponent & 1) != 0;
  const float r = static_cast<float>(evaluate(odd ? detail::kRsqrtOdd : detail::kRsqrtEven, m.fraction));
  return std::ldexp(r, -(m.exponent >> 1));  // 2^-floor(e / 2)
}

float rcp(float x) {
  x = flush_denormal(x);
  if (std::isnan(x)) return kNaN;
  if (x == 0.0f) return std::copysign(kInfinity, x);
  if (std::isinf(x)) return std::copysign(0.0f, x);
  const Mantissa m = split(x);
  const float base = static_cast<float>(evaluate(detail::kReciprocal, m.fraction));
  const double r = std::ldexp(static_cast<double>(base), -m.exponent);  // exactly, as in ex2
  return std::copysign(r < std::numeric_limits<float>::min() ? 0.0f : static_cast<float>(r), x);
}

}  // namespace unit
}  // namespace cusim::sfu
