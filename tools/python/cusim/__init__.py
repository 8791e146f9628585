"""cusim for Python: CUDA C strings, written as for CuPy, run on the cusim simulator with every
check (docs/PYTHON.md).

    import cusim as cp          # or: import cupy as cp, on a machine with a GPU
    add = cp.RawKernel(r'''
    extern "C" __global__ void add(const float* a, const float* b, float* c, int n) {
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        if (i < n) c[i] = a[i] + b[i];
    }''', "add")
    a = cp.arange(1000, dtype=cp.float32); b = cp.ones(1000, dtype=cp.float32)
    c = cp.empty_like(a)
    add((4,), (256,), (a, b, c, cp.int32(1000)))
    print(cp.asnumpy(c)[:3])

A finding (a race, an out-of-bounds access, an uninitialised read...) raises cusim.KernelError,
whose .findings name the line of the string; a CUDA error raises cusim.cuda.driver.CUDADriverError
as CuPy's launch would.
"""

from numpy import (bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32,
                   float64, complex64, complex128)

from . import cuda
from ._array import (MemoryPointer, ndarray, array, asarray, asnumpy, empty, empty_like, zeros, zeros_like,
                     ones, full, arange)
from ._errors import CompileError, CUDADriverError, DeviceLostError, KernelError
from ._findings import Finding, findings
from ._inline import load_inline
from ._kernel import Function, RawKernel, RawModule
from ._settings import settings

__all__ = ["RawKernel", "RawModule", "Function", "ndarray", "MemoryPointer", "array", "asarray", "asnumpy",
           "empty", "empty_like", "zeros", "zeros_like", "ones", "full", "arange", "KernelError",
           "CompileError", "CUDADriverError", "DeviceLostError", "Finding", "findings", "settings", "cuda", "load_inline",
           "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "float32",
           "float64", "complex64", "complex128"]
