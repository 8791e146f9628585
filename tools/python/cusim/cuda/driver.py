"""As cupy.cuda.driver: the error a failed launch raises."""
from .._errors import CUDADriverError

__all__ = ["CUDADriverError"]
