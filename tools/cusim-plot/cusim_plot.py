#!/usr/bin/env python3
"""Draws what cusim writes as data: access maps, traces and statistics, as PNG or SVG.

    cusim plot access-map <prefix>.csv -o map.png   [--color block|thread] [--width CELLS] [--title TEXT]
    cusim plot trace <trace.json> -o trace.svg      [--from US] [--to US] [--tracks REGEX] [--max-tracks N]
                                                    [--width PIXELS] [--title TEXT]
    cusim plot stats <stats.json> -o stats.png      [--max-launches N] [--title TEXT]

The format follows the output's extension (.png or .svg). The simulator writes only data
(docs/STATS.md, docs/TRACING.md); matplotlib draws it, with real fonts, axes and legends
(docs/ARCHITECTURE.md, "Libraries"). Errors in an input name the file and the reason, exit 1;
usage errors exit 2.
"""
import argparse
import colorsys
import csv
import json
import math
import os
import re
import sys

try:
    import matplotlib

    matplotlib.use("Agg")  # files only: no display is needed or wanted
    import matplotlib.pyplot as plt
    import numpy as np
    from matplotlib.patches import Patch
    from matplotlib.ticker import FuncFormatter, MaxNLocator
    from matplotlib.transforms import ScaledTranslation
except ImportError as e:  # the one dependency outside Python: say which package brings it
    sys.exit(f"cusim plot: {e.name} is missing (Debian: apt-get install python3-matplotlib python3-numpy)")

DPI = 100
plt.rcParams["svg.fonttype"] = "none"  # SVG text stays text: searchable, and drawn in the viewer's fonts
UNTOUCHED = (0.87, 0.87, 0.87)  # an element nothing accessed
PAST_END = (1.0, 1.0, 1.0)      # the cells after the last element, in the last row


class InputError(Exception):
    """A file that cannot be drawn: its name and why."""

    def __init__(self, path, reason):
        super().__init__(f"{path}: {reason}")


def read_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise InputError(path, e.strerror or str(e))
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise InputError(path, f"not JSON: {e}")


def save(fig, out):
    # No dates in the files, so that the same data makes the same file.
    metadata = {"Date": None} if out.endswith(".svg") else {"Software": None}
    try:
        fig.savefig(out, dpi=DPI, bbox_inches="tight", pad_inches=0.15, metadata=metadata)
    except OSError as e:
        raise InputError(out, f"cannot write: {e.strerror or e}")
    plt.close(fig)


# ---- access maps (docs/STATS.md, "Access maps") ---------------------------------------------------

MAX_CELLS = 65536  # past this, a cell stands for several consecutive elements
MAX_ROWS = 1024


def block_colour(rank, blocks):
    """The colour of the `rank`-th block (in linear block order) of `blocks` blocks in the map: the
    ten distinct hues of tab10 when they suffice, else hues the golden angle apart, alternately
    lighter and darker, so that neighbouring blocks never look alike."""
    if blocks <= 10:
        return matplotlib.colormaps["tab10"](rank)[:3]
    hue = (rank * 137.50776405) % 360 / 360
    return colorsys.hsv_to_rgb(hue, 0.70, 0.78 if rank % 2 else 0.96)


def read_access_map(path):
    """The rows of <prefix>.csv as numpy arrays, and the description <prefix>.json beside it (the
    defaults when it is missing)."""
    header = "element,block_x,block_y,block_z,thread_x,thread_y,thread_z,global_thread,launch,accesses"
    try:
        with open(path, newline="", encoding="utf-8") as f:
            lines = list(csv.reader(f))
    except OSError as e:
        raise InputError(path, e.strerror or str(e))
    if not lines or ",".join(lines[0]) != header:
        raise InputError(path, f"not an access map: the first line is not `{header}`")
    n = len(lines) - 1
    accessed = np.zeros(n, dtype=bool)
    block = np.zeros((n, 3), dtype=np.int64)
    thread = np.zeros(n, dtype=np.int64)
    for i, row in enumerate(lines[1:]):
        if len(row) != 10 or row[0] != str(i):
            raise InputError(path, f"line {i + 2}: expected element {i} and 10 fields")
        if row[1]:
            try:
                block[i] = (int(row[3]), int(row[2]), int(row[1]))  # z, y, x: linear block order
                thread[i] = int(row[7])
            except ValueError:
                raise InputError(path, f"line {i + 2}: a field is not a number")
            accessed[i] = True
    desc_path = path[:-4] + ".json" if path.endswith(".csv") else path + ".json"
    desc = {"allocation": os.path.basename(path), "element_bytes": None, "width": 0, "color": "block",
            "mode": "write", "launch": 0}
    if os.path.exists(desc_path):
        d = read_json(desc_path)
        if not isinstance(d, dict):
            raise InputError(desc_path, "not an access map's description (a JSON object)")
        desc.update(d)
    return accessed, block, thread, desc


