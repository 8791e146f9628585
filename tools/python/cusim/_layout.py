"""Where the package finds cusim's programs: beside a build tree's copy of the package (the
build writes _build_paths.py there), or under the install prefix that holds the package
(<prefix>/lib/python3/dist-packages/cusim -> <prefix>/bin)."""

import os

try:
    from . import _build_paths
except ImportError:  # installed: no build tree
    _build_paths = None


def _installed(program):
    prefix = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
    return os.path.join(prefix, "bin", program)


def kernel_host():
    return _build_paths.KERNEL_HOST if _build_paths else _installed("cusim-kernel-host")


def nvcc():
    return _build_paths.NVCC if _build_paths else _installed("cusim-nvcc")
