// The special-function unit's sine, cosine and base-2 power (runtime/cusim/detail/sfu.hpp): the
// argument's reduction as the unit does it, then the fitted pieces (sfu_model.hpp).
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

constexpr int kPairMinimum = 12;  // bit pairs a + b >= 12 carry the multipliers' truncation

// The table's value at input n (n < 2^23), before rounding; `scaled` multiplies the quadratic by
// n / 2^24.
double evaluate(const PieceTable& table, std::uint32_t n, bool scaled) {
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
  for (int a = 0; a < bits; ++a)
    for (int b = a + 1; b < bits; ++b) {
      if (a + b < kPairMinimum) continue;
      if (((h >> a) & (h >> b) & 1u) != 0) sum += c[k];
      ++k;
    }
  return sum;
}

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

float flush_denormal(float x) { return std::fabs(x) < std::numeric_limits<float>::min() ? std::copysign(0.0f, x) : x; }

// x times the float 1/(2 pi), rounded toward zero, as sin.approx's FMUL.RZ does.
float to_turns(float radians) {
  const double exact = static_cast<double>(radians) * static_cast<double>(std::bit_cast<float>(0x3e22f983u));
  float t = static_cast<float>(exact);
  if (std::fabs(static_cast<double>(t)) > std::fabs(exact)) t = std::nextafter(t, 0.0f);
  return t;
}

}  // namespace

float sin_turns(float turns) {
  turns = flush_denormal(turns);
  if (!std::isfinite(turns)) return std::numeric_limits<float>::quiet_NaN();
  const float r = sin_fraction(turn_fraction(turns));
  return std::signbit(turns) ? -r : r;
}

float cos_turns(float turns) {
  turns = flush_denormal(turns);
  if (!std::isfinite(turns)) return std::numeric_limits<float>::quiet_NaN();
  return sin_fraction((turn_fraction(turns) + (1u << 23)) & 0x1ffffffu);
}

float sin(float radians) { return sin_turns(to_turns(flush_denormal(radians))); }
float cos(float radians) { return cos_turns(to_turns(flush_denormal(radians))); }

float ex2(float x) {
  x = flush_denormal(x);
  if (std::isnan(x)) return x;
  const double a = std::fabs(static_cast<double>(x));
  if (a >= 256.0) return std::signbit(x) ? 0.0f : std::numeric_limits<float>::infinity();
  const auto fixed = static_cast<std::uint32_t>(a * 0x1p23);  // toward zero
  const int whole = static_cast<int>(fixed >> 23);
  const std::uint32_t fraction = fixed & 0x7fffffu;
  const bool negative = std::signbit(x);
  const float base = static_cast<float>(evaluate(negative ? detail::kEx2Negative : detail::kEx2Positive, fraction, false));
  const float r = std::ldexp(base, negative ? -whole : whole);
  return r < std::numeric_limits<float>::min() ? 0.0f : r;
}

}  // namespace cusim::sfu
