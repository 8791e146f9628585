// The fitted pieces of the special-function unit's model (runtime/cusim/detail/sfu.hpp): each
// piece covers the inputs from `first` to the next piece's first, all in one segment of
// 2^offset_bits inputs, and gives
//   scale (c0 + c1 x + c2 x^2) + sum of c[3 + i] bit_i(h) + sum of c[...] bit_a(h) bit_b(h)
// where h is the input's offset into its segment, x = h / 2^offset_bits, bits i = 1..offset_bits-1
// and pairs a < b with a + b >= pair_minimum in lexicographic order; scale is the sine's argument
// M / 2^24 (sin(pi m) is m times a smooth function) or 1. The sum, rounded to a float, is the
// unit's result; for the logarithm, truncated to 36 fraction bits, it is the unit's fixed-point
// log2 of the mantissa. backends/sim/sfu_tables.cpp, made by tools/gpu-probes/sfu_fit.py, holds
// them.
#pragma once

#include <cstdint>

namespace cusim::sfu::detail {

struct PieceTable {
  int offset_bits;
  int pair_minimum;
  int terms;            // 3 + (offset_bits - 1) + the number of pairs
  int pieces;
  const std::uint32_t* first;  // pieces entries, ascending
  const double* coefficients;  // pieces x terms
};

extern const PieceTable kSinQuadrant;  // M < 2^23: sin(pi M / 2^24), scaled by M / 2^24
extern const PieceTable kEx2Positive;  // F < 2^23: 2^(F / 2^23)
extern const PieceTable kEx2Negative;  // F < 2^23: 2^(-F / 2^23)
extern const PieceTable kLog2Fixed;    // k < 2^23: log2(1 + k / 2^23), 36 fraction bits after truncation
extern const PieceTable kRsqrtEven;    // k < 2^23: 1 / sqrt(1 + k / 2^23)
extern const PieceTable kRsqrtOdd;     // k < 2^23: 1 / sqrt(2 (1 + k / 2^23))
extern const PieceTable kReciprocal;   // k < 2^23: 1 / (1 + k / 2^23)

}  // namespace cusim::sfu::detail
