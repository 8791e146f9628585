#!/usr/bin/env python3
"""`cusim plot` (tools/cusim-plot/cusim_plot.py) draws what an example writes: the access map, the
trace and the statistics of examples/grid_stride_square, each as PNG and SVG, through the cusim
tool. The pictures are checked where a wrong drawing shows: the access map's cell of element 300
has block 1's colour (and global thread 44's, coloured by thread), the SVGs carry their axis
labels, legends and values as text, the PNGs have the categories' colours; a map past 65536
elements is binned; bad input and bad usage are refused with the file and the reason.

    plot_test.py --cusim build/bin/cusim --script tools/cusim-plot/cusim_plot.py
                 --example build/examples/grid_stride_square

Exits 77 (CTest's SKIP_RETURN_CODE) where matplotlib is missing.
"""
import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.image
    import numpy as np
except ImportError as e:
    print(f"skipped: {e.name} is missing (apt-get install python3-matplotlib python3-numpy)")
    sys.exit(77)

failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def plot(cusim, *args):
    return subprocess.run([cusim, "plot", *args], capture_output=True, text=True)


def drawn(cusim, *args):
    """Runs `cusim plot args`; whether it succeeded (its stderr shown when not)."""
    r = plot(cusim, *args)
    check(r.returncode == 0, "cusim plot " + " ".join(args) + (f": exit {r.returncode}: {r.stderr.strip()}" if r.returncode else ""))
    return r.returncode == 0


def png(path):
    """The picture's pixels as 8-bit RGB."""
    return np.round(matplotlib.image.imread(path)[:, :, :3] * 255).astype(int)


def has_colour(pixels, rgb, at_least=20):
    return int((np.abs(pixels - np.round(np.array(rgb) * 255)).max(axis=2) <= 2).sum()) >= at_least


def distinct_colours(pixels):
    return len(np.unique(pixels.reshape(-1, 3), axis=0))


def near(a, b):
    return np.abs(np.asarray(a, dtype=int) - np.round(np.asarray(b) * 255)).max() <= 3


