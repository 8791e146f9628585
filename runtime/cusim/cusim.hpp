// cusim.hpp — the one header a cusim program includes.
//
// Built with nvcc, kernels and host code see CUDA itself and the portable spellings below map to
// plain CUDA. Built with an ordinary C++ compiler, they run on the cusim simulator.
//
// The two portable spellings (everything else is spelled as in CUDA):
//   CUSIM_SHARED(T, name, dims)   for  __shared__ T name dims;      e.g. CUSIM_SHARED(float, t, [16][16]);
//   CUSIM_SHARED(T, name)         for  __shared__ T name;
//   CUSIM_EXTERN_SHARED(T, name)  for  extern __shared__ T name[];
//   cusim::launch(kernel, grid, block, [shared_bytes, [stream,]] args...)   for  kernel<<<...>>>(args...)
#pragma once

// CUSIM_SIMULATOR: 1 on the simulator, 0 on the CUDA backend; for code that needs the
// simulator's own API (findings, schedules, settings): #if CUSIM_SIMULATOR ... #endif
// nvcc is recognised by __NVCC__: on the simulator a CUDA source sees __CUDACC__ too, as under nvcc.
#if defined(__NVCC__) || defined(CUSIM_BACKEND_CUDA)
#define CUSIM_SIMULATOR 0
#else
#define CUSIM_SIMULATOR 1
#endif

#if defined(__NVCC__) && defined(__CUDACC__)
// nvcc: CUDA itself. Simulator-only API (cusim::settings, Schedule, Checks, findings) does not
// exist here, so code that needs it fails to compile rather than silently meaning nothing.
#include "cusim/detail/cuda_spellings.hpp"
#elif defined(__NVCC__) || defined(CUSIM_BACKEND_CUDA)
// Host-only sources of a CUDA-backend build (HOST_ONLY in cusim_add_executable), compiled by the
// C++ compiler: CUDA's runtime API; there is no launch without nvcc.
#include <cuda_runtime.h>
#else
#include "cusim/detail/types.hpp"
// Before the kernel API, whose built-in variables are macros in C++ sources (a struct member
// named gridDim, as cudaKernelNodeParams has, must be declared before those exist).
#include "cusim/detail/driver_types.hpp"
#include "cusim/detail/texture_types.hpp"
#include "cusim/detail/kernel_api.hpp"
#include "cusim/detail/texture_fetch.hpp"
#include "cusim/detail/texture_cubemap.hpp"
#include "cusim/detail/host_api.hpp"
#include "cusim/detail/launch.hpp"
#include "cusim/detail/cuda_launch.hpp"
#include "cusim/detail/kernel_entry.hpp"
#endif
#if !CUSIM_SIMULATOR
namespace cusim {
// Names an allocation for the simulator's statistics and access maps; nothing to do on a GPU.
inline void name_allocation(const void*, const char*) {}
}  // namespace cusim
#endif
// The RAII layer for C++ users (docs/RUNTIME.md): written against the CUDA runtime API only.
#include "cusim/cuda_error.hpp"
#include "cusim/device_buffer.hpp"
#include "cusim/managed_buffer.hpp"
#include "cusim/stream.hpp"
