"""CuPy's cupy.cuda names that code written for CuPy catches: cusim.cuda.driver.CUDADriverError."""
from . import driver

__all__ = ["driver"]
