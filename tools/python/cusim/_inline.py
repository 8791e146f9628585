"""load_inline, in the spirit of PyTorch's torch.utils.cpp_extension.load_inline: C++ and CUDA
sources whose host functions (which allocate, copy and launch as a CUDA program does) Python
calls with NumPy arrays.

A pointer parameter takes a NumPy array, copied into the simulated device's process for the call
(host memory there, as a CUDA program's own arrays) and, unless it points to const, copied back
into the array after it; or a cusim array, passed as its device address. Other parameters are
packed as RawKernel packs them. A finding in what the function launched raises KernelError at the
line of the sources.
"""

import numpy

from . import _build, _host, _settings
from ._kernel import _pack, conclude


class _HostFunction:
    def __init__(self, module, entry):
        self._module = module
        self.__name__ = entry["name"]
        self._entry = entry

    def __call__(self, *args, **settings):
        params = self._entry["parameters"]
        name = self.__name__
        if len(args) != len(params):
            raise TypeError("%s takes %d arguments, %d given" % (name, len(params), len(args)))
        if self._module._generation != _host.current_generation():
            self._module._load()
        entry = self._module._entries[name]
        payload, offsets, buffers, copied, back = b"", [], [], [], []
        for i, (param, value) in enumerate(zip(params, args)):
            payload += b"\0" * (-len(payload) % 16)
            offsets.append(len(payload))
            if isinstance(value, numpy.ndarray) and param["kind"] == "p":
                if not value.flags.c_contiguous:
                    raise TypeError("argument %d of %s: a NumPy array must be C-contiguous" % (i, name))
                payload += bytes(8)  # the kernel host points it at its copy of the array
                copied_back = param["pointee"] == "m"
                if copied_back and not value.flags.writeable:
                    raise TypeError("argument %d of %s: the parameter is not a pointer to const, so the "
                                    "function may write the array, which is read-only" % (i, name))
                buffers.append({"arg": i, "bytes": value.nbytes, "back": copied_back})
                copied.append(value)
                if copied_back:
                    back.append(value)
                continue
            payload += _pack(name, param, i, value)
        for b, value in zip(buffers, copied):
            payload += b"\0" * (-len(payload) % 16)
            b["offset"] = len(payload)
            payload += value.tobytes()
        host = _host.host()
        file, line, frame = _host.caller_site()
        del frame
        answer, data = host.request("call", payload, entry=entry["entry"], offsets=offsets, buffers=buffers,
                                    settings=_settings.current(host.defaults, **settings))
        result = entry["result"]
        conclude(answer, self._module._sources, name, (file, line), settings)
        at = result["size"]
        for value in back:
            value.reshape(-1).view(numpy.uint8)[:] = numpy.frombuffer(data[at:at + value.nbytes], numpy.uint8)
            at += value.nbytes
        if result["kind"] == "v":
            return None
        dtype = {"f": "f", "i": "i", "u": "u", "b": "b"}.get(result["kind"])
        if dtype is None:
            return data[:result["size"]]  # a struct: its bytes
        return numpy.frombuffer(data[:result["size"]], dtype + str(result["size"]) if dtype != "b" else "?")[0].item()


class InlineModule:
    """What load_inline returns: each function an attribute."""

    def __init__(self, name, path, sources, functions):
        self.__name__ = name
        self._path = path
        self._sources = sources
        self._names = functions
        self._load()

    def _load(self):
        answer, self._generation = _host.load(self._path)
        self._entries = {f["name"]: f for f in answer["functions"]}
        for fname in self._names:
            setattr(self, fname, _HostFunction(self, self._entries[fname]))


def load_inline(name, cpp_sources="", cuda_sources="", functions=None, extra_cuda_cflags=(), fast=False,
                verbose=False, **ignored):
    """Builds `cpp_sources` (C++) and `cuda_sources` (CUDA, translated as nvcc reads it) into a
    module whose host `functions` (names, a list or a dict of names to docstrings, as PyTorch's) are
    its attributes. The sources may be strings or lists of strings. PyTorch's other keywords
    (build_directory, with_cuda, ...) are accepted and mean nothing here."""
    def text(sources):
        return "\n".join(sources) if isinstance(sources, (list, tuple)) else (sources or "")
    if functions is None:
        raise ValueError("load_inline needs the names of the functions to expose (functions=[...])")
    names = list(functions) if not isinstance(functions, str) else [functions]
    sources = {}
    if text(cpp_sources):
        # The functions' declarations are there (PyTorch's convention), so the table goes after them.
        sources["cuda.cu"] = text(cuda_sources)
        sources["host.cpp"] = text(cpp_sources)
    else:
        sources["cuda.cu"] = text(cuda_sources)
    labels = {"cuda.cu": "<load_inline %s: cuda_sources>" % name, "host.cpp": "<load_inline %s: cpp_sources>" % name}
    path, paths = _build.build(sources, [], names, extra_cuda_cflags, fast, {k: labels[k] for k in sources})
    if verbose:
        print("cusim.load_inline: %s built into %s" % (name, path))
    return InlineModule(name, path, paths, names)
