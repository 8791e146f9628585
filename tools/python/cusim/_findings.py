"""Findings as data: what the simulator found in a launch, at the lines of the CUDA string."""

import re
import threading

# The kernel host's own source, which findings name where the runtime was called from Python.
_HOST_SOURCE = "cusim-kernel-host/main.cpp"
_HOST_LINE = re.compile(r"^\S*" + re.escape(_HOST_SOURCE) + r":\d+:(?:\d+:)? (.*)$", re.M)
_THREAD = re.compile(r"block \((\d+,\d+,\d+)\), thread \((\d+,\d+,\d+)\)\]")
_ALLOCATED = re.compile(r"note: allocated by cudaMalloc here \(allocation #(\d+)\)")


def _python_sites(text, launch_site, allocation_sites):
    def site(m):
        rest = m.group(1)
        allocated = _ALLOCATED.match(rest)
        if allocated and int(allocated.group(1)) in allocation_sites:
            file, line = allocation_sites[int(allocated.group(1))]
            return "%s:%d: note: allocated here (allocation #%s)" % (file, line, allocated.group(1))
        return "%s:%d: %s" % (launch_site[0], launch_site[1], rest)
    return _HOST_LINE.sub(site, text)


class Finding:
    """One finding: ``kind`` (e.g. "race-raw", "out-of-bounds"), ``line`` of the CUDA string (or of
    the Python call, for a finding about the launch itself), ``kernel``, ``block`` and ``thread``
    (index tuples of the thread that made it, None when not a thread's), ``space`` ("global",
    "shared" or ""),
    ``other_line`` (a race's other access), ``relation`` (a race's threads), ``error`` (the CUDA
    error it ended the launch with, "cudaSuccess" if none), ``count`` and ``text`` (as cusim
    prints it, the string named by its label)."""

    FIELDS = ("kind", "error", "kernel", "text", "space", "file", "line", "other_file", "other_line", "count",
              "relation", "block", "thread")

    def __init__(self, **fields):
        for name in self.FIELDS:
            setattr(self, name, fields.get(name))

    @classmethod
    def of(cls, raw, sources, launch_site, allocation_sites):
        """A finding of the kernel host's answer, with the module's source files named by their
        labels (`sources`: path -> label), and the kernel host's own lines (the launch, the
        allocations it made for Python) named by the Python lines that asked for them:
        `launch_site` (file, line) and `allocation_sites` (allocation number -> (file, line))."""
        fields = dict(raw)
        text = raw["text"]
        for path, label in sources.items():
            text = text.replace(path, label)
        fields["text"] = _python_sites(text, launch_site, allocation_sites)
        where = _THREAD.search(text)
        if where:
            fields["block"] = tuple(int(v) for v in where.group(1).split(","))
            fields["thread"] = tuple(int(v) for v in where.group(2).split(","))
        for file_key, line_key in (("file", "line"), ("other_file", "other_line")):
            if raw[file_key] in sources:
                fields[file_key] = sources[raw[file_key]]
            elif _HOST_SOURCE in raw[file_key]:
                fields[file_key], fields[line_key] = launch_site
        return cls(**fields)

    def __repr__(self):
        return "Finding(kind=%r, kernel=%r, line=%r)" % (self.kind, self.kernel, self.line)


_kept = []
_kept_lock = threading.Lock()


def keep(findings):
    with _kept_lock:
        _kept.extend(findings)


def findings(clear=True):
    """The findings kept since the last call (launches under ``settings(raise_findings=False)``)."""
    with _kept_lock:
        out = list(_kept)
        if clear:
            _kept.clear()
    return out
