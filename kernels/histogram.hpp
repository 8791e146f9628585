// Histograms of integer values in [0, bins): hist[v] counts the elements equal to v. Both kernels
// add to `hist` (zero it first; the helpers do, with cudaMemsetAsync) and use grid-stride loops.
//   histogram_global: every element is one atomicAdd in global memory (contended when bins are few).
//   histogram_shared: each block counts into a private histogram in shared memory, then adds its
//                     bins to the global one: one global atomic per bin per block.
// Values outside [0, bins) are a precondition violation (memcheck reports the access).
#pragma once
#include <cusim/cusim.hpp>

namespace cusim::kernels {

__global__ void histogram_global_kernel(const int* values, int n, unsigned int* hist);
__global__ void histogram_shared_kernel(const int* values, int n, unsigned int* hist, int bins);

cudaError_t histogram_global(const int* values, int n, unsigned int* hist, int bins, cudaStream_t stream = 0);
// bins * 4 bytes of dynamic shared memory per block (at most 48 KiB: bins <= 12288).
cudaError_t histogram_shared(const int* values, int n, unsigned int* hist, int bins, cudaStream_t stream = 0);

}  // namespace cusim::kernels
