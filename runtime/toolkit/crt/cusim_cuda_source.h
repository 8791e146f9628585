// What every CUDA source (.cu) sees first on the simulator, as nvcc's own preinclude is for it:
// nvcc's macros for a CUDA source, then the runtime (cuda_runtime.h). The translator's parse and
// the compile of the translated file both read it (tools/cusim-translate), so the two see the same
// code. Host C++ (.cpp) does not: nvcc defines __CUDACC__ for CUDA sources only.
// __CUDA_ARCH__ stays undefined: cusim compiles a .cu file once, for host and device at once.
#pragma once
#define __CUDACC__ 1
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 88
#include <cuda_runtime.h>
