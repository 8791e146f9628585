// A two-dimensional __shared__ tile with padding: a tiled transpose.
// EXPECT: transpose: ok
#include "check.cuh"

constexpr int TILE = 16;

__global__ void transpose(const float* in, float* out, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  if (x < n && y < n) tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if (x < n && y < n) out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

int main() {
  const int n = 40;
  float *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, n * n * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&out, n * n * sizeof(float)));
  for (int i = 0; i < n * n; ++i) in[i] = static_cast<float>(i);
  dim3 block(TILE, TILE), grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
  transpose<<<grid, block>>>(in, out, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) wrong += out[r * n + c] != in[c * n + r];
  report("transpose", wrong, 0);
  return 0;
}
