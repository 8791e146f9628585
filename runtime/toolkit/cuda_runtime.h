// cusim's <cuda_runtime.h>: the header nvcc includes in every .cu file, and that host code
// includes for the runtime API. On the simulator it is cusim itself (runtime/cusim/cusim.hpp).
// This folder (runtime/toolkit) holds cusim's versions of the CUDA toolkit's headers; it is on
// the include path of simulator builds only, so that the CUDA backend sees the real ones.
#pragma once
#ifndef __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_H__
#endif
#include <cusim/cusim.hpp>
