// 2-D convolution with a 3 x 3 filter over a height x width float image, row-major, zero outside
// the image: out[r][c] = sum over i, j in {-1, 0, 1} of w[i + 1][j + 1] * in[r + i][c + j].
// Each 16 x 16 block stages an 18 x 18 tile (its pixels and a one-pixel halo) in shared memory,
// so each input pixel is read from global memory about once instead of nine times.
#pragma once
#include <cusim/cusim.hpp>

namespace cusim::kernels {

struct Filter3x3 {
  float w[3][3];
};

inline constexpr int kStencilTile = 16;

__global__ void conv3x3_kernel(const float* in, float* out, int height, int width, Filter3x3 filter);
cudaError_t conv3x3(const float* in, float* out, int height, int width, const Filter3x3& filter,
                    cudaStream_t stream = 0);

}  // namespace cusim::kernels
