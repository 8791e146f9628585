#!/usr/bin/python3
"""Fits the special-function unit's lg2.approx.ftz.f32 from lg2_probe.cu's output.

The unit interpolates log2 of the mantissa m in [1, 2) by a quadratic in each of 128 segments (the
mantissa's top 7 bits), x the low 16 bits: V(m) = c0 + c1 x + c2 x^2, and returns e + V rounded
toward zero (measured: within each segment the residual of such a fit is the output's truncation
alone). This reconstructs the GPU's results at exponent 0, where they are finest, fits each
segment's quadratic to them (each result plus half its unit in the last place, the middle of what
truncation leaves), and prints the table for runtime/cusim/detail/sfu_lg2.hpp and how often the
model equals the GPU at each exponent measured.

Usage: tools/gpu-probes/lg2_fit.py DIR   (DIR holding lg2_e0.bin, lg2_e1.bin, lg2_e7.bin, lg2_e20.bin)
"""
import sys

import numpy as np

DIR = sys.argv[1] if len(sys.argv) > 1 else "."
i = np.arange(1 << 23, dtype=np.int64)
m = 1 + i / 2.0**23


def toward_zero(x):
    f = x.astype(np.float32)
    bits = f.view(np.int32).copy()
    bits[np.abs(f.astype(np.float64)) > np.abs(x)] -= 1
    return bits.view(np.float32)


def gpu(e):
    """The GPU's lg2.approx(m 2^-e), and where the probe's byte was not clamped."""
    d = np.fromfile(f"{DIR}/lg2_e{e}.bin", dtype=np.int8).astype(np.int64)
    reference = toward_zero(np.log2(m) - e).view(np.int32).astype(np.int64)
    return (reference + d).astype(np.int32).view(np.float32).astype(np.float64), np.abs(d) < 127


a0, ok0 = gpu(0)
ulp = np.spacing(np.abs(a0).astype(np.float32)).astype(np.float64)
segment, x = i >> 16, (i & 0xFFFF).astype(np.float64)
model = np.zeros(len(i))
table = []
for s in range(128):
    fit = (segment == s) & ok0 & (a0 > 0)
    c = np.polyfit(x[fit], a0[fit] + ulp[fit] / 2, 2)
    table.append((c[2], c[1], c[0]))
    model[segment == s] = np.polyval(c, x[segment == s])
for c0, c1, c2 in table:
    print(f"    {{{float(c0).hex()}, {float(c1).hex()}, {float(c2).hex()}}},")
for e in (0, 1, 7, 20):
    a, ok = gpu(e)
    print(f"// exponent -{e}: {np.mean(toward_zero(model - e)[ok] == a[ok]):.4f} equal", file=sys.stderr)
