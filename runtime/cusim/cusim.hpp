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

#if defined(__CUDACC__)
#error "cusim: the CUDA backend (nvcc) is not built yet (issue E4); compile with a C++ compiler for the simulator"
#else
#include "cusim/detail/types.hpp"
#include "cusim/detail/kernel_api.hpp"
#include "cusim/detail/host_api.hpp"
#include "cusim/detail/launch.hpp"
#endif
// The RAII layer for C++ users (docs/RUNTIME.md): written against the CUDA runtime API only.
#include "cusim/cuda_error.hpp"
#include "cusim/device_buffer.hpp"
#include "cusim/managed_buffer.hpp"
#include "cusim/stream.hpp"
