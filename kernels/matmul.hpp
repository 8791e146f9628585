// Single-precision matrix product C = A * B, row-major: A is m x k, B is k x n, C is m x n.
// Any sizes (not only multiples of 16). One thread per element of C, 16 x 16 threads per block.
//   matmul_naive: each thread reads a row of A and a column of B from global memory.
//   matmul_tiled: each block stages 16 x 16 tiles of A and B in shared memory, so each element
//                 read from global memory is used 16 times; two barriers per tile (loaded / used).
#pragma once
#include <cusim/cusim.hpp>

namespace cusim::kernels {

inline constexpr int kMatmulTile = 16;

__global__ void matmul_naive_kernel(const float* a, const float* b, float* c, int m, int k, int n);
__global__ void matmul_tiled_kernel(const float* a, const float* b, float* c, int m, int k, int n);

cudaError_t matmul_naive(const float* a, const float* b, float* c, int m, int k, int n, cudaStream_t stream = 0);
cudaError_t matmul_tiled(const float* a, const float* b, float* c, int m, int k, int n, cudaStream_t stream = 0);

}  // namespace cusim::kernels
