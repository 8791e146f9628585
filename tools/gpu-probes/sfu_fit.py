#!/usr/bin/env python3
"""Fits cusim's model of the GPU's special-function unit (runtime/cusim/detail/sfu.hpp) to the
unit's results over every input it tells apart, as tools/gpu-probes/mufu_probe.cu (sine, cosine,
2^x) and mufu_check_probe.cu --all (log2, reciprocal square root, reciprocal) record them, and
writes backends/sim/sfu_tables.cpp.

    sfu_fit.py fit KIND DATA_DIR OUT.npz [--jobs N]      (KIND: sin ex2pos ex2neg lg2 rsqrt0 rsqrt1 rcp)
    sfu_fit.py emit FITS_DIR DATA_DIR backends/sim/sfu_tables.cpp   (FITS_DIR/KIND.npz for every KIND)

Each function's 2^23 inputs are cut into segments (2^15 inputs for the sine, 2^16 for the rest),
and, for the functions whose result is a float, further where the result changes binade. A
piece's value is a quadratic in the offset into the segment (for the sine times M / 2^24, since
sin(pi m) = m g(m)) plus a term for each bit and each pair of bits a < b, a + b >= a minimum, of
that offset: the unit's truncated multipliers and squarer err by such terms. The coefficients come
from a linear program (scipy's HiGHS) that puts every input's value inside the interval its
results allow, solved on the inputs nearest their bounds and repeated until none is outside:
for a float result the interval that rounds to it; for the logarithm, whose unit adds the
exponent to a fixed-point log2 of the mantissa (36 fraction bits) and truncates, the fixed-point
values both recorded exponents (0 and -1) allow. `emit` checks every input again, as the C++
model evaluates it, and fails if one differs.
"""
import argparse
import itertools
import multiprocessing
import sys

import numpy as np
from scipy.optimize import linprog

# kind: (segment bits, scaled by the input, smallest a + b of a pair term, C++ table name)
SPEC = {"sin": (8, True, 12, "kSinQuadrant"), "ex2pos": (7, False, 12, "kEx2Positive"),
        "ex2neg": (7, False, 12, "kEx2Negative"), "lg2": (7, False, 0, "kLog2Fixed"),
        "rsqrt0": (7, False, 12, "kRsqrtEven"), "rsqrt1": (7, False, 12, "kRsqrtOdd"),
        "rcp": (7, False, 12, "kReciprocal")}
FILES = {"ex2pos": "ex2_all_pos", "ex2neg": "ex2_all_neg", "rsqrt0": "rsqrt_e0", "rsqrt1": "rsqrt_e1",
         "rcp": "rcp_e0"}
FIXED = 2.0**36  # the logarithm's fixed point


def cumulative(path):
    """A probe file of successive differences, as results."""
    deltas = np.fromfile(path, dtype=np.uint32)
    return np.cumsum(deltas, dtype=np.uint64).astype(np.uint32).view(np.float32)


def turns_rz(x):
    c = np.float64(np.uint32(0x3e22f983).view(np.float32))
    exact = x.astype(np.float64) * c
    t = exact.astype(np.float32)
    over = np.abs(t.astype(np.float64)) > np.abs(exact)
    t[over] = np.nextafter(t[over], np.float32(0))
    return t


def lg2_bounds(data):
    """The fixed-point log2 L(k) (in units of 2^-36) of each mantissa 1 + k 2^-23 that the unit's
    results allow: lg2(1 + k 2^-23) truncates L, lg2((1 + k 2^-23) / 2) is minus the truncated
    ones' complement 2^36 - 1 - L. (lg2(1) = 0 is the unit's special case, not L(0).)"""
    zero = cumulative(f"{data}/lg2_e0.bin")
    minus = np.abs(cumulative(f"{data}/lg2_em1.bin"))
    a, m = zero.astype(np.float64) * FIXED, minus.astype(np.float64) * FIXED
    sa, sm = np.spacing(zero).astype(np.float64) * FIXED, np.spacing(minus).astype(np.float64) * FIXED
    if not (np.array_equal(a, np.round(a)) and np.array_equal(m, np.round(m))):
        sys.exit("sfu_fit.py: lg2 results finer than 2^-36: the unit is not what the model says")
    lo = np.maximum(a, np.floor(FIXED - 1 - m - sm) + 1)
    hi = np.minimum(np.ceil(a + sa) - 1, FIXED - 1 - m)
    lo[0], hi[0] = np.floor(FIXED - 1 - m[0] - sm[0]) + 1, FIXED - 1 - m[0]
    if (hi < lo).any():
        sys.exit("sfu_fit.py: no fixed-point log2 gives both recorded results somewhere")
    return lo, hi


