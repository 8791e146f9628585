// Grid-stride map: out[i] = f(in[i]) for any element types and any function object f, with a grid
// sized to the device rather than to n; each thread steps by the grid's size. Header-only because
// it is a template: the kernel is instantiated, and in the checked build instrumented, in the
// program that uses it. f must be callable on the device (a struct with a __device__ operator()).
#pragma once
#include <cusim/cusim.hpp>

#include "launch_config.hpp"

namespace cusim::kernels {

template <class In, class Out, class F>
__global__ void map_kernel(const In* in, Out* out, int n, F f) {
  const int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) out[i] = f(in[i]);
}

// Launches map_kernel with 256 threads per block and at most 4 blocks per multiprocessor; `grid`
// (if non-zero) forces the number of blocks, e.g. to show one thread doing many elements.
template <class In, class Out, class F>
cudaError_t map(const In* in, Out* out, int n, F f, unsigned grid = 0, cudaStream_t stream = 0) {
  if (n <= 0) return cudaSuccess;
  constexpr unsigned threads = 256;
  const unsigned blocks = grid ? grid : grid_stride_blocks(n, threads);
  return cusim::launch(map_kernel<In, Out, F>, dim3(blocks), dim3(threads), 0, stream, in, out, n, f);
}

}  // namespace cusim::kernels
