"""RawModule and RawKernel: CUDA strings built for the simulator and launched as CuPy launches
them, ``kernel(grid, block, args, shared_mem=0, stream=None)``.

Arguments are packed as CuPy packs them: an array as its device address; a NumPy scalar as its
own type; a Python bool, int, float or complex as numpy.bool_, int64, float64 or complex128.
Unlike a GPU, cusim knows each parameter's type (the module's table), so an argument the kernel
would misread is an error here: a float64 for a ``float`` parameter (on a GPU, garbage) or an
int32 for a ``long long`` one. An integer wider than its parameter is taken if its value fits,
since the GPU reads its low bytes, which then hold the same value.
"""

import re

import numpy

from . import _build, _host, _settings
from ._array import MemoryPointer, ndarray
from ._errors import CUDADriverError, KernelError, driver_error, driver_status
from ._findings import Finding, keep


def _dims(value, what):
    dims = tuple(int(v) for v in (value if isinstance(value, (tuple, list)) else (value,)))
    if not 1 <= len(dims) <= 3:
        raise ValueError("%s must have 1 to 3 dimensions, not %d" % (what, len(dims)))
    return list(dims + (1,) * (3 - len(dims)))


_PYTHON_SCALARS = {bool: numpy.bool_, int: numpy.int64, float: numpy.float64, complex: numpy.complex128}


def _scalar(value):
    if isinstance(value, numpy.generic):
        return value
    for python_type, numpy_type in _PYTHON_SCALARS.items():
        if type(value) is python_type:
            return numpy_type(value)
    return None


def _pack(kernel, param, index, value):
    """The bytes of one argument for the parameter `param` ({"size", "kind"})."""
    size, kind = param["size"], param["kind"]
    where = "argument %d of %s" % (index, kernel)
    if isinstance(value, ndarray) or value is None:
        if kind != "p":
            raise TypeError("%s: an array is passed, but the parameter is not a pointer (%s, %d bytes)"
                            % (where, _KIND_WORDS[kind], size))
        return (0 if value is None else value.data.ptr).to_bytes(8, "little")
    scalar = _scalar(value)
    if scalar is None:
        raise TypeError("%s: unsupported type %s (pass a cusim array, a NumPy scalar or a Python number)"
                        % (where, type(value).__name__))
    got = scalar.dtype
    if kind == "p":
        raise TypeError("%s: the parameter is a pointer, but %s %s is passed (pass a cusim array)"
                        % (where, got, scalar))
    if kind in "iub" and got.kind in "iub":
        if got.itemsize == size:
            return scalar.tobytes()
        if got.itemsize > size:  # the GPU reads the low bytes: the same value if it fits
            info = numpy.iinfo(("i" if kind == "i" else "u") + str(size)) if kind != "b" else None
            if info is None or info.min <= int(scalar) <= info.max:
                return int(scalar).to_bytes(size, "little", signed=kind == "i" and int(scalar) < 0)
            raise OverflowError("%s: %d does not fit the parameter (%s, %d bytes)" % (where, int(scalar), _KIND_WORDS[kind], size))
    elif (kind == "f" and got.kind == "f" and got.itemsize == size) or (kind == "o" and got.itemsize == size):
        return scalar.tobytes()
    hint = {("f", 4): "numpy.float32(x)", ("f", 8): "numpy.float64(x)", ("i", 4): "numpy.int32(x)",
            ("i", 8): "numpy.int64(x)", ("u", 4): "numpy.uint32(x)", ("u", 8): "numpy.uint64(x)"}.get((kind, size))
    raise TypeError("%s: %s %r is %d bytes, but the parameter is %s of %d bytes: on a GPU the kernel would read "
                    "garbage%s" % (where, got, scalar.item(), got.itemsize, _KIND_WORDS[kind], size,
                                   "; pass " + hint if hint else ""))


_KIND_WORDS = {"p": "a pointer", "b": "a bool", "i": "a signed integer", "u": "an unsigned integer",
               "f": "floating point", "o": "a struct"}


def _caller_names(frame, arrays):
    """The names the caller's code gives the arrays passed (for findings): its locals, then globals."""
    names = {}
    if frame is None:
        return names
    for scope in (frame.f_locals, frame.f_globals):
        for name, value in scope.items():
            if isinstance(value, ndarray) and id(value) in arrays and id(value) not in names:
                names[id(value)] = name
    return names


class Function:
    """A kernel of a module, launched as CuPy launches: ``f(grid, block, args, shared_mem=0)``."""

    def __init__(self, module, name, entry):
        self.module = module
        self.name = name
        self._address = entry["address"]
        self._parameters = entry["parameters"]
        self._generation = module._generation

    @property
    def num_parameters(self):
        return len(self._parameters)

    def __call__(self, grid, block, args, *, shared_mem=0, stream=None, enable_cooperative_groups=False, **settings):
        """Launches the kernel and waits for it. Keywords besides CuPy's are settings for this launch
        (cusim.settings names them); `stream` is accepted and launches go in order, as on one stream."""
        args = tuple(args)
        if len(args) != len(self._parameters):
            raise TypeError("%s takes %d arguments, %d given" % (self.name, len(self._parameters), len(args)))
        if self._generation != _host.current_generation():
            self.module._load()
            self._address = self.module._entries[self.name]["address"]
            self._generation = self.module._generation
        payload, offsets = b"", []
        for i, (param, value) in enumerate(zip(self._parameters, args)):
            payload += b"\0" * (-len(payload) % 16)
            offsets.append(len(payload))
            payload += _pack(self.name, param, i, value)
        host = _host.host()
        arrays = {id(a): a for a in args if isinstance(a, ndarray)}
        for a in arrays.values():
            a._host()  # an array of a device that has ended or was reset: DeviceLostError, before any launch
        file, line, frame = _host.caller_site()
        names = _caller_names(frame, arrays)
        del frame
        for key, a in arrays.items():
            root = a._base or a
            if root.name is None:  # name the allocation by the caller's variable, for findings
                root.name = names.get(key) or "argument %d of %s" % (args.index(a), self.name)
                host.request("name", address=root.data.ptr, name=root.name)
        answer, _ = host.request("launch", payload, kernel=self._address, grid=_dims(grid, "grid"),
                                 block=_dims(block, "block"), shared_mem=int(shared_mem), offsets=offsets,
                                 cooperative=bool(enable_cooperative_groups),
                                 settings=_settings.current(host.defaults, **settings))
        conclude(answer, self.module._sources, self.name, (file, line), settings)


