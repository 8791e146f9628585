#!/usr/bin/env python3
"""Fits cusim's model of the GPU's special-function unit (runtime/cusim/detail/sfu.hpp) to the
unit's results over every input it tells apart, as tools/gpu-probes/mufu_probe.cu records them,
and writes backends/sim/sfu_tables.cpp.

    sfu_fit.py fit sin|ex2pos|ex2neg DATA_DIR OUT.npz [--jobs N]
    sfu_fit.py emit SIN.npz EX2POS.npz EX2NEG.npz DATA_DIR backends/sim/sfu_tables.cpp

Each function's 2^23 inputs are cut into segments (2^15 inputs for the sine, 2^16 for 2^x), and
further where the result changes binade. A piece's value is a quadratic in the
offset into the segment (for the sine times M / 2^24, since sin(pi m) = m g(m)) plus a term for
each bit and each pair of bits a < b, a + b >= 12, of that offset: the unit's truncated
multipliers and squarer err by such terms. The coefficients come from a linear program (scipy's
HiGHS) that puts every input's value inside the interval that rounds to the unit's result, solved
on the inputs nearest their bounds and repeated until none is outside. `emit` checks every input
again, as the C++ model evaluates it, and fails if one differs.
"""
import argparse
import itertools
import multiprocessing
import sys

import numpy as np
from scipy.optimize import linprog

PAIR_MINIMUM = 12
SPEC = {"sin": (8, True), "ex2pos": (7, False), "ex2neg": (7, False)}  # segment bits, scaled


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


def load(kind, data):
    n = 1 << 23
    if kind == "ex2pos":
        return cumulative(f"{data}/ex2_all_pos.bin")
    if kind == "ex2neg":
        return cumulative(f"{data}/ex2_all_neg.bin")
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


def pairs(bits):
    return [(a, b) for a, b in itertools.combinations(range(bits), 2) if a + b >= PAIR_MINIMUM]


def features(n, kind):
    segment_bits, scaled = SPEC[kind]
    bits = 23 - segment_bits
    n = np.asarray(n, dtype=np.int64)
    h = n & ((1 << bits) - 1)
    x = h / float(1 << bits)
    scale = n * 2.0**-24 if scaled else np.ones(len(n))
    cols = [scale, scale * x, scale * x * x]
    cols += [((h >> i) & 1).astype(np.float64) for i in range(1, bits)]
    cols += [(((h >> a) & 1) * ((h >> b) & 1)).astype(np.float64) for a, b in pairs(bits)]
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


def fit_piece(args):
    kind, inputs, results = args
    X = features(inputs, kind)
    lo, hi, unit = rounding_interval(results)
    # The least-squares fit is the base; the linear program finds a correction to it, so that its
    # bounds are a unit or so and its tolerances far below the margins.
    base, *_ = np.linalg.lstsq(X / unit[:, None], results.astype(np.float64) / unit, rcond=None)
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
        missed = (X @ c).astype(np.float32) != results
        if not missed.any():
            break
        active |= missed
        correction, margin = solve(X[active], lo[active], hi[active], unit[active])
        c = base + correction
    wrong = int(np.sum((X @ c).astype(np.float32) != results))
    return int(inputs[0]), c, float(margin), wrong


def pieces_of(kind, values):
    segment_bits, _ = SPEC[kind]
    length = 1 << (23 - segment_bits)
    work = []
    for j in range(1 << segment_bits):
        n = np.arange(j * length, (j + 1) * length)
        if kind == "sin" and j == 0:
            n = n[1:]  # sin 0 = 0 needs no piece: M = 0 gives 0 in the first
        # Runs of one binade: near a binade's edge the unit's results can cross it and back.
        exponents = np.frexp(values[n])[1]
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
    for kind, path, name in (("sin", args.sin, "kSinQuadrant"), ("ex2pos", args.ex2pos, "kEx2Positive"),
                             ("ex2neg", args.ex2neg, "kEx2Negative")):
        saved = np.load(path)
        first = saved["first"].astype(np.int64)
        first[0] = 0
        coefficients = saved["coefficients"]
        values = load(kind, args.data)
        n = np.arange(1 << 23)
        model = evaluate_like_cpp(kind, first, coefficients, n).astype(np.float32)
        wrong = np.flatnonzero(model != values)
        if len(wrong):
            sys.exit(f"sfu_fit.py: {kind}: {len(wrong)} inputs differ from the unit (first {wrong[:5]})")
        print(f"{kind}: {len(first)} pieces, every one of the 2^23 inputs equal")
        tables.append((name, SPEC[kind][0], first, coefficients))
    with open(args.output, "w") as out:
        out.write("// Made by tools/gpu-probes/sfu_fit.py from an H200's results (tools/gpu-probes/mufu_probe.cu);\n"
                  "// do not edit. The model is described in runtime/cusim/detail/sfu.hpp and sfu_model.hpp.\n"
                  '#include "sfu_model.hpp"\n\nnamespace cusim::sfu::detail {\nnamespace {\n\n')
        for name, segment_bits, first, coefficients in tables:
            out.write(f"const std::uint32_t {name}First[] = {{\n")
            for k in range(0, len(first), 12):
                out.write("    " + ", ".join(str(int(v)) for v in first[k:k + 12]) + ",\n")
            out.write("};\n")
            out.write(f"const double {name}Coefficients[] = {{\n")
            for row in coefficients:
                out.write("    " + ", ".join(float(v).hex() for v in row) + ",\n")
            out.write("};\n\n")
        out.write("}  // namespace\n\n")
        for name, segment_bits, first, coefficients in tables:
            bits = 23 - segment_bits
            out.write(f"const PieceTable {name} = {{{bits}, {coefficients.shape[1]}, {len(first)}, {name}First, "
                      f"{name}Coefficients}};\n")
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
    for name in ("sin", "ex2pos", "ex2neg", "data", "output"):
        e.add_argument(name)
    args = parser.parse_args()
    fit(args) if args.command == "fit" else emit(args)


if __name__ == "__main__":
    main()
