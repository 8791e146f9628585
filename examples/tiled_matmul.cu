// Matrix multiply with 16x16 tiles in shared memory: per tile, one barrier after loading the
// tiles and one after using them, so no thread overwrites a tile another thread still reads.
// Checks against a double-precision CPU product; sizes need not be multiples of 16.
#include <cstdio>
#include <cmath>
#include <cstdlib>
#include <vector>

constexpr int TILE = 16;

__global__ void matmul_tiled(const float* a, const float* b, float* c, int n) {
  __shared__ float ta[TILE][TILE];
  __shared__ float tb[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int t = 0; t < (n + TILE - 1) / TILE; ++t) {
    const int ka = t * TILE + tx, kb = t * TILE + ty;
    ta[ty][tx] = (row < n && ka < n) ? a[row * n + ka] : 0.0f;
    tb[ty][tx] = (kb < n && col < n) ? b[kb * n + col] : 0.0f;
    __syncthreads();
    for (int k = 0; k < TILE; ++k) acc += ta[ty][k] * tb[k][tx];
    __syncthreads();
  }
  if (row < n && col < n) c[row * n + col] = acc;
}

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 200;
  float *a, *b, *c;
  cudaMallocManaged(&a, n * n * sizeof(float));
  cudaMallocManaged(&b, n * n * sizeof(float));
  cudaMallocManaged(&c, n * n * sizeof(float));
  for (int i = 0; i < n * n; ++i) {
    a[i] = static_cast<float>((i * 7) % 13) - 6.0f;
    b[i] = static_cast<float>((i * 5) % 11) * 0.25f;
  }
  const dim3 block(TILE, TILE), grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
  matmul_tiled<<<grid, block>>>(a, b, c, n);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  double max_err = 0.0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      double ref = 0.0;
      for (int k = 0; k < n; ++k) ref += double(a[i * n + k]) * double(b[k * n + j]);
      max_err = std::fmax(max_err, std::fabs(ref - c[i * n + j]) / std::fmax(1.0, std::fabs(ref)));
    }
  printf("tiled matmul %dx%d (16x16 tiles): max relative error %.2e\n", n, n, max_err);
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  return max_err < 1e-5 ? 0 : 1;
}
