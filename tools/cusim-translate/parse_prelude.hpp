// Read by Clang alone, before the user's file (cusim-translate passes it with -include). The
// compiler that builds the translated file never reads it: for that compiler the qualifiers mean
// nothing (runtime/cusim/detail/kernel_api.hpp). It declares:
//
// 1. CUDA's qualifiers as Clang's CUDA attributes, so that Clang sees __shared__ variables and
//    <<< >>> launches as CUDA does, and the function Clang calls for a launch's configuration.
// 2. The C library that kernels call (printf, memcpy, the math functions...) as __device__
//    functions, as CUDA's own headers declare them: Clang lets a kernel call only device (or
//    host-device) functions. They come before the standard headers, so that <cmath>'s `using
//    ::sqrt` in namespace std brings both the host and the device function along.
// 3. cusim's own headers as __host__ __device__ (force_cuda_host_device): its kernel API
//    (atomicAdd, __shfl_sync...) is plain C++ that kernels and host code both call. The standard
//    headers those headers use are read first, outside that region, as Clang reads them for any
//    CUDA file (a class declared host in one place and host-device in another does not compile):
//    the list below is every standard header that cusim's headers include.
// No CUDA toolkit is read; Clang's own CUDA wrapper headers are left out (-nobuiltininc).
#pragma once
#define CUSIM_TRANSLATOR_PARSE 1
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
// An `alignas` written after __shared__, renamed before the parse (shared_alignas.hpp).
#define CUSIMAS(...) __attribute__((aligned(__VA_ARGS__)))

