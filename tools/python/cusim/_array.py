"""Arrays in the simulated device's memory, as CuPy's ndarray is in a GPU's.

Their bytes live in cusim's device heap (cudaMalloc in the kernel host), so kernels' accesses to
them are checked exactly: bounds, initialisation, races. Like a GPU's memory, they are reached
from Python only by copying: ``get()`` / ``cusim.asnumpy`` and ``set()`` / ``cusim.asarray``.
Arrays are C-contiguous.
"""

import numpy

from . import _host
from ._errors import DeviceLostError, driver_error


class MemoryPointer:
    """The ``.data`` of an array, as CuPy's: ``.ptr`` is the device address."""

    def __init__(self, ptr):
        self.ptr = ptr

    def __int__(self):
        return self.ptr


def _checked(answer):
    if not answer.get("ok"):
        raise driver_error(answer)
    return answer


class ndarray:
    """An array in the simulated device's memory (C order)."""

    def __init__(self, shape, dtype=float, memptr=None, *, _base=None, _name=None):
        self.dtype = numpy.dtype(dtype)
        self.shape = tuple(int(n) for n in (shape if isinstance(shape, (tuple, list)) else (shape,)))
        if any(n < 0 for n in self.shape):
            raise ValueError("negative dimensions are not allowed")
        self.size = int(numpy.prod(self.shape, dtype=numpy.int64))
        self.nbytes = self.size * self.dtype.itemsize
        self._base = _base
        self.name = _name
        if memptr is not None:
            self._generation = _base._generation if _base is not None else _host.current_generation()
            self.data = memptr if isinstance(memptr, MemoryPointer) else MemoryPointer(int(memptr))
            self._owner = False
            return
        host = _host.host()
        self._generation = _host.generation
        fields = {"bytes": max(self.nbytes, 1)}
        if _name:
            fields["name"] = _name
        answer, _ = host.request("malloc", **fields)
        self.data = MemoryPointer(_checked(answer)["address"])
        self._owner = True
        if "serial" in answer:
            file, line, _ = _host.caller_site()
            _host.allocation_sites[answer["serial"]] = (file, line)

    # --- what NumPy and CuPy users read
    @property
    def ndim(self):
        return len(self.shape)

    @property
    def itemsize(self):
        return self.dtype.itemsize

    @property
    def strides(self):
        strides, step = [], self.itemsize
        for n in reversed(self.shape):
            strides.insert(0, step)
            step *= n
        return tuple(strides)

    @property
    def __cuda_array_interface__(self):
        return {"shape": self.shape, "typestr": self.dtype.str, "data": (self.data.ptr, False), "version": 3,
                "strides": None, "descr": self.dtype.descr}

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    def __repr__(self):
        return "cusim.ndarray(shape=%s, dtype=%s, ptr=0x%x)" % (self.shape, self.dtype, self.data.ptr)

    def __str__(self):
        return str(self.get())  # as CuPy's: the values

    def __array__(self, dtype=None, copy=None):
        a = self.get()
        return a if dtype is None else a.astype(dtype)

    # --- copies between the device and the host
    def _host(self):
        if self._generation != _host.current_generation():
            raise DeviceLostError("this array is gone: %s" % _host.lost_because)
        return _host.host()

    def get(self):
        """A NumPy copy of the array (as cupy.ndarray.get)."""
        out = numpy.empty(self.shape, self.dtype)
        if self.nbytes:
            answer, data = self._host().request("download", address=self.data.ptr, bytes=self.nbytes)
            _checked(answer)
            out.reshape(-1).view(numpy.uint8)[:] = numpy.frombuffer(data, numpy.uint8)
        return out

    def set(self, arr):
        """Copies a NumPy array of the same shape into this one (as cupy.ndarray.set)."""
        arr = numpy.ascontiguousarray(arr, dtype=self.dtype)
        if arr.shape != self.shape:
            raise ValueError("shape mismatch: %s into %s" % (arr.shape, self.shape))
        if self.nbytes:
            _checked(self._host().request("upload", arr.tobytes(), address=self.data.ptr)[0])

    def fill(self, value):
        self.set(numpy.full(self.shape, value, self.dtype))

    def copy(self):
        return array(self.get())

    def reshape(self, *shape):
        shape = shape[0] if len(shape) == 1 and isinstance(shape[0], (tuple, list)) else shape
        shape = numpy.broadcast_to(numpy.int8(0), (self.size,)).reshape(shape).shape  # NumPy's rules, -1 included
        return ndarray(shape, self.dtype, self.data, _base=self._base or self)

    def ravel(self):
        return self.reshape(self.size)

    def __del__(self):
        if getattr(self, "_owner", False) and self._generation == _host.current_generation():
            try:
                _host.host().request("free", address=self.data.ptr)
            except Exception:
                pass  # the interpreter is ending, or the device is gone: nothing left to free


def empty(shape, dtype=float, *, name=None):
    """Uninitialised device memory: a kernel that reads it before writing is an initcheck finding."""
    return ndarray(shape, dtype, _name=name)


def zeros(shape, dtype=float, *, name=None):
    a = ndarray(shape, dtype, _name=name)
    if a.nbytes:
        _checked(a._host().request("memset", address=a.data.ptr, value=0, bytes=a.nbytes)[0])
    return a


def ones(shape, dtype=float, *, name=None):
    return full(shape, 1, dtype, name=name)


def full(shape, fill_value, dtype=None, *, name=None):
    host_array = numpy.full(shape, fill_value, dtype)
    return array(host_array, name=name)


def array(obj, dtype=None, *, name=None):
    """A device copy of `obj` (a NumPy array, list or scalar, or a cusim array)."""
    host_array = numpy.ascontiguousarray(obj.get() if isinstance(obj, ndarray) else obj, dtype=dtype)
    a = ndarray(host_array.shape, host_array.dtype, _name=name)
    a.set(host_array)
    return a


def asarray(obj, dtype=None, *, name=None):
    """`obj` itself if it is a cusim array of that dtype, else a device copy of it."""
    if isinstance(obj, ndarray) and (dtype is None or numpy.dtype(dtype) == obj.dtype):
        return obj
    return array(obj, dtype, name=name)


def arange(*args, dtype=None):
    return array(numpy.arange(*args, dtype=dtype))


def empty_like(a, dtype=None):
    return empty(a.shape, dtype or a.dtype)


def zeros_like(a, dtype=None):
    return zeros(a.shape, dtype or a.dtype)


def asnumpy(a):
    """A NumPy copy of a cusim array (anything else through numpy.asarray), as cupy.asnumpy."""
    return a.get() if isinstance(a, ndarray) else numpy.asarray(a)
