"""The simulator's settings for launches: as a context manager (``with cusim.settings(...)``),
nested, or per launch (keywords of a kernel call). ``checks``: CUSIM_CHECK's names
("memcheck,racecheck", "all", "none"); ``schedule``: "in-order", "reverse", "random" or
"interleaved"; ``workers``: OS threads running blocks; ``seed``: the random schedule's;
``timeout``: seconds a launch may run; ``raise_findings``: raise KernelError (default) or keep
the findings for cusim.findings()."""

import contextlib
import threading

NAMES = ("checks", "schedule", "workers", "seed", "timeout", "raise_findings")

_local = threading.local()


def _stack():
    if not hasattr(_local, "stack"):
        _local.stack = [{}]
    return _local.stack


def _validated(values):
    unknown = set(values) - set(NAMES)
    if unknown:
        raise TypeError("unknown setting%s: %s (cusim's are %s)" % ("s" if len(unknown) > 1 else "",
                                                                   ", ".join(sorted(unknown)), ", ".join(NAMES)))
    return values


@contextlib.contextmanager
def settings(**values):
    """Settings for the launches inside the block."""
    _stack().append(dict(_stack()[-1], **_validated(values)))
    try:
        yield
    finally:
        _stack().pop()


def current(defaults, **call):
    """The settings a launch sends to the kernel host: those given, and the host's own for the rest
    (the CUSIM_* environment variables it started with), so that no setting of an earlier block
    lingers."""
    values = dict(defaults, **_stack()[-1], **_validated(call))
    values.pop("raise_findings", None)
    return values


def raising(**call):
    return dict(_stack()[-1], **call).get("raise_findings", True)