extern "C" {
typedef decltype(sizeof(0)) cusim_size_t;
__device__ int printf(const char*, ...);
__device__ void* memcpy(void*, const void*, cusim_size_t) noexcept;
__device__ void* memset(void*, int, cusim_size_t) noexcept;
__device__ void* memmove(void*, const void*, cusim_size_t) noexcept;
__device__ int memcmp(const void*, const void*, cusim_size_t) noexcept;
__device__ void* malloc(cusim_size_t) noexcept;
__device__ void free(void*) noexcept;
__device__ void __assert_fail(const char*, const char*, unsigned int, const char*) noexcept __attribute__((noreturn));
__device__ long clock() noexcept;  // CUDA's device clock(); the C library's is the host's
__device__ int abs(int) noexcept;
__device__ long labs(long) noexcept;
__device__ long long llabs(long long) noexcept;
#define CUSIM_DEVICE_MATH1(name) __device__ double name(double) noexcept; __device__ float name##f(float) noexcept;
#define CUSIM_DEVICE_MATH2(name) __device__ double name(double, double) noexcept; __device__ float name##f(float, float) noexcept;
CUSIM_DEVICE_MATH1(acos) CUSIM_DEVICE_MATH1(acosh) CUSIM_DEVICE_MATH1(asin) CUSIM_DEVICE_MATH1(asinh)
CUSIM_DEVICE_MATH1(atan) CUSIM_DEVICE_MATH1(atanh) CUSIM_DEVICE_MATH1(cbrt) CUSIM_DEVICE_MATH1(ceil)
CUSIM_DEVICE_MATH1(cos) CUSIM_DEVICE_MATH1(cosh) CUSIM_DEVICE_MATH1(erf) CUSIM_DEVICE_MATH1(erfc)
CUSIM_DEVICE_MATH1(exp) CUSIM_DEVICE_MATH1(exp2) CUSIM_DEVICE_MATH1(exp10) CUSIM_DEVICE_MATH1(expm1)
CUSIM_DEVICE_MATH1(fabs) CUSIM_DEVICE_MATH1(floor) CUSIM_DEVICE_MATH1(lgamma) CUSIM_DEVICE_MATH1(log)
CUSIM_DEVICE_MATH1(log10) CUSIM_DEVICE_MATH1(log1p) CUSIM_DEVICE_MATH1(log2) CUSIM_DEVICE_MATH1(logb)
CUSIM_DEVICE_MATH1(nearbyint) CUSIM_DEVICE_MATH1(rint) CUSIM_DEVICE_MATH1(round) CUSIM_DEVICE_MATH1(sin)
CUSIM_DEVICE_MATH1(sinh) CUSIM_DEVICE_MATH1(sqrt) CUSIM_DEVICE_MATH1(tan) CUSIM_DEVICE_MATH1(tanh)
CUSIM_DEVICE_MATH1(tgamma) CUSIM_DEVICE_MATH1(trunc) CUSIM_DEVICE_MATH1(j0) CUSIM_DEVICE_MATH1(j1)
CUSIM_DEVICE_MATH1(y0) CUSIM_DEVICE_MATH1(y1)
CUSIM_DEVICE_MATH2(atan2) CUSIM_DEVICE_MATH2(copysign) CUSIM_DEVICE_MATH2(fdim) CUSIM_DEVICE_MATH2(fmax)
CUSIM_DEVICE_MATH2(fmin) CUSIM_DEVICE_MATH2(fmod) CUSIM_DEVICE_MATH2(hypot) CUSIM_DEVICE_MATH2(nextafter)
CUSIM_DEVICE_MATH2(pow) CUSIM_DEVICE_MATH2(remainder)
__device__ double fma(double, double, double) noexcept;
__device__ float fmaf(float, float, float) noexcept;
__device__ double ldexp(double, int) noexcept;
__device__ float ldexpf(float, int) noexcept;
__device__ double scalbn(double, int) noexcept;
__device__ float scalbnf(float, int) noexcept;
__device__ double frexp(double, int*) noexcept;
__device__ float frexpf(float, int*) noexcept;
__device__ double modf(double, double*) noexcept;
__device__ float modff(float, float*) noexcept;
__device__ double remquo(double, double, int*) noexcept;
__device__ float remquof(float, float, int*) noexcept;
__device__ void sincos(double, double*, double*) noexcept;
__device__ double jn(int, double) noexcept;
__device__ float jnf(int, float) noexcept;
__device__ double yn(int, double) noexcept;
__device__ float ynf(int, float) noexcept;
__device__ void sincosf(float, float*, float*) noexcept;
__device__ int ilogb(double) noexcept;
__device__ int ilogbf(float) noexcept;
__device__ long lround(double) noexcept;
__device__ long lroundf(float) noexcept;
__device__ long long llround(double) noexcept;
__device__ long long llroundf(float) noexcept;
__device__ long lrint(double) noexcept;
__device__ long lrintf(float) noexcept;
__device__ long long llrint(double) noexcept;
__device__ long long llrintf(float) noexcept;
// glibc also declares these names (its own internals); cusim defines CUDA's meaning for them.
__device__ float __expf(float) noexcept;
__device__ float __logf(float) noexcept;
__device__ float __sinf(float) noexcept;
__device__ float __cosf(float) noexcept;
__device__ float __powf(float, float) noexcept;
__device__ float __exp10f(float) noexcept;
__device__ float __log2f(float) noexcept;
__device__ float __log10f(float) noexcept;
__device__ float __tanf(float) noexcept;
__device__ float __tanhf(float) noexcept;
__device__ void __sincosf(float, float*, float*) noexcept;
#undef CUSIM_DEVICE_MATH1
#undef CUSIM_DEVICE_MATH2
}

// C++20's lerp kept out of global scope, as the compile of the translated file has it.
#include <cusim/detail/std_lerp.hpp>
#include <cassert>
#include <cfenv>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <source_location>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>
// Placement new and its deletes for device code (an object built in shared memory), as CUDA's
// headers declare them beside <new>'s host ones.
__device__ inline void* operator new(cusim_size_t, void* p) noexcept { return p; }
__device__ inline void* operator new[](cusim_size_t, void* p) noexcept { return p; }
__device__ inline void operator delete(void*, void*) noexcept {}
__device__ inline void operator delete[](void*, void*) noexcept {}
#pragma clang force_cuda_host_device begin
#include <crt/cusim_cuda_source.h>
#pragma clang force_cuda_host_device end
extern "C" int __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared_bytes = 0, cudaStream_t stream = 0);
