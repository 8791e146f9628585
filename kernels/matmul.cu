#include "matmul.hpp"

#include "launch_config.hpp"

namespace cusim::kernels {

namespace {
constexpr int T = kMatmulTile;

// 16 x 16 threads, one per element of C; grid.x covers the columns, grid.y the rows.
cudaError_t launch_matmul(void (*kernel)(const float*, const float*, float*, int, int, int), const float* a,
                          const float* b, float* c, int m, int k, int n, cudaStream_t stream) {
  if (m <= 0 || n <= 0) return cudaSuccess;
  const dim3 block(T, T), grid(blocks_for(n, T), blocks_for(m, T));
  return cusim::launch(kernel, grid, block, 0, stream, a, b, c, m, k, n);
}
}  // namespace

__global__ void matmul_naive_kernel(const float* a, const float* b, float* c, int m, int k, int n) {
  const int row = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= m || col >= n) return;  // no barrier below, so threads outside C may leave
  float acc = 0.0f;
  for (int i = 0; i < k; ++i) acc += a[row * k + i] * b[i * n + col];
  c[row * n + col] = acc;
}

__global__ void matmul_tiled_kernel(const float* a, const float* b, float* c, int m, int k, int n) {
  CUSIM_SHARED(float, ta, [T][T]);
  CUSIM_SHARED(float, tb, [T][T]);
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  float acc = 0.0f;
  // Threads outside C stay: they load zeros into the tiles and take part in every barrier.
  for (int t = 0; t < (k + T - 1) / T; ++t) {
    const int ka = t * T + tx, kb = t * T + ty;
    ta[ty][tx] = (row < m && ka < k) ? a[row * k + ka] : 0.0f;
    tb[ty][tx] = (kb < k && col < n) ? b[kb * n + col] : 0.0f;
    __syncthreads();  // both tiles are complete before anyone multiplies them
    for (int i = 0; i < T; ++i) acc += ta[ty][i] * tb[i][tx];
    __syncthreads();  // everyone is done with the tiles before the next ones overwrite them
  }
  if (row < m && col < n) c[row * n + col] = acc;
}

cudaError_t matmul_naive(const float* a, const float* b, float* c, int m, int k, int n, cudaStream_t stream) {
  return launch_matmul(matmul_naive_kernel, a, b, c, m, k, n, stream);
}

cudaError_t matmul_tiled(const float* a, const float* b, float* c, int m, int k, int n, cudaStream_t stream) {
  return launch_matmul(matmul_tiled_kernel, a, b, c, m, k, n, stream);
}

}  // namespace cusim::kernels