def load(kind, data):
    n = 1 << 23
    if kind in FILES:
        return cumulative(f"{data}/{FILES[kind]}.bin")
    if kind == "lg2":
        lo, hi = lg2_bounds(data)
        return np.stack([lo, hi], 1)
    # The probe's angles x = (float)(2 pi (T + 1/2) / 2^25) land on T or T - 1; the cosines give
    # the sines of the mirrored quarter (cos T = sin(2^23 - 1 - T)) where a sine is missing.
    T = np.arange(n)
    x = (6.283185307179586 * ((T + 0.5) / 2**25)).astype(np.float32)
    landed = np.floor(turns_rz(x).astype(np.float64) * 2**25).astype(np.int64)
    sines, cosines = cumulative(f"{data}/sin_quadrant.bin"), cumulative(f"{data}/cos_quadrant.bin")
    s = np.full(n, np.nan, dtype=np.float32)
    c = np.full(n, np.nan, dtype=np.float32)
    s[landed] = sines
    c[landed] = cosines
    known = ~np.isnan(s) & ~np.isnan(c[::-1])
    if not np.array_equal(s[known], c[::-1][known]):
        sys.exit("sfu_fit.py: cos T != sin(2^23 - 1 - T) somewhere: the unit is not what the model says")
    s = np.where(np.isnan(s), c[::-1], s)
    if np.isnan(s).any():
        sys.exit("sfu_fit.py: some first-quadrant inputs have no result")
    return s


def pairs(bits, minimum):
    return [(a, b) for a, b in itertools.combinations(range(bits), 2) if a + b >= minimum]


def features(n, kind):
    segment_bits, scaled, pair_minimum, _ = SPEC[kind]
    bits = 23 - segment_bits
    n = np.asarray(n, dtype=np.int64)
    h = n & ((1 << bits) - 1)
    x = h / float(1 << bits)
    scale = n * 2.0**-24 if scaled else np.ones(len(n))
    cols = [scale, scale * x, scale * x * x]
    cols += [((h >> i) & 1).astype(np.float64) for i in range(1, bits)]
    cols += [(((h >> a) & 1) * ((h >> b) & 1)).astype(np.float64) for a, b in pairs(bits, pair_minimum)]
    return np.stack(cols, 1)


def rounding_interval(s):
    up = np.spacing(s).astype(np.float64)
    down = s.astype(np.float64) - np.nextafter(s, np.float32(0)).astype(np.float64)
    down = np.where(down > 0, down, up)
    return s - down / 2, s + up / 2, np.minimum(up, down)


def solve(X, lo, hi, unit):
    """Coefficients putting X c inside [lo, hi] with the widest margin (in units), and that margin."""
    n = X.shape[1]
    scale = np.abs(X / unit[:, None]).max(0)
    scale[scale == 0] = 1
    Xn = X / unit[:, None] / scale
    mid, half = (lo + hi) / 2 / unit, (hi - lo) / 2 / unit
    A = np.vstack([np.hstack([Xn, -np.ones((len(lo), 1))]), np.hstack([-Xn, -np.ones((len(lo), 1))])])
    b = np.concatenate([mid + half, -mid + half])
    for method in ("highs", "highs-ipm"):
        r = linprog(np.r_[np.zeros(n), 1.0], A_ub=A, b_ub=b, bounds=[(None, None)] * n + [(-0.25, None)],
                    method=method, options={"time_limit": 120.0})
        if r.x is not None and r.status == 0:
            return r.x[:n] / scale, r.x[n]
    raise RuntimeError("no solution")


def target(kind, results):
    """The interval each input's value must lie in, a unit to measure margins by, and a check that
    values give the unit's results."""
    if kind == "lg2":
        lo, hi = results[:, 0] / FIXED, (results[:, 1] + 1) / FIXED
        return lo, hi, hi - lo, lambda v: (np.floor(v * FIXED) >= results[:, 0]) & (np.floor(v * FIXED) <= results[:, 1])
    lo, hi, unit = rounding_interval(results)
    return lo, hi, unit, lambda v: v.astype(np.float32) == results


def fit_piece(args):
    kind, inputs, results = args
    X = features(inputs, kind)
    lo, hi, unit, gives = target(kind, results)
    # The least-squares fit is the base; the linear program finds a correction to it, so that its
    # bounds are a unit or so and its tolerances far below the margins.
    base, *_ = np.linalg.lstsq(X / unit[:, None], (lo + hi) / 2 / unit, rcond=None)
    base_value = X @ base
    lo, hi = lo - base_value, hi - base_value
    correction = np.zeros_like(base)
    active = np.zeros(len(inputs), bool)
    margin = None
    for _ in range(200):
        v = X @ correction
        slack = np.minimum(v - lo, hi - v) / unit
        outside = slack < 0.002
        if margin is not None and not outside[~active].any():
            break
        active |= outside | (slack <= np.quantile(slack, 0.03))
        correction, margin = solve(X[active], lo[active], hi[active], unit[active])
    c = base + correction
    for _ in range(20):  # the last solution, checked on every input; an input it misses joins in
        missed = ~gives(X @ c)
        if not missed.any():
            break
        active |= missed
        correction, margin = solve(X[active], lo[active], hi[active], unit[active])
        c = base + correction
    wrong = int(np.sum(~gives(X @ c)))
    return int(inputs[0]), c, float(margin), wrong


