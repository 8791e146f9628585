// cusim's <cuda_runtime.h>: the header nvcc includes in every .cu file, and that host code
// includes for the runtime API. On the simulator it is cusim itself (runtime/cusim/cusim.hpp).
// This folder (runtime/toolkit) holds cusim's versions of the CUDA toolkit's headers; it is on
// the include path of simulator builds only, so that the CUDA backend sees the real ones.
//
// CUDA's cuda_runtime.h brings in the headers below, whose include guards programs test to learn
// what is declared (helper_cuda.h defines its checkCudaErrors only under __CUDA_RUNTIME_H__ and
// its error names under __DRIVER_TYPES_H__); cusim declares what they declare, so it defines
// their guards too.
#pragma once
// First, before any standard header: C++20's lerp kept out of global scope (std_lerp.hpp).
#include <cusim/detail/std_lerp.hpp>
#ifndef __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_H__
#endif
#ifndef __CUDA_RUNTIME_API_H__
#define __CUDA_RUNTIME_API_H__
#endif
#ifndef __DRIVER_TYPES_H__
#define __DRIVER_TYPES_H__
#endif
#ifndef __DRIVER_FUNCTIONS_H__
#define __DRIVER_FUNCTIONS_H__
#endif
#ifndef __VECTOR_TYPES_H__
#define __VECTOR_TYPES_H__
#endif
#ifndef __VECTOR_FUNCTIONS_H__
#define __VECTOR_FUNCTIONS_H__
#endif
#ifndef __BUILTIN_TYPES_H__
#define __BUILTIN_TYPES_H__
#endif
#ifndef __HOST_DEFINES_H__
#define __HOST_DEFINES_H__
#endif
#ifndef __DEVICE_LAUNCH_PARAMETERS_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__
#endif
#include <cusim/cusim.hpp>
