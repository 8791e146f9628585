// The two portable spellings under nvcc (CUDA backend), as the plain CUDA they stand for: nothing
// is added at run time. docs/ARCHITECTURE.md, "The CUDA backend".
#pragma once
#include <cuda_runtime.h>

// What kernels may use without including it themselves, as on the simulator (DESIGN §3: printf,
// assert, math from <cmath>), which brings these in with its kernel API.
#include <cassert>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>

// CUSIM_SHARED(float, tile, [16][16]);  is  __shared__ float tile[16][16];
// CUSIM_SHARED(int, count);             is  __shared__ int count;
#define CUSIM_SHARED(T, name, ...) __shared__ T name __VA_ARGS__
// CUSIM_EXTERN_SHARED(float, buf);      is  extern __shared__ float buf[];
#define CUSIM_EXTERN_SHARED(T, name) extern __shared__ T name[]

namespace cusim::detail {

// The grid argument: a dim3, or a number of blocks (converted as <<<n, ...>>> converts it).
using GridArg = dim3;

// The launch, as kernel<<<grid, block, shared_bytes, stream>>>(args...) compiles to: each argument
// converted to its parameter's type first (as the simulator's launch converts them), then
// cudaLaunchKernel with pointers to the converted values. Its return value is this launch's own
// error (an invalid configuration, a bad stream), also left as the last error as <<< >>> leaves
// it; an earlier error nobody collected is not mistaken for it. The cost is <<< >>>'s: nvcc's
// launch stub makes the same call (bench/gpu_launch_bench.cu measures it).
template <std::size_t Skip, class... Params, class Tuple, std::size_t... I>
cudaError_t launch_with(void (*kernel)(Params...), dim3 grid, dim3 block, std::size_t shared_bytes,
                        cudaStream_t stream, Tuple&& all, std::index_sequence<I...>) {
  std::tuple<std::decay_t<Params>...> converted(static_cast<std::decay_t<Params>>(std::get<Skip + I>(all))...);
  if constexpr (sizeof...(Params) == 0) {
    return cudaLaunchKernel(reinterpret_cast<const void*>(kernel), grid, block, nullptr, shared_bytes, stream);
  } else {
    void* pointers[] = {const_cast<void*>(static_cast<const void*>(&std::get<I>(converted)))...};
    return cudaLaunchKernel(reinterpret_cast<const void*>(kernel), grid, block, pointers, shared_bytes, stream);
  }
}

}  // namespace cusim::detail

#include "cusim/detail/launch_front.hpp"