def cell_colour(pixels, first_colour, columns, rows, element):
    """The colour at the centre of `element`'s cell, found from the grid itself: element 0's cell
    is the leftmost area of `first_colour` (the legend is to the right of the grid); from there the
    grid runs right and down until the background's white."""
    match = np.abs(pixels - np.round(np.array(first_colour) * 255)).max(axis=2) <= 2
    ys, xs = np.nonzero(match)
    left = xs.min()
    top = ys[xs == left].min()
    white = lambda p: p.min() >= 250
    x = left + 2
    y = top + 2
    # The grid's far edges: past the last non-white pixel on row 0 and in column 0 (the white
    # lines between cells are thinner than two pixels, so a run of 4 white pixels is the end).
    right = x
    while right + 4 < pixels.shape[1] and not all(white(pixels[y, right + k]) for k in range(1, 5)):
        right += 1
    bottom = y
    while bottom + 4 < pixels.shape[0] and not all(white(pixels[bottom + k, x]) for k in range(1, 5)):
        bottom += 1
    # The last row is partly empty: measure rows by column 0, which every row fills.
    cell_w = (right + 1 - left) / columns
    cell_h = (bottom + 1 - top) / rows
    row, column = divmod(element, columns)
    return pixels[int(top + (row + 0.5) * cell_h), int(left + (column + 0.5) * cell_w)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cusim", required=True)
    ap.add_argument("--script", required=True)
    ap.add_argument("--example", required=True, help="examples/grid_stride_square")
    a = ap.parse_args()
    a.cusim, a.script, a.example = (os.path.abspath(p) for p in (a.cusim, a.script, a.example))  # before the chdir
    spec = importlib.util.spec_from_file_location("cusim_plot", a.script)
    cusim_plot = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cusim_plot)

    with tempfile.TemporaryDirectory() as d:
        os.chdir(d)
        env = dict(os.environ, CUSIM_ACCESS_MAP="grid_stride_square.cu:79:map,launch=2,width=32",
                   CUSIM_TRACE="trace.json", CUSIM_STATS="json:stats.json")
        r = subprocess.run([a.example], env=env, capture_output=True, text=True)
        check(r.returncode == 0 and os.path.exists("map.csv") and os.path.exists("trace.json")
              and os.path.exists("stats.json"), f"{a.example} wrote map.csv, trace.json, stats.json: {r.stderr[-300:]}")
        if failures:
            return 1

        # The access map: 500 elements in 16 rows of 32; the second launch has 8 blocks of 32
        # threads, so element 300 is global thread 44, thread 12 of block 1.
        for out in ("map.png", "map.svg", "map_threads.png"):
            drawn(a.cusim, "access-map", "map.csv", "-o", out, *(["--color", "thread"] if "threads" in out else []))
        block = [cusim_plot.block_colour(b, 8) for b in range(8)]
        pixels = png("map.png")
        check(pixels.shape[1] >= 600 and pixels.shape[0] >= 300, f"map.png is {pixels.shape[1]} x {pixels.shape[0]}")
        check(all(has_colour(pixels, c) for c in block), "map.png has the 8 blocks' colours")
        check(distinct_colours(pixels) > 10, f"map.png has {distinct_colours(pixels)} colours")
        for element, b in ((300, 1), (44, 1), (255, 7), (499, 7)):  # element 0 (block 0) anchors the grid
            got = cell_colour(pixels, block[0], 32, 16, element)
            check(near(got, block[b]), f"map.png: element {element}'s cell {tuple(got)} has block {b}'s colour")
        viridis = matplotlib.colormaps["viridis"]
        pixels = png("map_threads.png")
        got = cell_colour(pixels, viridis(0.0)[:3], 32, 16, 300)
        check(near(got, viridis(44 / 255)[:3]), f"map_threads.png: element 300's cell {tuple(got)} has thread 44's colour")
        svg = open("map.svg", encoding="utf-8").read()
        for text in ("element offset in the row", "first element of the row", "block 1", "block 7",
                     "made at grid_stride_square.cu:79", "launch 2 only", "500 elements of 4 bytes, rows of 32"):
            check(text in svg, f"map.svg has the text `{text}`")

        # Past 65536 elements, cells stand for several elements.
        with open("big.csv", "w") as f:
            f.write("element,block_x,block_y,block_z,thread_x,thread_y,thread_z,global_thread,launch,accesses\n")
            for i in range(70000):
                f.write(f"{i},{i // 256 % 20},0,0,{i % 256},0,0,{i % 5120},1,1\n")
        if drawn(a.cusim, "access-map", "big.csv", "-o", "big.svg"):
            svg = open("big.svg", encoding="utf-8").read()
            check("one cell per 2 elements" in svg and "… 0 more" not in svg and "block 19" in svg,
                  "big.svg: one cell per 2 elements, 20 blocks in the legend")

        # The trace: the host's calls and both launches, their blocks.
        for out in ("trace.png", "trace.svg"):
            drawn(a.cusim, "trace", "trace.json", "-o", out)
        pixels = png("trace.png")
        for cat in ("launch", "block", "host"):
            check(has_colour(pixels, matplotlib.colors.to_rgb(cusim_plot.CATEGORY_COLOUR[cat])),
                  f"trace.png has {cat} boxes")
        svg = open("trace.svg", encoding="utf-8").read()
        for text in ("time (µs)", "launch", "block", "host API call", "host thread"):
            check(text in svg, f"trace.svg has the text `{text}`")
        drawn(a.cusim, "trace", "trace.json", "-o", "host.svg", "--tracks", "^host")
        check("worker" not in open("host.svg", encoding="utf-8").read(), "--tracks ^host leaves the workers out")

        # The statistics: both launches. Warps of 8 threads storing 4-byte ints touch 1 sector a
        # request; warps of 32, 4 (3.94: the last request is short).
        launches = json.load(open("stats.json"))
        for out in ("stats.png", "stats.svg"):
            drawn(a.cusim, "stats", "stats.json", "-o", out)
        svg = open("stats.svg", encoding="utf-8").read()
        for text in ("sectors per request", "bank conflicts per request", "loads", "stores",
                     f"#{launches[0]['launch']} square_elements", "&lt;&lt;&lt;32, 8&gt;&gt;&gt;", "1.00", "3.94"):
            check(text in svg, f"stats.svg has the text `{text}`")
        check(has_colour(png("stats.png"), matplotlib.colors.to_rgb("#426ebe")), "stats.png has the loads' bars")

        # Bad input: the file and the reason, exit 1; bad usage: exit 2.
        r = plot(a.cusim, "access-map", "stats.json", "-o", "x.png")
        check(r.returncode == 1 and "stats.json: not an access map" in r.stderr, f"a JSON as a map: {r.returncode} {r.stderr.strip()}")
        r = plot(a.cusim, "trace", "missing.json", "-o", "x.png")
        check(r.returncode == 1 and "missing.json: No such file" in r.stderr, f"a missing trace: {r.returncode} {r.stderr.strip()}")
        r = plot(a.cusim, "stats", "map.csv", "-o", "x.png")
        check(r.returncode == 1 and "map.csv: not JSON" in r.stderr, f"a CSV as statistics: {r.returncode} {r.stderr.strip()}")
        r = plot(a.cusim, "trace", "trace.json", "-o", "x.jpg")
        check(r.returncode == 2 and ".png or .svg" in r.stderr, f"-o x.jpg: {r.returncode} {r.stderr.strip()}")
        r = plot(a.cusim, "histogram", "x")
        check(r.returncode == 2, f"an unknown kind: {r.returncode}")
        check(not os.path.exists("x.png") and not os.path.exists("x.jpg"), "nothing is written on an error")

    print(f"{len(failures)} failed" if failures else "all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