def map_layout(n, width):
    """(elements per cell, columns, rows) of a map of n elements: at most MAX_CELLS cells, in at
    most MAX_ROWS rows of `width` cells (0: a power of two about the square root, at least 32)."""
    per_cell = max(1, -(-n // MAX_CELLS))
    cells = max(1, -(-n // per_cell))
    columns = width or 32
    if not width:
        while columns * columns < cells:
            columns *= 2
    columns = min(max(columns, -(-cells // MAX_ROWS)), cells)
    return per_cell, columns, -(-cells // columns)


def access_map_colours(accessed, block, thread, colour_by):
    """Each element's RGB colour, and what the legend needs: (label, colour) per block, or the
    largest global thread id."""
    rgb = np.tile(np.array(UNTOUCHED), (len(accessed), 1))
    if colour_by == "thread":
        top = int(thread[accessed].max()) if accessed.any() else 0
        rgb[accessed] = matplotlib.colormaps["viridis"](thread[accessed] / max(top, 1))[:, :3]
        return rgb, top
    ids, rank = np.unique(block[accessed], axis=0, return_inverse=True)
    rank = rank.reshape(-1)
    palette = np.array([block_colour(r, len(ids)) for r in range(len(ids))]).reshape(-1, 3)
    rgb[accessed] = palette[rank]
    one_d = not ids[:, :2].any()  # every block's y and z are 0
    labels = [str(x) if one_d else f"({x},{y},{z})" for z, y, x in ids]
    return rgb, list(zip(labels, palette))


def plot_access_map(a):
    accessed, block, thread, desc = read_access_map(a.input)
    n = len(accessed)
    if n == 0:
        raise InputError(a.input, "the map has no elements")
    colour_by = a.color or desc.get("color", "block")
    per_cell, columns, rows = map_layout(n, a.width if a.width is not None else int(desc.get("width") or 0))
    rgb, legend = access_map_colours(accessed, block, thread, colour_by)
    # A cell shows its first element's colour; cells after the last element are blank.
    image = np.tile(np.array(PAST_END), (rows * columns, 1))
    cells = -(-n // per_cell)
    image[:cells] = rgb[::per_cell]
    image = image.reshape(rows, columns, 3)

    cell_in = min(0.3, 10.0 / columns, 12.0 / rows)  # cells of at most 0.3 inch, the grid about 10 x 12 inches
    fig, ax = plt.subplots(figsize=(max(columns * cell_in, 4.0) + 3.0, rows * cell_in + 1.6))
    # Cell (row r, column c) is centred on (c, r): ticks name the cells they stand under.
    ax.imshow(image, interpolation="nearest", aspect="equal")
    if columns <= 128 and rows <= 128:  # thin white lines between cells, while cells are big enough to show them
        ax.set_xticks(np.arange(columns + 1) - 0.5, minor=True)
        ax.set_yticks(np.arange(rows + 1) - 0.5, minor=True)
        ax.grid(which="minor", color="white", linewidth=0.6)
        ax.tick_params(which="minor", length=0)
    ax.xaxis.set_major_locator(MaxNLocator(nbins=min(16, columns), integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(nbins=min(24, rows), integer=True))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{int(v) * per_cell}"))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{int(v) * columns * per_cell}"))
    ax.set_xlabel("element offset in the row")
    ax.set_ylabel("first element of the row")
    ax.xaxis.tick_top()
    ax.xaxis.set_label_position("top")

    mode = {"write": "first write", "read": "first read", "any": "first access"}.get(desc.get("mode"), "first access")
    how = f"{mode} of each element, coloured by {'global thread id' if colour_by == 'thread' else 'block'}"
    if desc.get("launch"):
        how += f", launch {desc['launch']} only"
    size = f"{n} elements" + (f" of {desc['element_bytes']} bytes" if desc.get("element_bytes") else "")
    size += f", rows of {columns * per_cell}"
    if per_cell > 1:
        size += f", one cell per {per_cell} elements (the first one's colour)"
    ax.set_title(a.title or f"{desc['allocation']}\n{how}\n{size}", fontsize=10, loc="left", pad=8)

    handles = []
    if colour_by == "thread":
        mappable = matplotlib.cm.ScalarMappable(matplotlib.colors.Normalize(0, legend), "viridis")
        fig.colorbar(mappable, ax=ax, label="global thread id", fraction=0.04, pad=0.02)
    else:
        shown = 40
        handles = [Patch(facecolor=c, label=f"block {label}") for label, c in legend[:shown]]
        if len(legend) > shown:
            handles.append(Patch(facecolor="none", edgecolor="none", label=f"… {len(legend) - shown} more blocks"))
    if not accessed.all():
        handles.append(Patch(facecolor=UNTOUCHED, label="not accessed"))
    if handles:
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1), borderaxespad=0, fontsize=9,
                  ncol=1 + (len(handles) - 1) // 20, frameon=False)
    save(fig, a.output)


# ---- traces (docs/TRACING.md) ----------------------------------------------------------------------

# Colours by event category (cusim's trace, docs/TRACING.md); anything else is grey.
CATEGORIES = [("launch", "launch", "#426ebe"), ("block", "block", "#5ca85c"), ("barrier", "barrier wait", "#e68c32"),
              ("warp", "warp slice", "#966ebe"), ("thread", "thread slice", "#46a0aa"), ("wait", "thread wait", "#c8c8c8"),
              ("host", "host API call", "#a07850"), ("stream", "copy/memset", "#dcbe3c"),
              ("warp_op", "warp intrinsic", "#1e1e1e"), ("counter", "counter", "#c84646")]
CATEGORY_COLOUR = {cat: colour for cat, _, colour in CATEGORIES}
OTHER = "#969696"


def read_trace(path):
    doc = read_json(path)
    events = doc.get("traceEvents") if isinstance(doc, dict) else doc
    if not isinstance(events, list):
        raise InputError(path, "not a trace-event file (no traceEvents array)")
    other = doc.get("otherData", {}) if isinstance(doc, dict) else {}
    return events, other


def plot_trace(a):
    events, other = read_trace(a.input)
    proc_name, proc_order, track_name, track_order = {}, {}, {}, {}
    spans, instants, counters = {}, {}, {}
    lo, hi = math.inf, -math.inf
    try:
        for e in events:
            ph = e.get("ph")
            if ph == "M":
                key, args = (e["pid"], e.get("tid")), e.get("args", {})
                if e["name"] == "process_name":
                    proc_name[e["pid"]] = args.get("name", str(e["pid"]))
                elif e["name"] == "process_sort_index":
                    proc_order[e["pid"]] = args.get("sort_index", 0)
                elif e["name"] == "thread_name":
                    track_name[key] = args.get("name", str(key[1]))
                elif e["name"] == "thread_sort_index":
                    track_order[key] = args.get("sort_index", 0)
            elif ph == "X":
                spans.setdefault((e["pid"], e["tid"]), []).append(e)
                lo, hi = min(lo, e["ts"]), max(hi, e["ts"] + e["dur"])
            elif ph in ("i", "I"):
                instants.setdefault((e["pid"], e.get("tid")), []).append(e)
                lo, hi = min(lo, e["ts"]), max(hi, e["ts"])
            elif ph == "C":
                counters.setdefault((e["pid"], e["name"]), []).append(e)
                lo, hi = min(lo, e["ts"]), max(hi, e["ts"])
    except (KeyError, TypeError, AttributeError) as e:
        raise InputError(a.input, f"an event lacks a field the trace-event format requires ({e})")
    if lo == math.inf:
        raise InputError(a.input, "no events to draw")
    t0 = a.t0 if a.t0 is not None else min(0.0, lo)  # the trace's clock starts at 0
    t1 = a.t1 if a.t1 is not None else hi
    if t1 <= t0:
        raise InputError(a.input, f"nothing between --from {t0:g} and --to {t1:g}")

    # Rows: tracks with events, then the process's counters, by process order, then track order.
    rows = []
    for key in set(spans) | set(instants):
        name = track_name.get(key, f"tid {key[1]}")
        rows.append(((proc_order.get(key[0], key[0]), key[0], track_order.get(key, key[1] or 0), name), "track", key, name))
    for key in counters:
        rows.append(((proc_order.get(key[0], key[0]), key[0], math.inf, key[1]), "counter", key, key[1]))
    rows.sort(key=lambda r: r[0])
    if a.tracks:
        rows = [r for r in rows if a.tracks.search(r[3])]
    left_out = max(0, len(rows) - a.max_tracks)
    rows = rows[:a.max_tracks]
    if not rows:
        raise InputError(a.input, "no track matches --tracks")

    # Nested boxes: an event inside an open one goes one level down.
    depth_of, levels = {}, {}
    for _, kind, key, _ in rows:
        stack, most = [], 1
        for e in sorted(spans.get(key, []) if kind == "track" else [], key=lambda e: (e["ts"], -e["dur"])):
            while stack and stack[-1] <= e["ts"]:
                stack.pop()
            depth_of[id(e)] = len(stack)
            stack.append(e["ts"] + e["dur"])
            most = max(most, len(stack))
        levels[key] = most if kind == "track" else 2

    # The layout, in levels from the top: a header per process, then its tracks.
    layout, y, last_pid, ticks, tick_labels = [], 0.0, None, [], []
    for _, kind, key, name in rows:
        if key[0] != last_pid:
            layout.append(("process", key[0], y))
            y += 1.2
            last_pid = key[0]
        layout.append((kind, key, y, name))
        ticks.append(y + levels[key] / 2)
        tick_labels.append(name if len(name) <= 32 else name[:31] + "…")
        y += levels[key] + 0.3

    width_in = a.width / DPI
    fig, ax = plt.subplots(figsize=(width_in, max(2.5, 0.2 * y + 1.4)))
    ax.set_xlim(t0, t1)
    ax.set_ylim(y, 0)
    plot_width_in = width_in * 0.78  # about the axes' share of the figure: for the labels that fit in boxes
    us_per_char = (t1 - t0) / plot_width_in * 0.075  # 7-point text: about 0.075 inch a character
    present = set()
    for item in layout:
        if item[0] == "process":
            _, pid, top = item
            ax.axhspan(top, top + 1.0, color="#dde3ec", zorder=0)
            ax.text(t0, top + 0.5, " " + proc_name.get(pid, f"process {pid}"), va="center", ha="left",
                    fontsize=8, fontweight="bold", clip_on=True)
            continue
        kind, key, top, name = item
        ax.axhline(top + levels[key] + 0.15, color="#e4e4e4", linewidth=0.5, zorder=0)
        if kind == "counter":
            pts = sorted(counters[key], key=lambda e: e["ts"])
            values = [sum(v for v in e.get("args", {}).values() if isinstance(v, (int, float))) for e in pts]
            peak = max(values) or 1
            xs = [e["ts"] for e in pts] + [t1]
            ys = [top + levels[key] - levels[key] * v / peak for v in values]
            ax.fill_between(xs, top + levels[key], ys + ys[-1:], step="post", color=CATEGORY_COLOUR["counter"],
                            linewidth=0, zorder=2)
            ax.text(t1, top + 0.1, f"max {peak:g} ", va="top", ha="right", fontsize=7, color=CATEGORY_COLOUR["counter"])
            present.add("counter")
            continue
        # Boxes of one category that follow each other on a level alternate with a darker shade,
        # so that back-to-back blocks (or slices) stay apart.
        by_colour, previous = {}, {}
        for e in sorted(spans.get(key, []), key=lambda e: e["ts"]):
            if e["ts"] + e["dur"] < t0 or e["ts"] > t1:
                continue
            cat = e.get("cat")
            present.add(cat)
            level = top + depth_of[id(e)]
            shade = previous[(cat, level)] = 1 - previous.get((cat, level), 1)
            colour = np.array(matplotlib.colors.to_rgb(CATEGORY_COLOUR.get(cat, OTHER))) * (0.8 if shade else 1.0)
            by_colour.setdefault((tuple(colour), level), []).append((e["ts"], e["dur"]))
            shown = min(e["ts"] + e["dur"], t1) - max(e["ts"], t0)
            if shown > us_per_char * (len(e["name"]) + 2) and cat not in ("wait",):
                ax.text(max(e["ts"], t0) + shown / 2, level + 0.45, e["name"], ha="center", va="center", fontsize=7,
                        color="white" if cat in ("launch", "warp", "host", "block") else "black", clip_on=True, zorder=4)
        for (colour, level), boxes in by_colour.items():
            ax.broken_barh(boxes, (level + 0.05, 0.85), facecolors=colour, edgecolors="white", linewidth=0.3, zorder=3)
        marks = [e["ts"] for e in instants.get(key, []) if t0 <= e["ts"] <= t1]
        if marks:
            present.update(e.get("cat") for e in instants[key])
            ax.vlines(marks, top + 0.05, top + levels[key] - 0.05, color=CATEGORY_COLOUR["warp_op"], linewidth=0.6, zorder=5)

    ax.set_yticks(ticks, tick_labels, fontsize=7)
    ax.tick_params(axis="y", length=0)
    ax.set_xlabel("time (µs)")
    ax.grid(axis="x", color="#d0d0d0", linewidth=0.5)
    ax.set_axisbelow(True)
    ax.xaxis.set_ticks_position("both")
    ax.tick_params(axis="x", labeltop=True)
    title = a.title or f"{os.path.basename(a.input)}: {len(events)} events, {t1 - t0:.0f} µs"
    if other.get("dropped"):
        title += f" ({other['dropped']} dropped at the limit)"
    notes = [f"{k} {other[k]}" for k in ("detail", "events", "dropped") if k in other]
    if left_out:
        notes.append(f"{left_out} more tracks not drawn (--max-tracks, --tracks)")
    ax.set_title(title + ("\n" + ", ".join(notes) if notes else ""), fontsize=10, loc="left", pad=22)
    handles = [Patch(facecolor=colour, label=label) for cat, label, colour in CATEGORIES if cat in present]
    if present - set(CATEGORY_COLOUR):
        handles.append(Patch(facecolor=OTHER, label="other"))
    # Under the time axis' label: half an inch below the axes, whatever the picture's height.
    below = ax.transAxes + ScaledTranslation(0, -0.5, fig.dpi_scale_trans)
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0), bbox_transform=below,
              ncol=min(len(handles), 8), fontsize=8, frameon=False)
    save(fig, a.output)


# ---- statistics (docs/STATS.md) ---------------------------------------------------------------------

STATS_COLOURS = (("loads", "#426ebe"), ("stores", "#e68c32"))


def plot_stats(a):
    launches = read_json(a.input)
    if not isinstance(launches, list) or not all(isinstance(s, dict) and "launch" in s for s in launches):
        raise InputError(a.input, "not CUSIM_STATS=json output (an array of launches)")
    measured = [s for s in launches if s.get("memory_measured", True) and "global" in s and "shared" in s]
    if not measured:
        raise InputError(a.input, "no launch has memory statistics (a fast build measures none)")
    left_out = max(0, len(measured) - a.max_launches)
    measured = measured[:a.max_launches]
    def dims(d):  # [16, 16, 1] as 16x16
        d = list(d) if isinstance(d, list) and d else ["?"]
        while len(d) > 1 and d[-1] == 1:
            d.pop()
        return "x".join(map(str, d))

    names = [f"#{s['launch']} {str(s.get('kernel', '?')).split('(')[0].split('::')[-1]}\n<<<{dims(s.get('grid'))}, {dims(s.get('block'))}>>>"
             for s in measured]

    panels = [("global", "sectors_per_request", "global memory: sectors per request",
               "4: coalesced 4-byte accesses, 32: scattered", "sectors / request"),
              ("shared", "conflicts_per_request", "shared memory: bank conflicts per request",
               "0: conflict-free, 31: a 32-way conflict", "conflicts / request")]
    x = np.arange(len(measured))
    tilt = len(measured) > 12  # past a dozen launches the names are tilted to fit
    fig, axes = plt.subplots(2, 1, figsize=(max(6.0, (0.9 if tilt else 1.6) * len(measured) + 2), 6.5), sharex=True)
    for ax, (space, metric, title, hint, unit) in zip(axes, panels):
        top, any_requests = 0.0, False
        for offset, (kind, colour) in zip((-0.2, 0.2), STATS_COLOURS):
            try:
                values = [float(s[space][kind][metric]) for s in measured]
                requests = [int(s[space][kind]["requests"]) for s in measured]
            except (KeyError, TypeError, ValueError) as e:
                raise InputError(a.input, f"a launch lacks {space}.{kind}.{metric} ({e})")
            bars = ax.bar(x + offset, values, 0.4, color=colour, label=kind)
            # A launch without requests has no ratio: its bar is left unlabelled rather than read as 0.
            ax.bar_label(bars, [f"{v:.2f}" if r else "" for v, r in zip(values, requests)], fontsize=7, padding=1)
            top, any_requests = max([top, *values]), any_requests or any(requests)
        if not any_requests:
            ax.text(0.5, 0.5, f"no {space}-memory requests", transform=ax.transAxes, ha="center", va="center",
                    color="#808080")
        ax.set_ylim(0, max(1.0, top * 1.2))
        ax.set_title(f"{title} ({hint})", fontsize=10, loc="left")
        ax.set_ylabel(unit)
        ax.grid(axis="y", color="#e0e0e0", linewidth=0.5)
        ax.set_axisbelow(True)
    axes[-1].set_xticks(x, names, rotation=30 if tilt else 0, ha="right" if tilt else "center", fontsize=8)
    axes[-1].set_xlabel("launch")
    axes[-1].set_xlim(-0.7, max(len(measured), 3) - 0.3)  # bars of one width, however few the launches
    title = a.title or f"{os.path.basename(a.input)}: memory statistics of {len(measured)} launch{'es' if len(measured) > 1 else ''}"
    if left_out:
        title += f" ({left_out} more not drawn: --max-launches)"
    fig.suptitle(title, fontsize=11, x=0.02, ha="left")
    fig.legend(handles=[Patch(facecolor=c, label=k) for k, c in STATS_COLOURS], loc="upper right", ncol=2, fontsize=9,
               frameon=False)
    fig.tight_layout()
    save(fig, a.output)


# ---- the command line -------------------------------------------------------------------------------

def output_file(path):
    if not path.endswith((".png", ".svg")):
        raise argparse.ArgumentTypeError(f"'{path}': the output must end in .png or .svg (the format follows it)")
    return path


def regex(text):
    try:
        return re.compile(text)
    except re.error as e:
        raise argparse.ArgumentTypeError(f"'{text}': {e}")


def positive(text):
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"'{text}': a positive whole number is needed")
    return value


def parser():
    p = argparse.ArgumentParser(prog="cusim plot", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True, metavar="{access-map,trace,stats}")

    m = sub.add_parser("access-map", help="an access map: one cell per element, coloured by block or thread")
    m.add_argument("input", metavar="PREFIX.csv", help="the map's CSV (CUSIM_ACCESS_MAP); PREFIX.json beside it describes it")
    m.add_argument("--color", choices=("block", "thread"), help="colour by block or by global thread id (default: as the map asked)")
    m.add_argument("--width", type=positive, help="cells per row (default: as the map asked, else about square)")
    m.set_defaults(draw=plot_access_map)

    t = sub.add_parser("trace", help="a trace-event file (CUSIM_TRACE) as a timeline")
    t.add_argument("input", metavar="TRACE.json")
    t.add_argument("--from", dest="t0", type=float, metavar="US", help="start of the time range, in µs")
    t.add_argument("--to", dest="t1", type=float, metavar="US", help="end of the time range, in µs")
    t.add_argument("--tracks", type=regex, metavar="REGEX", help="keep the tracks whose name matches")
    t.add_argument("--max-tracks", type=positive, default=80, metavar="N", help="draw at most N tracks (80)")
    t.add_argument("--width", type=positive, default=1600, metavar="PIXELS", help="picture width (1600)")
    t.set_defaults(draw=plot_trace)

    s = sub.add_parser("stats", help="per-launch memory statistics (CUSIM_STATS=json:FILE) as bar charts")
    s.add_argument("input", metavar="STATS.json")
    s.add_argument("--max-launches", type=positive, default=40, metavar="N", help="draw at most N launches (40)")
    s.set_defaults(draw=plot_stats)

    for q in (m, t, s):
        q.add_argument("-o", "--output", type=output_file, required=True, metavar="OUT.png|OUT.svg")
        q.add_argument("--title", help="the picture's title (default: made from the data)")
    return p


def main(argv=None):
    a = parser().parse_args(argv)
    try:
        a.draw(a)
    except InputError as e:
        print(f"cusim plot: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
