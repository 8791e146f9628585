// Value types shared by kernels and host code on the simulator: CUDA's vector index types and
// error codes, with CUDA's names and numeric values.
#pragma once
#include <cstddef>

#include "cusim/detail/vector_types.hpp"  // uint3 (threadIdx, blockIdx) and the other vector types

struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};

// Every cudaError_t of CUDA 13, with CUDA's values (cuda_errors.def: the one list, which
// cudaGetErrorName and cudaGetErrorString also read).
enum cudaError {
#define CUSIM_CUDA_ERROR(name, value, text) name = value,
#include "cusim/detail/cuda_errors.def"
#undef CUSIM_CUDA_ERROR
};
using cudaError_t = cudaError;

// Streams and events are opaque handles, as in CUDA. The simulator never reuses a handle, so a
// destroyed one is recognised when it is used again.
struct CUstream_st;
using cudaStream_t = CUstream_st*;
struct CUevent_st;
using cudaEvent_t = CUevent_st*;

#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaEventInterprocess 0x04
#define cudaEventWaitDefault 0x00
#define cudaEventWaitExternal 0x01

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4,
};

#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02

// Every device attribute of CUDA 13, with CUDA's values (device_attributes.def).
enum cudaDeviceAttr {
#define CUSIM_DEVICE_ATTRIBUTE(name, value, answer) name = value,
#include "cusim/detail/device_attributes.def"
#undef CUSIM_DEVICE_ATTRIBUTE
};