def pieces_of(kind, values):
    segment_bits = SPEC[kind][0]
    length = 1 << (23 - segment_bits)
    work = []
    for j in range(1 << segment_bits):
        n = np.arange(j * length, (j + 1) * length)
        if kind == "sin" and j == 0:
            n = n[1:]  # sin 0 = 0 needs no piece: M = 0 gives 0 in the first
        # Runs of one binade: near a binade's edge the unit's results can cross it and back. The
        # logarithm's fixed point has no binades.
        exponents = np.zeros(len(n)) if kind == "lg2" else np.frexp(values[n])[1]
        edges = np.flatnonzero(np.diff(exponents)) + 1
        for part in np.split(n, edges):
            work.append((kind, part, values[part]))
    return work


def fit(args):
    values = load(args.kind, args.data)
    work = pieces_of(args.kind, values)
    if args.first:
        work = work[:args.first]
    if args.segments:
        chosen = {int(j) for j in args.segments.split(",")}
        length = 1 << (23 - SPEC[args.kind][0])
        work = [w for w in work if int(w[1][0]) // length in chosen]
    with multiprocessing.Pool(args.jobs) as pool:
        done = []
        for k, result in enumerate(pool.imap(fit_piece, work)):
            done.append(result)
            print(f"{args.kind} piece {k + 1}/{len(work)} from {result[0]}: margin {result[2]:.4f}, "
                  f"{result[3]} wrong", flush=True)
    done.sort(key=lambda p: p[0])
    np.savez(args.out, first=np.array([p[0] for p in done]), coefficients=np.array([p[1] for p in done]),
             margin=np.array([p[2] for p in done]), wrong=np.array([p[3] for p in done]))


def evaluate_like_cpp(kind, first, coefficients, n):
    """The C++ model's sum (backends/sim/sfu.cpp's evaluate), for the inputs n."""
    piece = np.searchsorted(first, n, side="right") - 1
    X = features(n, kind)
    return np.einsum("ij,ij->i", X, coefficients[piece])


def emit(args):
    tables = []
    for kind, (segment_bits, scaled, pair_minimum, name) in SPEC.items():
        saved = np.load(f"{args.fits}/{kind}.npz")
        first = saved["first"].astype(np.int64)
        first[0] = 0
        coefficients = saved["coefficients"]
        values = load(kind, args.data)
        n = np.arange(1 << 23)
        *_, gives = target(kind, values)
        wrong = np.flatnonzero(~gives(evaluate_like_cpp(kind, first, coefficients, n)))
        if len(wrong):
            sys.exit(f"sfu_fit.py: {kind}: {len(wrong)} inputs differ from the unit (first {wrong[:5]})")
        print(f"{kind}: {len(first)} pieces, every one of the 2^23 inputs equal")
        tables.append((name, segment_bits, pair_minimum, first, coefficients))
    with open(args.output, "w") as out:
        out.write("// Made by tools/gpu-probes/sfu_fit.py from an H200's results (tools/gpu-probes/mufu_probe.cu,\n"
                  "// mufu_check_probe.cu); do not edit. The model is described in runtime/cusim/detail/sfu.hpp and\n"
                  '// sfu_model.hpp.\n#include "sfu_model.hpp"\n\nnamespace cusim::sfu::detail {\nnamespace {\n\n')
        for name, segment_bits, pair_minimum, first, coefficients in tables:
            out.write(f"const std::uint32_t {name}First[] = {{\n")
            for k in range(0, len(first), 12):
                out.write("    " + ", ".join(str(int(v)) for v in first[k:k + 12]) + ",\n")
            out.write("};\n")
            out.write(f"const double {name}Coefficients[] = {{\n")
            for row in coefficients:
                out.write("    " + ", ".join(float(v).hex() for v in row) + ",\n")
            out.write("};\n\n")
        out.write("}  // namespace\n\n")
        for name, segment_bits, pair_minimum, first, coefficients in tables:
            bits = 23 - segment_bits
            out.write(f"const PieceTable {name} = {{{bits}, {pair_minimum}, {coefficients.shape[1]}, {len(first)}, "
                      f"{name}First, {name}Coefficients}};\n")
        out.write("\n}  // namespace cusim::sfu::detail\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    f = sub.add_parser("fit")
    f.add_argument("kind", choices=sorted(SPEC))
    f.add_argument("data")
    f.add_argument("out")
    f.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    f.add_argument("--first", type=int, default=0, help="fit only the first N pieces (a trial)")
    f.add_argument("--segments", default="", help="fit only these segments (j,k,...), to mend a fit")
    e = sub.add_parser("emit")
    for name in ("fits", "data", "output"):
        e.add_argument(name)
    args = parser.parse_args()
    fit(args) if args.command == "fit" else emit(args)


if __name__ == "__main__":
    main()
