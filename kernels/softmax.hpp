// Row-wise softmax of a rows x cols float matrix, numerically stable: out[r][c] = exp(x[r][c] - m)
// / sum_j exp(x[r][j] - m), m the row's maximum, so no exp overflows whatever the inputs' size.
// One block per row; its threads stride over the columns, and the row's maximum and sum are
// block-wide reductions (warp shuffles, then one value per warp through shared memory).
// out may be in.
#pragma once
#include <cusim/cusim.hpp>

namespace cusim::kernels {

__global__ void softmax_rows_kernel(const float* in, float* out, int rows, int cols);
// Up to 256 threads per row (fewer, in whole warps, for short rows).
cudaError_t softmax_rows(const float* in, float* out, int rows, int cols, cudaStream_t stream = 0);

}  // namespace cusim::kernels