def conclude(answer, sources, name, site, settings):
    """Raises what the kernel host's answer to a launch or call of `name` (from the Python line
    `site`) says went wrong: its findings (KernelError, unless kept), else its CUDA error; notes a
    reset of the device."""
    findings = [Finding.of(f, sources, site, _host.allocation_sites) for f in answer.get("findings", [])]
    if answer.get("reset"):
        _host.note_reset("%s in %s (%s:%d)" % (answer.get("error", "a sticky error"), name, site[0], site[1]))
    if findings and _settings.raising(**settings):
        error = KernelError(findings, *(driver_status(answer) if not answer["ok"] else ()))
    else:
        keep(findings)
        error = driver_error(answer) if not answer["ok"] else None
    if error is not None:
        if answer.get("reset"):
            error.args = (error.args[0] + "\nThe device was reset: arrays made before this launch are gone "
                          "(a GPU's context would be unusable until the process ends).",)
        raise error


def _cupy(backend):
    """CuPy, for backend="cupy"; the simulator's own backend is "sim"."""
    if backend not in ("sim", "cupy"):
        raise ValueError("backend must be 'sim' (the simulator) or 'cupy' (a GPU through CuPy), not %r" % (backend,))
    if backend == "sim":
        return None
    try:
        import cupy
    except ImportError as e:
        raise ImportError("backend='cupy' runs the kernel on a GPU through CuPy, which is not installed here") from e
    return cupy


class RawModule:
    """A CUDA string built for the simulator (as cupy.RawModule): ``get_function(name)`` gives a
    kernel; ``name_expressions`` names template instantiations ("scale<float>"). With
    backend="cupy", cupy.RawModule itself, for a GPU."""

    def __new__(cls, *, code, options=(), name_expressions=None, backend="sim", **kw):
        cupy = _cupy(backend)
        if cupy:
            return cupy.RawModule(code=code, options=tuple(options), name_expressions=name_expressions)
        return super().__new__(cls)

    def __init__(self, *, code, options=(), name_expressions=None, backend="sim", _label=None, fast=False):
        self._code = code
        self._names = list(name_expressions) if name_expressions else _build.kernel_names(code)
        self._label = _label or "<RawModule>"
        self._path, self._sources = _build.build({"kernel.cu": code}, self._names, [], options, fast,
                                                 {"kernel.cu": self._label})
        self._load()

    def _load(self):
        answer, self._generation = _host.load(self._path)
        self._entries = {k["name"]: k for k in answer["kernels"]}
        self._functions = {f["name"]: f for f in answer["functions"]}
        self._module = answer["module"]

    def get_function(self, name):
        if name not in self._entries:
            raise KeyError("%s has no kernel %r that cusim can launch by name (it has: %s); a template "
                           "instance must be named in name_expressions" % (self._label, name, ", ".join(self._entries) or "none"))
        return Function(self, name, self._entries[name])

    def get_global(self, name):
        """The address of a __device__ or __constant__ variable of the module (extern "C"), as
        cupy.RawModule.get_global gives it: ``cusim.ndarray(shape, dtype, memptr)`` over it is
        written with ``set()``, as cudaMemcpyToSymbol writes it."""
        answer, _ = _host.host().request("global", module=self._module, name=name)
        if not answer["ok"]:
            raise driver_error(answer)
        return MemoryPointer(answer["address"])


class RawKernel(Function):
    """A CUDA string's kernel (as cupy.RawKernel(code, name)), built on first use. With
    backend="cupy", cupy.RawKernel itself, for a GPU. fast=True: the fast build (no racecheck or
    initcheck; memcheck by guard pages only)."""

    def __new__(cls, code, name, options=(), backend="sim", **kw):
        cupy = _cupy(backend)
        if cupy:
            return cupy.RawKernel(code, name, tuple(options))
        return super().__new__(cls)

    def __init__(self, code, name, options=(), backend="sim", *, fast=False):
        self.code, self.name, self.options, self._fast = code, name, tuple(options), fast
        self._built = False

    def _build(self):
        base = self.name.split("<", 1)[0].strip()
        if not re.search(r"\b%s\b" % re.escape(base.split("::")[-1]), self.code):
            raise CUDADriverError("CUDA_ERROR_NOT_FOUND", "named symbol not found: the code has no kernel %r" % self.name)
        module = RawModule(code=self.code, options=self.options, name_expressions=[self.name],
                           _label="<RawKernel %s>" % self.name, fast=self._fast)
        Function.__init__(self, module, self.name, module._entries[self.name])
        self._built = True

    def compile(self):
        if not self._built:
            self._build()

    @property
    def num_parameters(self):
        self.compile()
        return len(self._parameters)

    def __call__(self, grid, block, args, **kw):
        self.compile()
        return Function.__call__(self, grid, block, args, **kw)

