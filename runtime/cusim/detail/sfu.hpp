// The GPU's special-function unit (MUFU) for sine, cosine and base-2 powers, bit for bit as an
// H200 computes them: __sinf, __cosf, __sincosf (sin.approx.f32, cos.approx.f32) and
// ex2.approx.ftz.f32, on which cuRAND's float normals and CUDA's expf rest.
//
// What the unit does, measured (tools/gpu-probes/mufu_probe.cu, mufu_check_probe.cu):
// - sin.approx(x) is MUFU.SIN of x times 1/(2 pi) (0x3e22f983) rounded toward zero: the angle in
//   turns. The unit keeps the turns' fraction in 25 bits, truncated (T = floor(|t| 2^25) mod
//   2^25). Within a half turn (24 bits, F) the sine of F and of 2^24 - 1 - F are one result (the
//   mirror is a ones' complement), the second half turn is the first negated, and a negative angle
//   negates the result. Cosine is the sine a quarter turn on (T + 2^23), whatever the sign.
// - ex2.approx.ftz(x) truncates x toward zero to 23 fraction bits; 2^x is the table value of the
//   fraction times 2 to the integer part, with separate tables for positive and negative x
//   (2^-f is not 2^(1-f)/2 in the unit). Results below 2^-126 flush to +0.
// - The first quadrant's 2^23 sines and the 2^23 values of 2^f and 2^-f each are a piecewise
//   model fitted to the unit's results over every one of those inputs (tools/gpu-probes/sfu_fit.py):
//   a quadratic in each segment plus terms in the bits, and pairs of bits, of the offset into the
//   segment, which is how the unit's truncated multipliers and squarer err. Every input gives the
//   GPU's result; 2^20 random arguments of every sign and size, infinities and NaNs included, were
//   checked against the H200 through the whole path above.
#pragma once

namespace cusim::sfu {

// MUFU.SIN and MUFU.COS of an angle in turns (what sin.approx passes them).
float sin_turns(float turns);
float cos_turns(float turns);
// sin.approx.f32 / cos.approx.f32 (__sinf, __cosf): the angle in radians.
float sin(float radians);
float cos(float radians);
// ex2.approx.ftz.f32.
float ex2(float x);

}  // namespace cusim::sfu
