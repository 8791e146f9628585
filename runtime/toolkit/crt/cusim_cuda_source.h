// What every CUDA source (.cu) sees first on the simulator, as nvcc's own preinclude is for it:
// nvcc's macros for a CUDA source, then the runtime (cuda_runtime.h). The translator's parse and
// the compile of the translated file both read it (tools/cusim-translate), so the two see the same
// code. Host C++ (.cpp) does not: nvcc defines __CUDACC__ for CUDA sources only.
// __CUDA_ARCH__: in device-only functions the translator writes it as __CUSIMARCH__, the
// architecture compiled for (that of the default profile, h100: 900); elsewhere it is undefined,
// as in nvcc's host pass (tools/cusim-translate/cuda_arch.hpp).
#pragma once
// Marks a CUDA source for cusim's headers: here the built-in variables (threadIdx...) are names
// that the translator rewrites (runtime/cusim/detail/kernel_api.hpp), not macros.
#define CUSIM_CUDA_SOURCE 1
#define __CUDACC__ 1
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 88
#ifndef __CUSIMARCH__
#define __CUSIMARCH__ 900
#endif
#include <cuda_runtime.h>
// Device-side malloc/free/new/delete, which the translator writes in device code.
#include "cusim/detail/device_malloc.hpp"
// Device-side printf, which the translator writes in device code.
#include "cusim/detail/device_printf.hpp"
