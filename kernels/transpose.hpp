// Matrix transpose, row-major: out (cols x rows) = in (rows x cols) transposed. Any sizes.
//   transpose_naive: one thread per element; reads are coalesced, writes stride by `rows`.
//   transpose_tiled: a 32 x 32 tile goes through shared memory so that reads and writes are both
//                    coalesced; the tile is 32 x 33 floats, the padding column putting the column
//                    reads of the second half in 32 different banks. 32 x 8 threads per block,
//                    each moving 4 elements.
#pragma once
#include <cusim/cusim.hpp>

namespace cusim::kernels {

inline constexpr int kTransposeTile = 32;
inline constexpr int kTransposeRows = 8;

__global__ void transpose_naive_kernel(const float* in, float* out, int rows, int cols);
__global__ void transpose_tiled_kernel(const float* in, float* out, int rows, int cols);

cudaError_t transpose_naive(const float* in, float* out, int rows, int cols, cudaStream_t stream = 0);
cudaError_t transpose_tiled(const float* in, float* out, int rows, int cols, cudaStream_t stream = 0);

}  // namespace cusim::kernels
