"""The exceptions of the package: the simulator's findings, compile errors, CUDA errors."""


class CUDADriverError(RuntimeError):
    """A CUDA error, named as CuPy's cupy.cuda.driver.CUDADriverError names it
    (``CUDA_ERROR_INVALID_VALUE: invalid argument``); ``.status`` is the CUDA error's name."""

    def __init__(self, status, message):
        super().__init__("%s: %s" % (status, message))
        self.status = status


class KernelError(CUDADriverError):
    """The simulator found something wrong in a launch: ``.findings`` holds each as data. It is a
    CUDADriverError too, whose ``.status`` is the error the launch ended with ("CUDA_SUCCESS" when
    the findings did not end it, as a race does not), so that code written for CuPy, which catches
    a GPU's CUDA_ERROR_ILLEGAL_ADDRESS, catches cusim's out-of-bounds finding too."""

    def __init__(self, findings, status="CUDA_SUCCESS", words="the launch ran to its end"):
        self.findings = list(findings)
        lines = ["cusim found %d problem%s (%s: %s):" % (len(self.findings), "" if len(self.findings) == 1 else "s",
                                                         status, words)]
        lines += ["  " + f.text.rstrip("\n").replace("\n", "\n  ") for f in self.findings]
        RuntimeError.__init__(self, "\n".join(lines))
        self.status = status


class CompileError(RuntimeError):
    """A CUDA string did not compile: the compiler's messages, at the lines of the string."""

    def __init__(self, message, log):
        super().__init__(message + "\n" + log)
        self.log = log


class DeviceLostError(RuntimeError):
    """The simulated device's process ended (a kernel killed it): its memory is gone."""


# The driver API's names for the runtime errors a launch can end with (CuPy launches through the
# driver API, so its users see these).
_DRIVER_NAMES = {
    "cudaErrorInvalidConfiguration": ("CUDA_ERROR_INVALID_VALUE", "invalid argument"),
    "cudaErrorInvalidValue": ("CUDA_ERROR_INVALID_VALUE", "invalid argument"),
    "cudaErrorLaunchOutOfResources": ("CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES", "too many resources requested for launch"),
    "cudaErrorIllegalAddress": ("CUDA_ERROR_ILLEGAL_ADDRESS", "an illegal memory access was encountered"),
    "cudaErrorMisalignedAddress": ("CUDA_ERROR_MISALIGNED_ADDRESS", "misaligned address"),
    "cudaErrorLaunchFailure": ("CUDA_ERROR_LAUNCH_FAILED", "unspecified launch failure"),
    "cudaErrorLaunchTimeout": ("CUDA_ERROR_LAUNCH_TIMEOUT", "the launch timed out and was terminated"),
    "cudaErrorAssert": ("CUDA_ERROR_ASSERT", "device-side assert triggered"),
    "cudaErrorMemoryAllocation": ("CUDA_ERROR_OUT_OF_MEMORY", "out of memory"),
    "cudaErrorCooperativeLaunchTooLarge": ("CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE",
                                           "too many blocks in cooperative launch"),
}


def driver_status(answer):
    """The driver API's name and words for a failed answer of the kernel host."""
    runtime_name = answer.get("error", "")
    return _DRIVER_NAMES.get(runtime_name, (runtime_name, answer.get("message", "")))


def driver_error(answer):
    """The CUDADriverError of a failed answer of the kernel host."""
    return CUDADriverError(*driver_status(answer))
